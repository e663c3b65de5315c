/**
 * Demo and production (issue 13 item 1), over real HTTP: production refuses to start without a public URL and an
 * owner secret, has no mailbox and no demo pages, and opens the owner pages only to the owner secret (a bearer
 * header, or a sign-in that sets an HttpOnly, SameSite=Strict, Secure cookie); demo bound beyond loopback warns.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_LOGIN_MAX, OWNER_SESSION_S } from '../../src/server/constants';
import { startProvider } from '../../src/server/app';
import { sessionToken } from '../../src/server/owner/auth';
import { call, callQuery, form, freshTarget, request, startTest, type TestProvider } from './helpers';
import { runMain } from './processes';

const SECRET = 'owner-secret-for-the-tests-0123456789';
const PROD = { mode: 'production', publicUrl: 'https://list.example.com', ownerSecret: SECRET } as const;
let p: TestProvider;

test.before(async () => {
  p = await startTest(PROD);
});
test.after(async () => {
  await p.cleanup();
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const SMS = `/studio/forms/${form('sms').lid}/${form('sms').fId}`;
const signIn = (secret: string, next = `${SMS}?lang=fr`, t = p) =>
  request(t.origin, '/owner/login', {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ secret, next }) + '',
  });

test('production refuses to start without a public URL, without an owner secret, or with a weak one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modes-'));
  const dbPath = join(dir, 'never.sqlite');
  try {
    const cases: [Record<string, string>, RegExp][] = [
      [{ mode: 'production', ownerSecret: SECRET }, /PROVIDER_PUBLIC_URL/],
      [{ mode: 'production', publicUrl: 'https://list.example.com' }, /PROVIDER_OWNER_SECRET/],
      [{ ...PROD, ownerSecret: 'short' }, /PROVIDER_OWNER_SECRET, at least 16/],
      [{ ...PROD, publicUrl: 'list.example.com' }, /PROVIDER_PUBLIC_URL/],
      [{ ...PROD, publicUrl: 'https://list.example.com/path' }, /without a path/],
      [{ ...PROD, publicUrl: 'ftp://list.example.com' }, /http\(s\)/],
      [{ mode: 'staging' }, /mode/],
    ];
    for (const [o, why] of cases) {
      const err = await startProvider({ dbPath, distDir: dir, quiet: true, ...o } as never).then(
        (s) => s.close().then(() => null),
        (e: Error) => e,
      );
      assert.ok(err, `started with ${JSON.stringify(o)}`);
      assert.match(err!.message, why);
    }
    assert.not.ok(existsSync(dbPath), 'nothing was opened');
    // `npm start` (the built main.mjs) says why and exits non-zero, without listening.
    for (const [env, why] of [
      [{ PROVIDER_MODE: 'production', PROVIDER_OWNER_SECRET: SECRET }, /PROVIDER_PUBLIC_URL/],
      [{ PROVIDER_MODE: 'production', PROVIDER_PUBLIC_URL: 'https://list.example.com' }, /PROVIDER_OWNER_SECRET/],
      [{ PROVIDER_MODE: 'prod' }, /PROVIDER_MODE must be/],
    ] as const) {
      const r = await run({ ...env, PROVIDER_DB: dbPath, DATABASE_URL: '' });
      assert.ok(r.code !== 0, JSON.stringify(env));
      assert.match(r.out, why);
      assert.not.match(r.out, /listening on/);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('production refuses an owner secret that is blank or has whitespace around it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modes-'));
  const dbPath = join(dir, 'never.sqlite');
  try {
    const cases: [string, RegExp][] = [
      [' '.repeat(24), /PROVIDER_OWNER_SECRET is blank/],
      ['\t\n'.repeat(12), /PROVIDER_OWNER_SECRET is blank/],
      [` ${SECRET}`, /PROVIDER_OWNER_SECRET starts or ends with whitespace/],
      [`${SECRET}\n`, /PROVIDER_OWNER_SECRET starts or ends with whitespace/],
    ];
    for (const [ownerSecret, why] of cases) {
      const err = await startProvider({ dbPath, distDir: dir, quiet: true, ...PROD, ownerSecret }).then(
        (s) => s.close().then(() => null),
        (e: Error) => e,
      );
      assert.match(err?.message || 'started', why, JSON.stringify(ownerSecret));
      const r = await run({
        ...PRODUCTION_ENV,
        PROVIDER_OWNER_SECRET: ownerSecret,
        PROVIDER_DB: dbPath,
        DATABASE_URL: '',
      });
      assert.is(r.code, 2, r.out);
      assert.match(r.out, why);
      assert.not.match(r.out, /listening on/);
    }
    assert.not.ok(existsSync(dbPath), 'nothing was opened');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** npm start's environment of PROD. */
const PRODUCTION_ENV = {
  PROVIDER_MODE: 'production',
  PROVIDER_PUBLIC_URL: PROD.publicUrl,
  PROVIDER_OWNER_SECRET: SECRET,
};

/** Runs the built main.mjs on a free port with `env` until it exits or prints its address (then stops it). */
const run = (env: Record<string, string>) =>
  runMain('main.mjs', { PORT: '0', PROVIDER_MODE: '', PROVIDER_PUBLIC_URL: '', PROVIDER_OWNER_SECRET: '', ...env });

test('npm start says which mode it is in and what it serves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modes-'));
  // On the store of this pass: a SQLite file, or (server-pg) a schema of its own.
  const places = [await freshTarget(dir, 'demo.sqlite'), await freshTarget(dir, 'prod.sqlite')];
  try {
    const demo = await run(places[0].env);
    assert.match(demo.out, /listening on http:\/\/127\.0\.0\.1:\d+ in DEMO mode/);
    assert.match(demo.out, /Mailbox +http/);
    const prod = await run({
      ...places[1].env,
      PROVIDER_MODE: 'production',
      PROVIDER_PUBLIC_URL: 'https://list.example.com',
      PROVIDER_OWNER_SECRET: SECRET,
    });
    assert.match(prod.out, /listening on http:\/\/127\.0\.0\.1:\d+ in PRODUCTION mode, public URL https:\/\/list/);
    assert.not.match(prod.out, /Mailbox|\/demo/);
    assert.not.ok(prod.out.includes(SECRET), 'the secret is never printed');
  } finally {
    for (const t of places) await t.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(`demo mode started with production's settings (PROVIDER_MODE missing or misspelt) warns loudly, \
naming the variables and never their values`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modes-'));
  const place = await freshTarget(dir, 'demo.sqlite');
  const url = 'https://list.example.com';
  try {
    for (const [env, names] of [
      [
        { PROVIDER_OWNER_SECRET: SECRET, PROVIDER_PUBLIC_URL: url },
        /PROVIDER_OWNER_SECRET and PROVIDER_PUBLIC_URL are/,
      ],
      [{ PROVIDER_OWNER_SECRET: SECRET, PROVIDER_MODE: 'demo' }, /PROVIDER_OWNER_SECRET is set/],
      [{ PROVDER_MODE: 'production', PROVIDER_PUBLIC_URL: url }, /PROVIDER_PUBLIC_URL is set/],
    ] as const) {
      const r = await run({ ...place.env, ...env });
      assert.match(r.out, /in DEMO mode/);
      assert.match(r.out, /!!! DEMO MODE, yet /);
      assert.match(r.out, names);
      assert.match(r.out, /PROVIDER_MODE=production/);
      assert.not.ok(r.out.includes(SECRET), 'the secret is never printed');
    }
    assert.not.match((await run(place.env)).out, /!!!/, 'a plain demo does not warn');
  } finally {
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('production: no mailbox and no demo pages; the calls, the confirm link and the form images remain', async () => {
  for (const path of ['/mailbox', '/demo', '/demo?form=gdpr', '/'])
    assert.is((await request(p.origin, path)).status, 404);
  assert.is((await request(p.origin, '/demo/assets/form-image.svg')).status, 200);
  assert.is((await call(p.origin, 'form-settings', callQuery(form('modal')))).data.result, 'success');
  assert.is((await request(p.origin, '/subscribe/confirm?token=' + '0'.repeat(32))).status, 404);
});

test(`production: the owner pages answer 401 and a sign-in form without the secret; \
a bearer secret opens them`, async () => {
  for (const path of ['/studio', SMS, '/studio/stage?v=1.0', `/studio?secret=${SECRET}`]) {
    const r = await request(p.origin, path);
    assert.is(r.status, 401, path);
    assert.is(r.headers['www-authenticate'], 'Bearer realm="owner"');
    assert.match(r.text, /<form method="post" action="\/owner\/login">/);
    assert.match(r.text, /<label for="secret">Owner secret<\/label>/);
    assert.not.ok(r.text.includes('studio-data') || r.text.includes('popup.js'), path);
  }
  for (const auth of ['Bearer wrong', `Bearer ${SECRET}x`, `Basic ${SECRET}`, SECRET])
    assert.is((await request(p.origin, '/studio', { headers: { Authorization: auth } })).status, 401, auth);
  const ok = await request(p.origin, '/studio', { headers: { Authorization: `Bearer ${SECRET}` } });
  assert.is(ok.status, 200);
  assert.ok(ok.text.includes('"production":true'), 'the studio offers to sign out, not pages that do not exist');
  assert.not.ok(ok.text.includes('href="/mailbox"'));
  const stage = await request(p.origin, '/studio/stage', { headers: { Authorization: `Bearer ${SECRET}` } });
  assert.is(stage.status, 200);
});

test(`production: signing in sets an HttpOnly, SameSite=Strict, Secure session cookie \
that opens the studio`, async () => {
  const wrong = await signIn('not the secret');
  assert.is(wrong.status, 401);
  assert.match(wrong.text, /That is not the owner secret/);
  assert.is(wrong.headers['set-cookie'], undefined);
  const r = await signIn(SECRET);
  assert.is(r.status, 303);
  assert.is(r.headers.location, `${SMS}?lang=fr`);
  const set = String(r.headers['set-cookie']);
  assert.match(set, /^__Host-owner=\d+\.[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
  const cookie = set.split(';')[0];
  assert.is((await request(p.origin, '/studio', { headers: { Cookie: cookie } })).status, 200);
  assert.is((await request(p.origin, '/studio/stage', { headers: { Cookie: `a=b; ${cookie}` } })).status, 200);
  // Forged, tampered, expired or misnamed sessions open nothing.
  const [name, token] = cookie.split('=');
  const expired = sessionToken(SECRET, Date.now() - (OWNER_SESSION_S + 60) * 1000);
  for (const c of [
    `${name}=${token.slice(0, -2)}AA`,
    `${name}=${expired}`,
    `owner=${token}`,
    `${name}=1.${'A'.repeat(43)}`,
  ])
    assert.is((await request(p.origin, '/studio', { headers: { Cookie: c } })).status, 401, c);
  // Only paths on this server are followed after signing in.
  for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])
    assert.is((await signIn(SECRET, next)).headers.location, '/studio', next);
  const out = await request(p.origin, '/owner/logout', { method: 'POST' });
  assert.is(out.status, 303);
  assert.match(String(out.headers['set-cookie']), /^__Host-owner=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/);
  assert.is((await request(p.origin, '/owner/logout')).status, 405);
});

test('production: sign-in attempts are limited per client, right or wrong', async () => {
  const t = await startTest(PROD);
  try {
    for (let i = 0; i < OWNER_LOGIN_MAX; i++) assert.is((await signIn('guess ' + i, '/studio', t)).status, 401);
    const over = await signIn(SECRET, '/studio', t);
    assert.is(over.status, 429);
    assert.is(over.headers['set-cookie'], undefined);
  } finally {
    await t.cleanup();
  }
});

test(`production: a bearer secret is a sign-in attempt: wrong ones count with the form's, a client past the \
limit is refused whatever it sends, right ones never count`, async () => {
  const t = await startTest(PROD);
  const bearer = (secret: string) =>
    request(t.origin, '/studio', { headers: { Authorization: `Bearer ${secret}` } }).then((r) => r.status);
  try {
    for (let i = 0; i < OWNER_LOGIN_MAX + 2; i++) assert.is(await bearer(SECRET), 200, 'the right secret, again');
    for (let i = 0; i < OWNER_LOGIN_MAX - 1; i++) assert.is(await bearer('guess ' + i), 401);
    assert.is((await signIn('one more guess', '/studio', t)).status, 401, 'the form counts on the same limit');
    const over = await request(t.origin, '/studio', { headers: { Authorization: `Bearer ${SECRET}` } });
    assert.is(over.status, 429, 'past the limit even the right secret is refused: no answer tells it apart');
    assert.is(over.headers['retry-after'], '900');
    assert.is(await bearer('guess again'), 429);
    assert.is((await signIn(SECRET, '/studio', t)).status, 429);
  } finally {
    await t.cleanup();
  }
  // Guesses sent all at once: no more of them are read than the limit allows.
  const u = await startTest(PROD);
  try {
    const all = await Promise.all(
      Array.from({ length: 3 * OWNER_LOGIN_MAX }, (_, i) =>
        request(u.origin, '/studio', { headers: { Authorization: `Bearer guess-${i}` } }).then((r) => r.status),
      ),
    );
    assert.is(all.filter((x) => x === 401).length, OWNER_LOGIN_MAX, all.join(' '));
    assert.is(all.filter((x) => x === 429).length, 2 * OWNER_LOGIN_MAX);
  } finally {
    await u.cleanup();
  }
});

test('an http public URL: the cookie is not Secure and not __Host-; demo mode has no gate and no sign-in', async () => {
  const t = await startTest({ ...PROD, publicUrl: 'http://127.0.0.1:1' });
  try {
    assert.match(String((await signIn(SECRET, '/studio', t)).headers['set-cookie']), /^owner=.*SameSite=Strict$/);
  } finally {
    await t.cleanup();
  }
  const d = await startTest();
  try {
    assert.is((await request(d.origin, '/studio')).status, 200);
    assert.is((await request(d.origin, '/mailbox')).status, 200);
    assert.is((await request(d.origin, '/owner/login')).status, 404);
  } finally {
    await d.cleanup();
  }
});

test(`demo mode bound beyond loopback prints a loud warning, and production over plain http; \
loopback and https do not`, async () => {
  const warned: string[] = [];
  const was = console.warn;
  console.warn = (...a: unknown[]) => warned.push(a.join(' '));
  try {
    const open = await startTest({ host: '0.0.0.0' });
    // Links and the answers without a usable Host name the loopback address, never 0.0.0.0.
    assert.match(open.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    await open.cleanup();
    assert.is(warned.length, 1);
    assert.match(warned[0], /DEMO MODE listening on 0\.0\.0\.0:\d+, beyond this machine/);
    assert.match(warned[0], /PROVIDER_MODE=production/);
    await (await startTest()).cleanup();
    await (await startTest({ ...PROD, host: '0.0.0.0' })).cleanup();
    await (await startTest({ ...PROD, publicUrl: 'http://localhost:8080' })).cleanup();
    assert.is(warned.length, 1);
    // Production over plain http beyond this machine: the secret would cross the network in clear.
    await (await startTest({ ...PROD, publicUrl: 'http://list.example.com' })).cleanup();
    assert.is(warned.length, 2);
    assert.match(warned[1], /PRODUCTION over plain http \(http:\/\/list\.example\.com\)/);
  } finally {
    console.warn = was;
  }
});

test.run();
