/**
 * The owner's door in production (docs/decisions/two-modes.md): a gate in front of every owner page (the studio, its
 * stage and the owner API, issue 33), answering 401 with a sign-in form to anyone without the owner secret (the API: a
 * JSON error, no page), and the sign-in and sign-out posts. Signing out ends every session of the owner, on every
 * process (sessions.ts, docs/decisions/owner-sessions.md); both posts are refused from another site's page
 * (docs/decisions/cross-site-posts.md). Demo mode has no gate: its owner pages are for the person at the machine.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OWNER_LOGIN_MAX, OWNER_LOGIN_WINDOW_MS } from '../constants';
import { readBody } from '../http/body';
import { sendJson } from '../http/json';
import { type Counter, counter } from '../db/counters';
import type { Limiters } from '../http/ratelimit';
import type { PagePolicy } from '../http/csp';
import { redirect, sendPage, sendText } from '../http/respond';
import { fromOwnOrigin, sameOrigin } from '../http/same-origin';
import { esc, page } from '../pages/html';
import type { Route } from '../route';
import type { Store } from '../store/types';
import { bearerOf, cookieSession, endSessionCookie, isSecret, type OwnerAuth, sessionCookie } from './auth';
import { endSessions, issueTime, sessionOpen } from './sessions';

/** Paths only the owner may open. */
const OWNER_PATH = /^\/(?:studio|owner\/api)(?:\/|$)/;
/** The owner API's paths: a script or the studio's own calls, answered JSON, never a page. */
const API_PATH = /^\/owner\/api(?:\/|$)/;
const LOGIN = '/owner/login';
const LOGOUT = '/owner/logout';
/** A sign-in form is one short field. */
const MAX_BODY = 4096;

/** Where to go after signing in: a path on this server (never `//host` or `/\host`), else the studio. */
export const safeNext = (next: string | null): string =>
  next && next.length <= 512 && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) ? next : '/studio';

/** The sign-in page, its styles under `nonce`; `note` says why it is shown again. */
export const loginPage = (next: string, note: string, nonce: string): string =>
  page(
    'Owner sign-in',
    `<main class="narrow"><h1>Owner sign-in</h1>
<p>This page belongs to the owner of this provider. Sign in with the owner secret (PROVIDER_OWNER_SECRET).</p>
${note ? `<p role="alert" class="bad">${esc(note)}</p>` : ''}
<form method="post" action="${LOGIN}">
<input type="hidden" name="next" value="${esc(next)}">
<p><label for="secret">Owner secret</label><br>
<input id="secret" name="secret" class="field wide" type="password" autocomplete="current-password" required
autofocus></p>
<p><button type="submit">Sign in</button></p>
</form></main>`,
    nonce,
  );

/**
 * The sign-in page posts to itself and is never framed; its post carries its origin (a sign-in from another origin
 * is refused), which a browser sends only under a referrer policy that allows it.
 */
const POLICY: PagePolicy = { form: ["'self'"], referrer: 'same-origin' };

const askToSignIn = (res: ServerResponse, next: string, status: number, note = '', head = false) =>
  sendPage(res, (n) => loginPage(next, note, n), {
    status,
    policy: POLICY,
    headers: { 'WWW-Authenticate': 'Bearer realm="owner"' },
    head,
  });

/** A client past the sign-in limit (its request body, if any, unread). */
const tooMany = (req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  sendText(res, 429, 'Too many sign-in attempts: wait a quarter of an hour.', { 'Retry-After': '900' });
};

/**
 * A sign-in or sign-out posted from another site's page (its body unread). The answer names the public URL: an owner
 * who opened the pages by another address (the server's own, behind the proxy) learns where to sign in.
 */
const crossSite = (req: IncomingMessage, res: ServerResponse, origin: string) => {
  req.resume();
  sendText(res, 403, `Owner sign-in and sign-out are posted from this provider's own pages only: ${origin}${LOGIN}`);
};

/** Reads and checks a sign-in post. */
const signIn = async (
  req: IncomingMessage,
  res: ServerResponse,
  auth: OwnerAuth,
  store: Store,
  limiter: Counter,
  key: string,
) => {
  // Every attempt counts, right or wrong: the secret cannot be guessed by volume. The count is in the store, so N
  // provider processes behind one proxy allow a client OWNER_LOGIN_MAX attempts in all, not N times as many.
  if (!(await limiter.hit(key))) return tooMany(req, res);
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] || '')) {
    req.resume();
    sendText(res, 415, 'Unsupported Media Type');
    return;
  }
  const body = await readBody(req, MAX_BODY);
  if (body === null) {
    sendText(res, 413, 'Payload Too Large', { Connection: 'close' });
    return;
  }
  const form = new URLSearchParams(body);
  const next = safeNext(form.get('next'));
  if (!isSecret(form.get('secret') || '', auth.secret)) {
    askToSignIn(res, next, 401, 'That is not the owner secret.');
    return;
  }
  res.setHeader('Set-Cookie', sessionCookie(auth, await issueTime(store)));
  redirect(res, next);
};

/** Who sent a request to the gate: the owner, someone else, or a client past the sign-in limit (body unread). */
type Who = 'owner' | 'stranger' | 'limited';

/**
 * Whether a request is the owner's: the secret as a bearer token (not a session: no sign-out ends it), or a session
 * cookie, valid, unexpired and issued after the last sign-out (read from the store each time, so a sign-out through
 * any process counts on the next request here).
 */
const whoIs = async (
  req: IncomingMessage,
  auth: OwnerAuth,
  store: Store,
  limiter: Counter,
  client: (req: IncomingMessage) => string,
): Promise<Who> => {
  // A secret sent as a bearer header is a sign-in attempt too, counted with the form's: counted before it is read
  // (one atomic hit, so parallel guesses cannot all slip under the limit), and a client past the limit is refused
  // whatever it sends, else the one answer that is not a 429 would tell a guesser the secret. The right secret is
  // taken back off the count: a script of the owner's may send it on every request.
  const key = req.headers.authorization ? client(req) : '';
  if (key && !(await limiter.hit(key))) return 'limited';
  const bearer = bearerOf(req);
  let owner: boolean;
  if (bearer !== null) owner = isSecret(bearer, auth.secret);
  else {
    const issued = cookieSession(req, auth);
    owner = issued !== null && (await sessionOpen(store, issued));
  }
  if (owner && key) await limiter.refund(key);
  return owner ? 'owner' : 'stranger';
};

/**
 * Signs out: the owner's sign-out (a session of theirs, or the bearer secret) ends every session issued so far, on
 * every process; anyone's clears the cookie of the browser that sent it, as it always did. A stranger's post ends
 * nothing else: else any client could sign the owner out again and again.
 */
const signOut = async (req: IncomingMessage, res: ServerResponse, auth: OwnerAuth, store: Store, who: Who) => {
  if (who === 'limited') return tooMany(req, res);
  req.resume();
  if (who === 'owner') await endSessions(store);
  res.setHeader('Set-Cookie', endSessionCookie(auth));
  redirect(res, LOGIN);
};

/**
 * The gate and the sign-in routes, placed before the owner pages. Sign-in attempts are counted per client in
 * `store` (src/server/db/counters.ts), always, whatever the submit limits: the session itself is a signed cookie
 * (auth.ts), valid on every process that has the same secret until a sign-out on any of them (sessions.ts).
 */
export const ownerRoutes = (auth: OwnerAuth, store: Store, limits: Pick<Limiters, 'client'>): Route => {
  const limiter = counter(store, 'owner-login', { max: OWNER_LOGIN_MAX, windowMs: OWNER_LOGIN_WINDOW_MS });
  return async (req, res, url, ctx) => {
    const path = url.pathname;
    if (path !== LOGIN && path !== LOGOUT && !OWNER_PATH.test(path)) return false;
    // docs/decisions/cross-site-posts.md: no other site's page may post a sign-out (the owner signed out by any page
    // they visit) or a sign-in (guesses of the secret sent from each visitor's browser, so from as many addresses as
    // the page has visitors, and spending the owner's own sign-in limit). The provider's own origin is the public URL's
    // (production has one: site.ts), never a request header's Host.
    const ownPost = req.method !== 'POST' || fromOwnOrigin(req, (o) => sameOrigin(o, ctx.site.origin));
    if (path === LOGIN) {
      if (req.method === 'POST') {
        if (!ownPost) crossSite(req, res, ctx.site.origin);
        else await signIn(req, res, auth, store, limiter, limits.client(req));
      } else if (req.method === 'GET' || req.method === 'HEAD')
        sendPage(res, (n) => loginPage(safeNext(url.searchParams.get('next')), '', n), {
          policy: POLICY,
          head: req.method === 'HEAD',
        });
      else sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
      return true;
    }
    if (path === LOGOUT) {
      if (req.method !== 'POST') sendText(res, 405, 'Method Not Allowed', { Allow: 'POST' });
      else if (!ownPost) crossSite(req, res, ctx.site.origin);
      else await signOut(req, res, auth, store, await whoIs(req, auth, store, limiter, limits.client));
      return true;
    }
    const who = await whoIs(req, auth, store, limiter, limits.client);
    if (who === 'owner') return false;
    if (who === 'limited') tooMany(req, res);
    else {
      req.resume();
      if (API_PATH.test(path))
        sendJson(
          res,
          401,
          { error: 'Sign in first: send the owner secret as Authorization: Bearer, or the session cookie.' },
          { 'WWW-Authenticate': 'Bearer realm="owner"' },
        );
      else askToSignIn(res, safeNext(path + url.search), 401, '', req.method === 'HEAD');
    }
    return true;
  };
};
