/**
 * The owner's door in production (issue 13 item 1): a gate in front of every owner page (the studio, its stage and
 * the owner API, issue 33), answering 401 with a sign-in form to anyone without the owner secret (the API: a JSON
 * error, no page), and the sign-in and sign-out posts.
 * Demo mode has no gate: its owner pages are for the person at the machine.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OWNER_LOGIN_MAX, OWNER_LOGIN_WINDOW_MS } from '../../constants';
import { readBody } from '../http/body';
import { sendJson } from '../http/json';
import { type Counter, counter } from '../db/counters';
import type { Limiters } from '../http/ratelimit';
import { redirect, sendPage, sendText } from '../http/respond';
import { esc, page } from '../pages/html';
import type { Route } from '../route';
import type { Store } from '../store/types';
import { endSessionCookie, isOwner, isSecret, type OwnerAuth, sessionCookie } from './auth';

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

/** The sign-in page posts to itself and is never framed. */
const POLICY = { form: ["'self'"] };

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

/** Reads and checks a sign-in post. */
const signIn = async (req: IncomingMessage, res: ServerResponse, auth: OwnerAuth, limiter: Counter, key: string) => {
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
  res.setHeader('Set-Cookie', sessionCookie(auth));
  redirect(res, next);
};

/**
 * The gate and the sign-in routes, placed before the owner pages. Sign-in attempts are counted per client in
 * `store` (src/server/db/counters.ts), always, whatever the submit limits: the session itself is a signed cookie
 * (auth.ts), valid on every process that has the same secret.
 */
export const ownerRoutes = (auth: OwnerAuth, store: Store, limits: Pick<Limiters, 'client'>): Route => {
  const limiter = counter(store, 'owner-login', { max: OWNER_LOGIN_MAX, windowMs: OWNER_LOGIN_WINDOW_MS });
  return async (req, res, url) => {
    const path = url.pathname;
    if (path === LOGIN) {
      if (req.method === 'POST') await signIn(req, res, auth, limiter, limits.client(req));
      else if (req.method === 'GET' || req.method === 'HEAD')
        sendPage(res, (n) => loginPage(safeNext(url.searchParams.get('next')), '', n), {
          policy: POLICY,
          head: req.method === 'HEAD',
        });
      else sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
      return true;
    }
    if (path === LOGOUT) {
      if (req.method !== 'POST') sendText(res, 405, 'Method Not Allowed', { Allow: 'POST' });
      else {
        req.resume();
        res.setHeader('Set-Cookie', endSessionCookie(auth));
        redirect(res, LOGIN);
      }
      return true;
    }
    if (!OWNER_PATH.test(path)) return false;
    // A secret sent as a bearer header is a sign-in attempt too, counted with the form's: counted before it is read
    // (one atomic hit, so parallel guesses cannot all slip under the limit), and a client past the limit is refused
    // whatever it sends, else the one answer that is not a 429 would tell a guesser the secret. The right secret is
    // taken back off the count: a script of the owner's may send it on every request.
    const key = req.headers.authorization ? limits.client(req) : '';
    if (key && !(await limiter.hit(key))) {
      tooMany(req, res);
      return true;
    }
    if (isOwner(req, auth)) {
      if (key) await limiter.refund(key);
      return false;
    }
    req.resume();
    if (API_PATH.test(path))
      sendJson(
        res,
        401,
        { error: 'Sign in first: send the owner secret as Authorization: Bearer, or the session cookie.' },
        {
          'WWW-Authenticate': 'Bearer realm="owner"',
        },
      );
    else askToSignIn(res, safeNext(path + url.search), 401, '', req.method === 'HEAD');
    return true;
  };
};
