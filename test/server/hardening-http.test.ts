/**
 * Hardening II (issue 13), the HTTP-level items, each reproduced over real HTTP first: blog path traversal (4),
 * malformed percent-encoding (5), repeated identical parameters (8), one ETag per encoding (10), control characters
 * in the CSV export (11), and a wrong captcha answer spending its challenge.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlogRoute } from '../../src/blog/server/routes';
import { listSubscribers } from '../../src/server/db/subscribers';
import { CAPTCHA_INPUTS } from '../../src/server/subscribe/captcha';
import { call, DEMO_UUID, form, parseJsonp, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
let dist: string;
/** Everything the provider printed on stderr while the tests ran (a stack trace is a failure). */
const stderr: string[] = [];
const consoleError = console.error;
const JS = `window.__etag = ${JSON.stringify('etag '.repeat(300))};\n`;

test.before(async () => {
  console.error = (...a: unknown[]) => stderr.push(a.map(String).join(' '));
  dist = mkdtempSync(join(tmpdir(), 'harden-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  p = await startTest({ routes: [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist })] });
  const f = join(p.dir, 'dist', 'js/signup-forms/popup/embed.js');
  mkdirSync(dirname(f), { recursive: true });
  writeFileSync(f, JS);
});
test.after(async () => {
  console.error = consoleError;
  await p?.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

test('item 4: /blog/ serves only its public folders, whatever the encoding of the path', async () => {
  const attacks = [
    '/blog/images%2f..%2fcomments.json',
    '/blog/images%2F..%2Fcomments.json',
    '/blog/images/..%2fcomments.json',
    '/blog/images/%2e%2e/comments.json',
    '/blog/files%2f..%2fsite.json',
    '/blog/images%2f..%2fposts%2fstorm-season-notes.md',
    '/blog/images%2f..%2f..%2fpackage.json',
    '/blog/images%5c..%5ccomments.json',
    '/blog/..%2f..%2fcontent%2fcomments.json',
    '/blog/images%2f..%2fimages%2f..%2fcomments.json',
    '/blog/images/cat.svg%00.png',
  ];
  for (const path of attacks) {
    const r = await request(p.origin, path);
    assert.ok(r.status === 404 || r.status === 400, `${path}: ${r.status}`);
    assert.not.ok(/@|"posts"|"blogId"|front|"name"/.test(r.text), `${path} leaked: ${r.text.slice(0, 80)}`);
  }
  // The public files still come.
  const img = await request(p.origin, '/blog/images/cat.svg');
  assert.is(img.status, 200);
  assert.is(img.headers['content-type'], 'image/svg+xml');
  assert.is((await request(p.origin, '/blog/blog.js')).text, '/* blog */');
  assert.is((await request(p.origin, '/blog/files/weather-log-2026.pdf')).status, 200);
});

test('item 5: malformed percent-encoding is a 400 on every route, with nothing on stderr', async () => {
  const before = stderr.length;
  for (const path of [
    '/blog/%',
    '/blog/%E0%A4%A',
    '/blog/images/%E0%A4%A.svg',
    '/posts/%',
    '/%',
    '/demo%',
    '/studio/%zz',
    '/js/%E0%A4%A.js',
    '/subscribe/form-settings%?c=cb',
  ]) {
    const r = await request(p.origin, path);
    assert.is(r.status, 400, path);
    assert.is(r.headers['content-type'], 'text/plain; charset=utf-8', path);
  }
  assert.equal(stderr.slice(before), []);
  // Well-formed escapes still work.
  assert.is((await request(p.origin, '/blog/images/%63at.svg')).status, 200);
});

test(`item 8: u and id repeated with the same values, as the Mailchimp loader sends them, \
answer the settings`, async () => {
  const f = form('modal');
  const cb = 'dojo_request_script_callbacks.dojo_request_script0';
  const q = `u=${DEMO_UUID}&id=${f.lid}&u=${DEMO_UUID}&id=${f.lid}&c=${cb}`;
  const r = await request(p.origin, `/subscribe/form-settings?${q}`);
  assert.is(r.status, 200);
  const data = parseJsonp(r.text, cb);
  assert.is(data.result, 'success');
  assert.equal(data, (await call(p.origin, 'form-settings', `u=${DEMO_UUID}&id=${f.lid}&c=cb`)).data);
  // A submit and the subscribed check with the repeats work too.
  const sub = await call(
    p.origin,
    'form-post-json',
    `${q.replace(cb, 'cb')}&f_id=${f.fId}&f_id=${f.fId}&EMAIL=${encodeURIComponent('dojo@example.com')}`,
  );
  assert.is(sub.data.result, 'success');
  // Different values stay refused, in the call's own terms.
  const other = await call(p.origin, 'form-settings', `u=${DEMO_UUID}&id=${f.lid}&u=${DEMO_UUID}&id=x&c=cb`);
  assert.equal(other.data, { result: 'error' });
  const twoC = await request(p.origin, `/subscribe/form-settings?u=${DEMO_UUID}&id=${f.lid}&c=a&c=b`);
  assert.is(twoC.status, 400);
  // The callback too: the same name twice is that name, even beside another parameter's conflict.
  assert.is((await call(p.origin, 'form-settings', `u=${DEMO_UUID}&id=${f.lid}&c=cb&c=cb`)).data.result, 'success');
  const both = await request(p.origin, `/subscribe/form-settings?u=${DEMO_UUID}&u=x&id=${f.lid}&c=cb&c=cb`);
  assert.equal(parseJsonp(both.text), { result: 'error' });
});

test('item 10: an ETag per encoding, each checked by a conditional request with its own Accept-Encoding', async () => {
  const path = '/js/signup-forms/popup/embed.js';
  const encodings = ['br', 'gzip', 'identity'];
  const tags: Record<string, string> = {};
  for (const e of encodings) {
    const r = await request(p.origin, path, { headers: { 'Accept-Encoding': e } });
    assert.is(r.status, 200, e);
    assert.is(r.headers['content-encoding'], e === 'identity' ? undefined : e);
    assert.is(r.headers.vary, 'Accept-Encoding');
    tags[e] = String(r.headers.etag);
  }
  assert.is(new Set(Object.values(tags)).size, 3, JSON.stringify(tags));
  for (const e of encodings)
    for (const t of encodings) {
      const r = await request(p.origin, path, { headers: { 'Accept-Encoding': e, 'If-None-Match': tags[t] } });
      // Only the tag of the body this request would get matches; another encoding's tag gets the full body.
      assert.is(r.status, e === t ? 304 : 200, `${e} with the ${t} tag`);
      assert.is(String(r.headers.etag), tags[e], `${e} with the ${t} tag`);
      if (e === t) assert.is(r.body.length, 0);
    }
  // Weak comparison (RFC 9110 13.1.2) and a list of tags.
  const weak = await request(p.origin, path, {
    headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': `"nope", W/${tags.gzip}` },
  });
  assert.is(weak.status, 304);
});

test('item 11: the CSV export strips control characters, as the table does', async () => {
  const evil = 'Eve\u001b]0;pwned\u0007\u009b31m\u0000x';
  const f = form('modal');
  const r = await subscribe(p.origin, 'modal', { EMAIL: 'ctl@example.com', FNAME: evil });
  assert.is(r.data.result, 'success');
  assert.ok(
    // As sent, but for U+0000, which neither store keeps (PostgreSQL holds none in text: db/subscribers.ts mergeJson).
    (await listSubscribers(p.store, f.lid)).some((s) => s.merge_fields.FNAME === evil.replace('\u0000', '')),
    'stored as sent',
  );
  for (const args of [['--csv'], []]) {
    const out = spawnSync(process.execPath, [join(process.cwd(), 'dist-node/subscribers.mjs'), ...args], {
      env: { ...process.env, ...p.place.env },
      encoding: 'utf8',
    });
    assert.is(out.status, 0, out.stderr);
    assert.ok(out.stdout.includes('ctl@example.com'), args.join(' '));
    // CR and LF end CSV lines; nothing else below U+0020, no DEL, no C1 control.
    assert.not.ok(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(out.stdout), args.join(' '));
    assert.ok(out.stdout.includes('Eve ]0;pwned  31m'), args.join(' '));
  }
});

/** The hidden inputs and the answer of a captcha page. */
const challenge = async () => {
  const f = form('captcha');
  const base = { u: DEMO_UUID, id: f.lid, popup: 'true', f_id: f.fId, EMAIL: 'brute@example.com' };
  const r = await request(p.origin, `/subscribe/post?${new URLSearchParams(base)}`);
  const hidden: Record<string, string> = {};
  for (const m of r.text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) hidden[m[1]] = m[2];
  const q = /What is (\d+) plus (\d+)\?/.exec(r.text);
  if (!q) throw Error('no question');
  return { hidden, answer: Number(q[1]) + Number(q[2]) };
};
const answer = (hidden: Record<string, string>, a: number) =>
  request(p.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, [CAPTCHA_INPUTS.answer]: String(a) }).toString(),
  });

test(`captcha: a wrong answer spends the challenge, \
so trying every sum on one question subscribes nobody`, async () => {
  const f = form('captcha');
  const { hidden, answer: right } = await challenge();
  const wrong = await answer(hidden, right + 1);
  assert.is(wrong.status, 400);
  assert.match(wrong.text, /not right/);
  // Every other answer, the right one included, now finds the question used.
  for (let a = 4; a <= 18; a++) {
    const r = await answer(hidden, a);
    assert.is(r.status, 400, String(a));
    assert.match(r.text, /answered already/, String(a));
  }
  assert.not.ok((await listSubscribers(p.store, f.lid)).some((s) => s.email === 'brute@example.com'));
  // A fresh question answered right still subscribes.
  const next = await challenge();
  assert.is((await answer(next.hidden, next.answer)).status, 200);
  assert.ok((await listSubscribers(p.store, f.lid)).some((s) => s.email === 'brute@example.com'));
});

test.run();
