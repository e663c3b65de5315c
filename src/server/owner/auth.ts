/**
 * The owner's credentials in production (docs/decisions/owner-sessions.md): the owner secret from the environment, sent
 * either as `Authorization: Bearer <secret>` (scripts, curl) or once to the sign-in form, which sets a session cookie
 * (HttpOnly, SameSite=Strict, Secure on an https public URL). The secret never travels in a URL, so it never lands in a
 * log. Comparisons take the same time whatever the input.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OWNER_SESSION_S } from '../constants';

/** What the owner gate needs: the secret, and whether cookies are Secure (an https public URL). */
export interface OwnerAuth {
  secret: string;
  secure: boolean;
}

/** The session cookie's name: `__Host-` on https, so no subdomain or plain-http page can set or shadow it. */
export const ownerCookieName = (auth: OwnerAuth): string => (auth.secure ? '__Host-owner' : 'owner');

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether `given` is the secret, in time independent of where they differ (both hashed to 32 bytes first). */
export const isSecret = (given: string, secret: string): boolean => timingSafeEqual(digest(given), digest(secret));

/**
 * The MAC of a session issued at `issued` (ms). Its text names what it signs, so that a token of the old form
 * (`exp.mac`, its MAC over `owner-session\n<exp>`) is no token of this one: read as an issue time, its expiry would
 * outlive every sign-out.
 */
const macOf = (secret: string, issued: number): Buffer =>
  createHmac('sha256', secret).update(`owner-session\nissued ${issued}`).digest();

/**
 * A session token issued at `issued` (ms; the gate's issueTime): the issue time and a MAC of it under the secret.
 * It is valid OWNER_SESSION_S from then, and until a sign-out moves the store's "sessions valid after" time past it
 * (sessions.ts, docs/decisions/owner-sessions.md).
 */
export const sessionToken = (secret: string, issued = Date.now()): string =>
  `${issued}.${macOf(secret, issued).toString('base64url')}`;

/**
 * The issue time (ms) of `token` when it is a session token of `secret` that has not expired, else null. Whether a
 * sign-out has ended it since is the store's to say (sessions.ts).
 */
export const sessionIssued = (secret: string, token: string, now = Date.now()): number | null => {
  // One spelling per token: no leading zero, and the MAC compared as the text it is written as (base64url's last
  // character has spare bits that decoding would ignore).
  const m = /^([1-9]\d{0,14})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const issued = Number(m[1]);
  if (issued + OWNER_SESSION_S * 1000 <= now) return null;
  const want = Buffer.from(macOf(secret, issued).toString('base64url'));
  return timingSafeEqual(want, Buffer.from(m[2])) ? issued : null;
};

/** The value of cookie `name` in a Cookie header, or ''. */
export const cookieValue = (header: string | undefined, name: string): string => {
  for (const part of (header || '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
};

/** The secret a request sends as `Authorization: Bearer <secret>`, or null when it sends none. */
export const bearerOf = (req: IncomingMessage): string | null =>
  /^Bearer +(\S+)$/i.exec(req.headers.authorization || '')?.[1] ?? null;

/** The issue time of the request's session cookie when it is valid and unexpired (sessionIssued), else null. */
export const cookieSession = (req: IncomingMessage, auth: OwnerAuth, now = Date.now()): number | null => {
  const token = cookieValue(req.headers.cookie, ownerCookieName(auth));
  return token ? sessionIssued(auth.secret, token, now) : null;
};

/** The Set-Cookie header of a new session issued at `issued` (ms). */
export const sessionCookie = (auth: OwnerAuth, issued: number): string =>
  `${ownerCookieName(auth)}=${sessionToken(auth.secret, issued)}; Path=/; Max-Age=${OWNER_SESSION_S}; HttpOnly; ` +
  `SameSite=Strict${auth.secure ? '; Secure' : ''}`;

/** The Set-Cookie header that ends the session. */
export const endSessionCookie = (auth: OwnerAuth): string =>
  `${ownerCookieName(auth)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${auth.secure ? '; Secure' : ''}`;
