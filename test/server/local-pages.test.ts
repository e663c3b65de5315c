/**
 * Demo mode's owner pages for this machine only (src/server/owner/local.ts), over real HTTP: on loopback, a Host that
 * does not name this machine (a page that rebinds its own name to 127.0.0.1) gets 421 from the mailbox, the demo and
 * the studio and its API, while the calls, the blog's and the demo forms' public files answer as before; PROVIDER_HOSTS
 * names aliases; a demo bound beyond loopback (which warns) and production do not apply it. A request that came through
 * a reverse proxy (X-Forwarded-For, Forwarded, X-Real-IP), which arrives on loopback with the proxy's Host, gets 403
 * from those pages in demo mode whatever the bind address: it may come from anywhere.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostsFromEnv } from '../../src/server/owner/local';
import { callQuery, form, request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const PAGES = [
  '/mailbox',
  '/demo',
  '/demo?form=gdpr',
  '/demo/spa',
  '/studio',
  '/studio/stage?v=1.0',
  '/owner/api/forms',
];
const status = (t: TestProvider, path: string, host?: string) =>
  request(t.origin, path, host ? { headers: { Host: host } } : {}).then((r) => r.status);

test('a page elsewhere rebinding its name to this machine reads none of the owner pages', async () => {
  const port = new URL(p.origin).port;
  for (const path of PAGES)
    for (const host of [`rebind.attacker.example:${port}`, 'rebind.attacker.example', `LOCALHOST.evil:${port}`])
      assert.is(await status(p, path, host), 421, `${path} as ${host}`);
  const r = await request(p.origin, '/mailbox', { headers: { Host: 'rebind.attacker.example' } });
  assert.match(r.text, /DNS rebinding/);
  assert.not.match(r.text, /token=|@/, 'nothing of the mailbox');
});

test("this machine's names open them", async () => {
  const port = new URL(p.origin).port;
  for (const path of PAGES)
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LocalHost:${port}`,
      `app.localhost:${port}`,
      `[::1]:${port}`,
      undefined,
    ])
      assert.is(await status(p, path, host), 200, `${path} as ${host}`);
});

test("what any site may fetch answers any name as before: the calls, the demo forms' images", async () => {
  const q = callQuery(form('modal'));
  for (const path of [`/subscribe/form-settings?${q}`, '/demo/assets/form-image.svg'])
    assert.is(await status(p, path, 'shop.example:9000'), 200, path);
});

test('PROVIDER_HOSTS names aliases; a demo bound beyond loopback and production do not check', async () => {
  assert.equal(hostsFromEnv(' blog.test, shop.test  other.test '), ['blog.test', 'shop.test', 'other.test']);
  assert.equal(hostsFromEnv(undefined), []);
  const alias = await startTest({ hosts: ['blog.test'] });
  try {
    assert.is(await status(alias, '/mailbox', 'blog.test:8080'), 200);
    assert.is(await status(alias, '/mailbox', 'BLOG.test'), 200);
    assert.is(await status(alias, '/mailbox', 'shop.test'), 421);
  } finally {
    await alias.cleanup();
  }
  const open = await startTest({ host: '0.0.0.0' });
  try {
    assert.is(await status(open, '/mailbox', 'lan-name.example'), 200, 'bound beyond loopback: the warning says it');
  } finally {
    await open.cleanup();
  }
});

/** The headers by which a reverse proxy names its client, each alone. */
const PROXIED: Record<string, string>[] = [
  { 'X-Forwarded-For': '203.0.113.9' },
  { Forwarded: 'for=203.0.113.9;proto=https' },
  { 'X-Real-IP': '203.0.113.9' },
  { 'x-forwarded-for': '' },
];

test(`behind a reverse proxy (Host 127.0.0.1, a forwarding header), the owner pages answer 403, \
bound to loopback or beyond; the calls and the demo forms' images answer`, async () => {
  const open = await startTest({ host: '0.0.0.0' });
  try {
    for (const t of [p, open]) {
      const host = `127.0.0.1:${new URL(t.origin).port}`;
      for (const path of PAGES)
        for (const h of PROXIED) {
          const r = await request(t.origin, path, { headers: { Host: host, ...h } });
          assert.is(r.status, 403, `${path} with ${JSON.stringify(h)}`);
          assert.match(r.text, /came through a proxy/);
          assert.not.match(r.text, /token=|@/, 'nothing of the mailbox');
        }
      const q = callQuery(form('modal'));
      for (const path of [`/subscribe/form-settings?${q}`, '/demo/assets/form-image.svg'])
        assert.is((await request(t.origin, path, { headers: { Host: host, ...PROXIED[0] } })).status, 200, path);
    }
  } finally {
    await open.cleanup();
  }
});

test('production behind a proxy: the owner studio opens to the owner secret as before', async () => {
  const secret = 'owner-secret-for-the-tests-0123456789';
  const prod = await startTest({ mode: 'production', publicUrl: 'https://list.example.com', ownerSecret: secret });
  try {
    const headers = { ...PROXIED[0], Authorization: `Bearer ${secret}` };
    assert.is((await request(prod.origin, '/studio', { headers })).status, 200);
    assert.is((await request(prod.origin, '/owner/api/forms', { headers })).status, 200);
  } finally {
    await prod.cleanup();
  }
});

test.run();
