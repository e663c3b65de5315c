/**
 * The owner's sign-in in production (issue 32 items 5 to 8), over real HTTP on the store of the pass (SQLite, or
 * PostgreSQL in server-pg): signing out ends every session, a cookie copied before the sign-out included, on every
 * provider process on the store; the sign-in and sign-out posts are refused from another site's page; a guessable
 * owner secret does not start production. The rest of the owner's door (the gate, the cookie's flags, the sign-in
 * limit) is test/server/modes.test.ts's.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_LOGIN_MAX } from '../../src/server/constants';
import { type Provider, startProvider } from '../../src/server/app';
import { endSessions, issueTime, sessionOpen, sessionsEndedAt } from '../../src/server/owner/sessions';
import { freshTarget, PRODUCTION, type Reply, request, startPair, type TestPair } from './helpers';
import { runMain } from './processes';

const PROD = PRODUCTION;
const SECRET = PROD.ownerSecret;
const PUBLIC = PROD.publicUrl;
/** What a browser sends with a post from one of the provider's own pages. */
const OWN_PAGE = { Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' };
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Two providers on one store, as two processes behind one proxy. */
let pair: TestPair;
let a: Provider;
let b: Provider;

test.before(async () => {
  pair = await startPair(PROD);
  ({ a, b } = pair);
});
test.after(() => pair?.cleanup());

/**
 * The client address of the posts of the test running: each test its own (127.0.0.0/8 is all this machine), so the
 * sign-ins of one do not spend the sign-in limit of the next.
 */
let from = '127.0.0.1';
const signIn = (p: Provider, headers: Record<string, string> = OWN_PAGE, secret = SECRET) =>
  request(p.origin, '/owner/login', {
    method: 'POST',
    headers: { ...FORM, ...headers },
    body: new URLSearchParams({ secret, next: '/studio' }).toString(),
    localAddress: from,
  });
const signOut = (p: Provider, headers: Record<string, string> = {}) =>
  request(p.origin, '/owner/logout', { method: 'POST', headers: { ...OWN_PAGE, ...headers }, localAddress: from });
/** The session cookie (name=value) a sign-in answer sets. */
const cookieOf = (r: Reply): string => {
  assert.is(r.status, 303, r.text);
  return String(r.headers['set-cookie']).split(';')[0];
};
const preview = (p: Provider, headers: Record<string, string>) =>
  request(p.origin, '/studio', { headers }).then((r) => r.status);

test(`signing out through one provider ends every session on both, a cookie copied before it included; \
the bearer secret is no session; a new sign-in opens the pages again at once`, async () => {
  from = '127.0.0.11';
  const mine = cookieOf(await signIn(a));
  // The thief's copy of another session of the owner's, taken before the sign-out.
  const stolen = cookieOf(await signIn(b));
  for (const p of [a, b]) {
    assert.is(await preview(p, { Cookie: mine }), 200);
    assert.is(await preview(p, { Cookie: stolen }), 200);
  }
  const out = await signOut(b, { Cookie: mine });
  assert.is(out.status, 303);
  assert.is(out.headers.location, '/owner/login');
  assert.match(String(out.headers['set-cookie']), /^__Host-owner=; Path=\/; Max-Age=0;/);
  // The very next request, on the process that signed out and on the other one.
  for (const p of [a, b])
    for (const c of [stolen, mine]) assert.is(await preview(p, { Cookie: c }), 401, `${p.origin} ${c}`);
  for (const p of [a, b]) assert.is(await preview(p, { Authorization: `Bearer ${SECRET}` }), 200);
  // Signed in again right after, through either: the new session opens both.
  const again = cookieOf(await signIn(a));
  for (const p of [a, b]) assert.is(await preview(p, { Cookie: again }), 200);
  assert.is(await preview(b, { Cookie: stolen }), 401);
});

test('the studio offers the sign-out as what it is: a button that signs out everywhere', async () => {
  from = '127.0.0.18';
  const mine = cookieOf(await signIn(a));
  const page = await request(a.origin, '/studio', { headers: { Cookie: mine } });
  assert.match(
    page.text,
    new RegExp(
      '<form method="post" action="/owner/logout">' +
        '<button type="submit" class="secondary">Sign out everywhere</button>',
    ),
  );
});

test(`a sign-out by anyone but the owner clears that browser's cookie and ends nothing else; \
the bearer secret signs out everywhere`, async () => {
  from = '127.0.0.12';
  const mine = cookieOf(await signIn(a));
  const strangers: Record<string, string>[] = [
    {},
    { Cookie: `__Host-owner=1.${'A'.repeat(43)}` },
    { Authorization: 'Bearer wrong' },
  ];
  for (const headers of strangers) {
    const r = await signOut(b, headers);
    assert.is(r.status, 303, JSON.stringify(headers));
    assert.match(String(r.headers['set-cookie']), /Max-Age=0/);
    assert.is(await preview(a, { Cookie: mine }), 200, JSON.stringify(headers));
  }
  // A script (no Origin, no Sec-Fetch-Site) with the secret.
  const r = await request(b.origin, '/owner/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${SECRET}` },
  });
  assert.is(r.status, 303);
  assert.is(await preview(a, { Cookie: mine }), 401);
});

test('an old-form session (expiry.mac) is refused: read as an issue time it would outlive every sign-out', async () => {
  from = '127.0.0.13';
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const old = `${exp}.${createHmac('sha256', SECRET).update(`owner-session\n${exp}`).digest('base64url')}`;
  assert.is(await preview(a, { Cookie: `__Host-owner=${old}` }), 401);
  // And one spelling per token: a leading zero is no token.
  const [name, token] = cookieOf(await signIn(a)).split('=');
  assert.is(await preview(a, { Cookie: `${name}=${token}` }), 200);
  assert.is(await preview(a, { Cookie: `${name}=0${token}` }), 401);
});

test(`the store's sign-out time: a sign-out ends sessions issued at or before it, in the same millisecond too; \
a sign-in on a process whose clock is behind still opens the pages`, async () => {
  from = '127.0.0.14';
  const t = (await sessionsEndedAt(a.store)) + 1_000_000;
  assert.is(await endSessions(a.store, t), t);
  assert.is(await sessionsEndedAt(b.store), t, 'the other process reads it');
  assert.not.ok(await sessionOpen(b.store, t), 'issued in the same millisecond as the sign-out');
  assert.ok(await sessionOpen(b.store, t + 1));
  // A sign-in on a process whose clock is 5 s behind the one that signed out.
  const issued = await issueTime(b.store, t - 5000);
  assert.is(issued, t + 1);
  assert.ok(await sessionOpen(a.store, issued));
  // A sign-out on that slow process still ends that session: the time moves at least one past where it stood.
  assert.is(await endSessions(b.store, t - 5000), t + 1);
  assert.not.ok(await sessionOpen(a.store, issued));
  // Two at once, through both: each moves it.
  const [x, y] = await Promise.all([endSessions(a.store, t), endSessions(b.store, t)]);
  assert.equal([x, y].sort(), [t + 2, t + 3]);
});

test(`sign-in posts from another site's page are refused with 403, uncounted and without a cookie, \
even with the right secret`, async () => {
  from = '127.0.0.15';
  const cross: Record<string, string>[] = [
    { 'Sec-Fetch-Site': 'cross-site' },
    // A page on a sibling subdomain is another site to the owner pages.
    { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.example.com' },
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { Origin: 'http://list.example.com' },
    { Origin: 'https://list.example.com.evil.example' },
    { Origin: PUBLIC, 'Sec-Fetch-Site': 'cross-site' },
    // The provider's own origin is the public URL's, never the Host header's.
    { Host: 'evil.example', Origin: 'https://evil.example' },
    { Origin: a.origin },
  ];
  for (let round = 0; round < 2; round++)
    for (const headers of cross) {
      const r = await signIn(a, headers);
      assert.is(r.status, 403, JSON.stringify(headers));
      assert.match(r.text, /posted from this provider's own pages only: https:\/\/list\.example\.com\/owner\/login$/);
      assert.is(r.headers['set-cookie'], undefined, JSON.stringify(headers));
    }
  assert.ok(2 * cross.length > OWNER_LOGIN_MAX, 'more refused posts than the sign-in limit');
  // The provider's own pages (however its origin is written), a typed request, and a client that is no browser.
  const own: Record<string, string>[] = [
    OWN_PAGE,
    { Origin: 'https://LIST.example.com:443', 'Sec-Fetch-Site': 'same-origin' },
    { 'Sec-Fetch-Site': 'none' },
    {},
  ];
  for (const headers of own)
    assert.match(cookieOf(await signIn(a, headers)), /^__Host-owner=\d+\./, JSON.stringify(headers));
});

test(`sign-out posts from another site's page are refused with 403 and no cookie: the session stays open`, async () => {
  from = '127.0.0.16';
  const mine = cookieOf(await signIn(a));
  for (const headers of [
    { 'Sec-Fetch-Site': 'cross-site', Origin: '' },
    { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.example.com' },
    { Origin: 'https://evil.example', 'Sec-Fetch-Site': '' },
    { Origin: 'null', 'Sec-Fetch-Site': '' },
  ]) {
    const sent = Object.fromEntries(Object.entries({ ...OWN_PAGE, ...headers }).filter(([, v]) => v));
    const r = await request(b.origin, '/owner/logout', { method: 'POST', headers: { ...sent, Cookie: mine } });
    assert.is(r.status, 403, JSON.stringify(sent));
    assert.is(r.headers['set-cookie'], undefined);
    assert.is(await preview(a, { Cookie: mine }), 200, JSON.stringify(sent));
  }
  // A post with neither header (curl) signs out as it always did.
  const r = await request(b.origin, '/owner/logout', { method: 'POST', headers: { Cookie: mine } });
  assert.is(r.status, 303);
  assert.is(await preview(a, { Cookie: mine }), 401);
});

test('production refuses a guessable owner secret (issue 32 item 8), saying how to make one; random runs', async () => {
  from = '127.0.0.17';
  const d = mkdtempSync(join(tmpdir(), 'owner-auth-'));
  const dbPath = join(d, 'never.sqlite');
  const how = /PROVIDER_OWNER_SECRET is guessable: it .+ Make one at random, e\.g\. `openssl rand -hex 24`/;
  try {
    for (const ownerSecret of ['aaaaaaaaaaaaaaaa', '1234567890123456', 'abcabcabcabcabcabc']) {
      const err = await startProvider({ dbPath, distDir: d, quiet: true, ...PROD, ownerSecret }).then(
        (s) => s.close().then(() => null),
        (e: Error) => e,
      );
      assert.match(err?.message || 'started', how, ownerSecret);
      const r = await runMain('main.mjs', {
        PORT: '0',
        PROVIDER_MODE: 'production',
        PROVIDER_PUBLIC_URL: PUBLIC,
        PROVIDER_OWNER_SECRET: ownerSecret,
        PROVIDER_DB: dbPath,
        DATABASE_URL: '',
      });
      assert.is(r.code, 2, r.out);
      assert.match(r.out, how);
      assert.not.ok(r.out.includes(ownerSecret), 'the secret is never printed');
      assert.not.match(r.out, /listening on/);
    }
    assert.not.ok(existsSync(dbPath), 'nothing was opened');
    const place = await freshTarget(d, 'random.sqlite');
    const ok = await startProvider({
      ...place.options,
      distDir: d,
      quiet: true,
      ...PROD,
      ownerSecret: randomBytes(24).toString('hex'),
    });
    await ok.close();
    await place.drop();
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});

test.run();
