/**
 * The owner's credentials in production (issue 13 item 1): the owner secret from the environment, sent either as
 * `Authorization: Bearer <secret>` (scripts, curl) or once to the sign-in form, which sets a session cookie
 * (HttpOnly, SameSite=Strict, Secure on an https public URL). The secret never travels in a URL, so it never lands
 * in a log. Comparisons take the same time whatever the input.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OWNER_SESSION_S } from '../../constants';

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

const macOf = (secret: string, exp: number): Buffer =>
  createHmac('sha256', secret).update(`owner-session\n${exp}`).digest();

/** A session token valid until `now` + OWNER_SESSION_S: its expiry and a MAC of it under the secret. */
export const sessionToken = (secret: string, now = Date.now()): string => {
  const exp = Math.floor(now / 1000) + OWNER_SESSION_S;
  return `${exp}.${macOf(secret, exp).toString('base64url')}`;
};

/** Whether `token` is a session token of `secret` that has not expired. */
export const validSession = (secret: string, token: string, now = Date.now()): boolean => {
  const m = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return false;
  const exp = Number(m[1]);
  return exp * 1000 > now && timingSafeEqual(macOf(secret, exp), Buffer.from(m[2], 'base64url'));
};

/** The value of cookie `name` in a Cookie header, or ''. */
export const cookieValue = (header: string | undefined, name: string): string => {
  for (const part of (header || '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
};

/** Whether the request comes from the owner: the secret as a bearer token, or a valid session cookie. */
export const isOwner = (req: IncomingMessage, auth: OwnerAuth, now = Date.now()): boolean => {
  const bearer = /^Bearer +(\S+)$/i.exec(req.headers.authorization || '');
  if (bearer) return isSecret(bearer[1], auth.secret);
  const token = cookieValue(req.headers.cookie, ownerCookieName(auth));
  return !!token && validSession(auth.secret, token, now);
};

/** The Set-Cookie header of a new session. */
export const sessionCookie = (auth: OwnerAuth, now = Date.now()): string =>
  `${ownerCookieName(auth)}=${sessionToken(auth.secret, now)}; Path=/; Max-Age=${OWNER_SESSION_S}; HttpOnly; ` +
  `SameSite=Strict${auth.secure ? '; Secure' : ''}`;

/** The Set-Cookie header that ends the session. */
export const endSessionCookie = (auth: OwnerAuth): string =>
  `${ownerCookieName(auth)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${auth.secure ? '; Secure' : ''}`;
