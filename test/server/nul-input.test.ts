/**
 * U+0000 from a visitor: PostgreSQL holds none in a text column (nor a \u0000 escape in jsonb) and refuses it in a
 * query parameter, where SQLite stores it or finds nothing, so a NUL was a 500 on one store and not on the other. Now
 * the answers are the same on both (the server layer runs this on SQLite and on PostgreSQL): lookups by an id holding
 * one find nothing, a name field's value, an SMS number and a blog comment are stored without it, a beacon holding
 * one is malformed; an e-mail address holding one stays refused (hardening-input).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HONEYPOT } from '../../src/blog/comments/validate';
import { createBlogRoute } from '../../src/blog/server/routes';
import { BLOG_STATS_PATH } from '../../src/blog/constants';
import { listSubscribers } from '../../src/server/db/subscribers';
import { call, callQuery, DEMO_UUID, form, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
let dist: string;
/** What the provider printed on stderr (a stack trace is a failure). */
const stderr: string[] = [];
const consoleError = console.error;

test.before(async () => {
  console.error = (...a: unknown[]) => stderr.push(a.map(String).join(' '));
  dist = mkdtempSync(join(tmpdir(), 'nul-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  p = await startTest({ routes: [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist })] });
});
test.after(async () => {
  console.error = consoleError;
  await p?.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

test('a submit with NUL in a name field or the SMS number is stored without it; in the address, refused', async () => {
  const f = form('modal');
  const r = await subscribe(p.origin, 'modal', { EMAIL: 'nul@example.com', FNAME: 'A\u0000da', 'LNAME\u0000': 'x' });
  assert.is(r.data.result, 'success');
  const row = (await listSubscribers(p.store, f.lid)).find((s) => s.email === 'nul@example.com');
  assert.ok(row, 'stored');
  assert.is(row?.merge_fields.FNAME, 'Ada');
  assert.is((await subscribe(p.origin, 'modal', { EMAIL: 'a\u0000@example.com' })).data.result, 'error');
  const sms = await subscribe(p.origin, 'sms', {
    EMAIL: 'sms.nul@example.com',
    SMSPHONE: '+1 555 555\u0000 0100',
    'mc-SMSPHONE-ack': 'true',
  });
  assert.is(sms.data.result, 'success');
  const smsRow = (await listSubscribers(p.store, form('sms').lid)).find((s) => s.email === 'sms.nul@example.com');
  assert.is(smsRow?.sms_phone, '+1 555 555 0100');
});

test('lookups by ids holding NUL find nothing: form-settings, is-email-subscribed, the captcha page', async () => {
  const f = form('modal');
  const ids: Record<string, string>[] = [
    { u: `${DEMO_UUID}\u0000` },
    { id: `${f.lid}\u0000` },
    { f_id: `${f.fId}\u0000` },
  ];
  for (const extra of ids)
    assert.equal((await call(p.origin, 'form-settings', callQuery(f, extra))).data, { result: 'error' });
  const sub = await call(p.origin, 'is-email-subscribed', callQuery(f, { mc_eid: 'ab\u0000', mc_cid: 'c\u0000' }));
  assert.equal(sub.data, { isEmailSubscribed: false });
  const cap = form('captcha');
  const page = await request(p.origin, `/subscribe/post?${callQuery(cap, { u: `${DEMO_UUID}\u0000` })}`);
  assert.is(page.status, 404);
});

test('a blog comment with NUL is stored without it; a beacon with NUL is refused', async () => {
  const body = new URLSearchParams({
    author: 'N\u0000ul',
    email: 'nul@example.org',
    url: '',
    body: 'Zero\u0000 byte.',
    parent: '',
    [HONEYPOT]: '',
  }).toString();
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const r = await request(p.origin, '/posts/fresnel-the-cat/comments', { method: 'POST', headers, body });
  assert.is(r.status, 303, r.text);
  const c = await p.store.get<{ author: string; body: string }>(
    "SELECT author, body FROM blog_comments WHERE email = 'nul@example.org'",
  );
  assert.equal(c, { author: 'Nul', body: 'Zero byte.' });
  const beacon = JSON.stringify({ t: 'view', b: 1, p: 1, u: '/posts/\u0000' });
  const b = await request(p.origin, BLOG_STATS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: beacon,
  });
  assert.is(b.status, 400);
});

test('no request ended in a provider error', () => {
  assert.equal(stderr, []);
});

test.run();
