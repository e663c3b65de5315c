/**
 * The blog's comment form against scripts (issue 13 item 6), over real HTTP on SQLite and (server-pg) PostgreSQL: a
 * limit per client per minute and per hour counted in the store (two providers on one store count together), a
 * Retry-After and the form kept on a 429, the honeypot hidden and refused quietly, cross-origin posts refused.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HONEYPOT } from '../../src/blog/comments/validate';
import { type CommentLimits, waitText } from '../../src/blog/server/guard';
import { createBlogRoute } from '../../src/blog/server/routes';
import { COMMENT_HOUR_MAX, COMMENT_MINUTE_MAX, COMMENT_MINUTE_MS } from '../../src/blog/constants';
import { startProvider } from '../../src/server/app';
import { request, startTest, type Reply, type TestProvider } from './helpers';

let dist: string;
let p: TestProvider;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const SLUG = 'lamp-room-at-dawn';
const blogRoute = (commentLimits?: CommentLimits) =>
  createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist, commentLimits });
const body = (o: Record<string, string> = {}) =>
  new URLSearchParams({
    author: 'Ada',
    email: 'ada@example.org',
    url: '',
    body: 'Nice.',
    parent: '',
    [HONEYPOT]: '',
    ...o,
  }).toString();
/** Posts a comment to `t` with `headers` (besides the form's type), from `localAddress` when given. */
const post = (
  t: { origin: string },
  o: Record<string, string> = {},
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Reply> =>
  request(t.origin, `/posts/${SLUG}/comments`, {
    method: 'POST',
    headers: { ...FORM, ...headers },
    body: body(o),
    localAddress,
  });
const count = async (t: TestProvider) =>
  (await t.store.get<{ n: number }>('SELECT count(*) AS n FROM blog_comments'))!.n;

test.before(async () => {
  dist = mkdtempSync(join(tmpdir(), 'blog-guard-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  // Limits lifted here: the origin and honeypot cases post more than a person would; the limits have their own.
  p = await startTest({ routes: [blogRoute(false)] });
});
test.after(async () => {
  await p?.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

test(`230 comments from one client: the first ${COMMENT_MINUTE_MAX} published, every other a 429 with a \
Retry-After and the form kept; another client still posts; a second provider on the store counts with the \
first`, async () => {
  const t = await startTest({ routes: [blogRoute()] });
  const other = await startProvider({ ...t.place.options, distDir: dist, quiet: true, routes: [blogRoute()] });
  try {
    // The page first (its first view seeds the blog's comments), as a visitor's browser would.
    assert.is((await request(t.origin, `/posts/${SLUG}`)).status, 200);
    const before = await count(t);
    const replies: Reply[] = [];
    for (let i = 0; i < 230; i++) replies.push(await post(t, { body: `Spam number ${i}.` }));
    const statuses = replies.map((r) => r.status);
    assert.equal(statuses.slice(0, COMMENT_MINUTE_MAX), Array(COMMENT_MINUTE_MAX).fill(303));
    assert.equal(statuses.slice(COMMENT_MINUTE_MAX), Array(230 - COMMENT_MINUTE_MAX).fill(429));
    assert.is(await count(t), before + COMMENT_MINUTE_MAX, 'only those within the limit are stored');
    const last = replies[229];
    const wait = Number(last.headers['retry-after']);
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= COMMENT_MINUTE_MS / 1000, String(wait));
    assert.is(last.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(last.headers['content-security-policy']), /script-src 'nonce-/);
    assert.match(last.text, /<div class="form-errors" role="alert"[^>]*>[\s\S]*You have posted many comments/);
    assert.ok(last.text.includes(`Please wait ${waitText(wait)}`));
    assert.ok(last.text.includes('>Spam number 229.</textarea>'), 'what was typed is kept');
    // Another client (another loopback address) is not limited by this one.
    const elsewhere = await post(t, { body: 'From next door.' }, {}, '127.0.0.2');
    assert.is(elsewhere.status, 303);
    // The counts are in the store: the second provider refuses this client too, and takes the other one's post.
    assert.is((await post(other, { body: 'Through the other process.' })).status, 429);
    assert.is((await post(other, { body: 'Next door again.' }, {}, '127.0.0.2')).status, 303);
    assert.is(await count(t), before + COMMENT_MINUTE_MAX + 2);
  } finally {
    await other.close();
    await t.cleanup();
  }
});

test('the hour: past its maximum a 429 whose Retry-After is the rest of the hour; the defaults in order', async () => {
  const t = await startTest({ routes: [blogRoute({ perMinute: null, perHour: { max: 3, windowMs: 3_600_000 } })] });
  try {
    for (let i = 0; i < 3; i++) assert.is((await post(t, { body: `Reply ${i}.` })).status, 303);
    const over = await post(t, { body: 'One more.' });
    assert.is(over.status, 429);
    const wait = Number(over.headers['retry-after']);
    assert.ok(wait > 3500 && wait <= 3600, String(wait));
    assert.ok(over.text.includes(`Please wait ${waitText(wait)}`));
    assert.is(waitText(wait), '60 minutes');
  } finally {
    await t.cleanup();
  }
  assert.ok(COMMENT_MINUTE_MAX < COMMENT_HOUR_MAX && COMMENT_HOUR_MAX < 230);
  assert.equal(
    [waitText(1), waitText(59), waitText(60), waitText(61)],
    ['1 second', '59 seconds', 'a minute', '2 minutes'],
  );
});

test(`the honeypot is hidden from people and assistive technology (off-screen, aria-hidden, inert, out of the tab \
order); filled, it is refused quietly: the same redirect as a comment's page, nothing stored`, async () => {
  const page = await request(p.origin, `/posts/${SLUG}`);
  const hp = new RegExp(
    `<p class="hp" aria-hidden="true" inert(?:="")?><label for="comment-${HONEYPOT}">[^<]*</label>` +
      `<input id="comment-${HONEYPOT}" name="${HONEYPOT}" type="text" value(?:="")? tabindex="-1" ` +
      'autocomplete="off"/?></p>',
    'i',
  );
  assert.match(page.text, hp);
  const before = await count(p);
  const trapped = await post(p, { [HONEYPOT]: 'http://spam.test' });
  assert.is(trapped.status, 303);
  assert.is(trapped.headers.location, `/posts/${SLUG}#comments`);
  assert.is(await count(p), before);
});

test(`cross-origin posts are refused (403, nothing stored): another Origin, Origin null, Sec-Fetch-Site cross-site or \
same-site; the blog's own page posts (its Origin, same-origin), also reached by another name; no header at all is a \
client that is no browser, accepted`, async () => {
  const port = new URL(p.origin).port;
  const before = await count(p);
  const refused: Record<string, string>[] = [
    { Origin: 'http://evil.example' },
    { Origin: 'null' },
    { Origin: `http://127.0.0.1:${Number(port) + 1}` },
    { Origin: `https://127.0.0.1:${port}` },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    { Origin: p.origin, 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'http://sub.127.0.0.1.example', 'Sec-Fetch-Site': 'same-site' },
  ];
  for (const headers of refused) {
    const r = await post(p, {}, headers);
    assert.is(r.status, 403, JSON.stringify(headers));
    assert.match(r.text, /own pages only/);
  }
  assert.is(await count(p), before);
  const own = await post(p, { body: 'From the page.' }, { Origin: p.origin, 'Sec-Fetch-Site': 'same-origin' });
  assert.is(own.status, 303);
  assert.match(String(own.headers.location), new RegExp(`^/posts/${SLUG}#comment-\\d+$`));
  // The demo reached as localhost: its page names that host, and its posts carry it.
  const named = await post(
    p,
    { body: 'By name.' },
    { Host: `localhost:${port}`, Origin: `http://LOCALHOST:${port}`, 'Sec-Fetch-Site': 'same-origin' },
  );
  assert.is(named.status, 303);
  assert.is((await post(p, { body: 'curl' })).status, 303);
  assert.is(await count(p), before + 3);
});

test(`production: the public URL's origin is the blog's own, the listening address is not`, async () => {
  const t = await startTest({
    mode: 'production',
    publicUrl: 'https://blog.example',
    ownerSecret: 'a-long-enough-owner-secret',
    routes: [blogRoute(false)],
  });
  try {
    assert.is((await post(t, {}, { Origin: 'https://blog.example', 'Sec-Fetch-Site': 'same-origin' })).status, 303);
    assert.is((await post(t, {}, { Origin: t.origin, 'Sec-Fetch-Site': 'same-origin' })).status, 403);
    assert.is((await post(t, {}, { Origin: 'http://blog.example' })).status, 403);
  } finally {
    await t.cleanup();
  }
});

test.run();
