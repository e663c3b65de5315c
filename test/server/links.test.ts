/**
 * Links in e-mails (issue 13 item 2): from the configured public URL in production, from the listening address in
 * demo mode, never from the Host header, on every path that sends one (form-post-json, the captcha path, the
 * confirm link's welcome). What answers name back to the one who asked (settings' appDomain and images) is the
 * public host in production; in demo mode a well-formed Host, which nothing outside that answer ever sees.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readMailbox } from '../../src/server/db/outbox';
import { CAPTCHA_INPUTS } from '../../src/server/subscribe/captcha';
import { callQuery, DEMO_UUID, form, parseJsonp, pressLink, request, startTest, type TestProvider } from './helpers';

const EVIL = { Host: 'evil.example.com' };
const SECRET = 'owner-secret-for-the-tests-0123456789';
let demo: TestProvider;
let prod: TestProvider;

test.before(async () => {
  demo = await startTest();
  prod = await startTest({ mode: 'production', publicUrl: 'https://list.example.com', ownerSecret: SECRET });
});
test.after(async () => {
  await demo.cleanup();
  await prod.cleanup();
});

/** A JSONP call with a forged Host header. */
const forged = async (t: TestProvider, path: string, query: string) => {
  const r = await request(t.origin, `/subscribe/${path}?${query}`, { headers: EVIL });
  assert.is(r.status, 200, r.text);
  return parseJsonp(r.text);
};

/** The link of the newest e-mail to `to`. */
const linkTo = async (t: TestProvider, to: string): Promise<string> => {
  const m = (await readMailbox(t.store)).find((x) => x.to_addr === to);
  if (!m) throw Error(`no e-mail to ${to}`);
  return m.link;
};

test('a double opt-in submit with Host: evil.example.com: the confirmation link is the configured origin', async () => {
  const q = (email: string) => callQuery(form('double-opt-in'), { popup: 'true', EMAIL: email });
  assert.is((await forged(demo, 'form-post-json', q('d@example.com'))).result, 'success');
  assert.match(
    await linkTo(demo, 'd@example.com'),
    new RegExp(`^${demo.origin}/subscribe/confirm\\?token=[\\da-f]{32}$`),
  );
  assert.is((await forged(prod, 'form-post-json', q('p@example.com'))).result, 'success');
  assert.match(
    await linkTo(prod, 'p@example.com'),
    /^https:\/\/list\.example\.com\/subscribe\/confirm\?token=[\da-f]{32}$/,
  );
});

test('the welcome e-mail of a confirm link followed with a forged Host links to the configured origin', async () => {
  for (const [t, email, want] of [
    [demo, 'wd@example.com', `${demo.origin}/demo?form=double-opt-in&mc_eid=`],
    [prod, 'wp@example.com', 'https://list.example.com/?mc_eid='],
  ] as const) {
    await forged(t, 'form-post-json', callQuery(form('double-opt-in'), { popup: 'true', EMAIL: email }));
    const r = await pressLink(t.origin, await linkTo(t, email), EVIL);
    assert.is(r.status, 200);
    assert.ok((await linkTo(t, email)).startsWith(want), await linkTo(t, email));
  }
  // A single opt-in signup is welcomed at once, from the same origin.
  await forged(prod, 'form-post-json', callQuery(form('modal'), { popup: 'true', EMAIL: 'single@example.com' }));
  assert.ok((await linkTo(prod, 'single@example.com')).startsWith('https://list.example.com/?mc_eid='));
});

test('the captcha path with a forged Host: the e-mail link is the configured origin', async () => {
  const f = form('captcha');
  const base = { u: DEMO_UUID, id: f.lid, popup: 'true', f_id: f.fId, EMAIL: 'cap@example.com' };
  const page = await request(prod.origin, `/subscribe/post?${new URLSearchParams(base)}`, { headers: EVIL });
  const hidden: Record<string, string> = {};
  for (const m of page.text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) hidden[m[1]] = m[2];
  const [a, b] = (/What is (\d+) plus (\d+)\?/.exec(page.text) || []).slice(1).map(Number);
  const r = await request(prod.origin, '/subscribe/post', {
    method: 'POST',
    headers: { ...EVIL, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, [CAPTCHA_INPUTS.answer]: String(a + b) }).toString(),
  });
  assert.is(r.status, 200, r.text);
  assert.ok(
    (await linkTo(prod, 'cap@example.com')).startsWith('https://list.example.com/'),
    await linkTo(prod, 'cap@example.com'),
  );
});

test('settings name the public host in production whatever the Host; demo names a well-formed Host back', async () => {
  const q = callQuery(form('modal'));
  const p = await forged(prod, 'form-settings', q);
  assert.is(p.appDomain, 'list.example.com');
  assert.is(p.imageUrl, '//list.example.com/demo/assets/form-image.svg');
  const d = await forged(demo, 'form-settings', q);
  assert.is(d.appDomain, 'evil.example.com');
  const bad = await request(demo.origin, `/subscribe/form-settings?${q}`, { headers: { Host: 'a b"<x>' } });
  assert.is(parseJsonp(bad.text).appDomain, demo.host);
  // The studio's publish snippets in production, behind the owner's secret, name the public host too.
  const m = form('modal');
  const snippets = await request(prod.origin, `/owner/api/publish/${m.lid}/${m.fId}`, {
    headers: { ...EVIL, Authorization: `Bearer ${SECRET}` },
  });
  assert.ok(snippets.text.includes('data-base-url=\\"list.example.com\\"'), snippets.text);
  assert.not.ok(snippets.text.includes('evil.example.com'));
});

test.run();
