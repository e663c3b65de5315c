/** The blog over real HTTP and a temporary SQLite file (issue 6): pages, the comment form, its files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlogRoute } from '../../src/blog/server/routes';
import { HONEYPOT } from '../../src/blog/comments/validate';
import { DEMO_UUID, form, request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
let dist: string;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const body = (o: Record<string, string>) =>
  new URLSearchParams({
    author: 'Bo Lind',
    email: 'bo@example.org',
    url: '',
    body: 'A fine post.',
    parent: '',
    [HONEYPOT]: '',
    ...o,
  }).toString();
const post = (slug: string, o: Record<string, string>) =>
  request(p.origin, `/posts/${slug}/comments`, { method: 'POST', headers: FORM, body: body(o) });
const count = async () => (await p.store.get<{ n: number }>('SELECT count(*) AS n FROM blog_comments'))!.n;

test.before(async () => {
  dist = mkdtempSync(join(tmpdir(), 'blog-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  // Limits lifted: this file posts more comments a minute than a person would (blog-comment-guard tests them).
  const blog = createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist, commentLimits: false });
  p = await startTest({ routes: [blog] });
});
test.after(async () => {
  await p?.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

test(`the home page is the blog, with the popup embed pointing at this server; \
the demo page moved to /demo`, async () => {
  const r = await request(p.origin, '/');
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
  assert.ok(r.text.startsWith('<!doctype html>'));
  for (const slug of ['lamp-room-at-dawn', 'keepers-logbook-and-charts', 'storm-season-notes', 'fresnel-the-cat'])
    assert.ok(r.text.includes(`href="/posts/${slug}"`), slug);
  // The embed names a seeded demo form (the slide-in), so the popup the provider serves is the one it shows.
  const slide = form('slide');
  assert.ok(
    r.text.includes(
      `async src="http://${p.host}/js/signup-forms/popup/embed.js" data-base-url="${p.host}" ` +
        `data-uuid="${DEMO_UUID}" data-lid="${slide.lid}" data-f-id="${slide.fId}">`,
    ),
    'embed',
  );
  const settings = await request(
    p.origin,
    `/subscribe/form-settings?${new URLSearchParams({ u: DEMO_UUID, id: slide.lid, f_id: slide.fId, c: 'cb' })}`,
  );
  assert.match(settings.text, /^\/\*\*\/cb\(\{"result":"success"/, 'the same server answers the embed');
  assert.match((await request(p.origin, '/demo')).text, /L\.start/);
  // A forged Host header never lands in the embed: the listening address stands in for it.
  const forged = await request(p.origin, '/', { headers: { Host: 'evil.test"><script>' } });
  assert.ok(forged.text.includes(`data-base-url="${p.host}"`));
  assert.not.ok(forged.text.includes('evil.test'));
});

test('a post shows its threaded seed comments, never an e-mail address; unknown posts are 404', async () => {
  const r = await request(p.origin, '/posts/storm-season-notes');
  assert.is(r.status, 200);
  assert.ok(r.text.includes('<h1 class="entry-title">Storm season notes</h1>'));
  assert.ok(
    new RegExp(
      'id="comment-1"[\\s\\S]*<ol class="children"><li class="comment depth-2"><article id="comment-2"' +
        '[\\s\\S]*<ol class="children"><li class="comment depth-3"><article id="comment-3"',
    ).test(r.text),
    'nesting',
  );
  assert.ok(!r.text.includes('@example.org'), 'no e-mail');
  assert.ok(r.text.includes('<a class="comments-link" href="#comments">5 comments</a>'));
  assert.is((await request(p.origin, '/posts/no-such-post')).status, 404);
  assert.match((await request(p.origin, '/posts/no-such-post')).text, /Not found/);
});

test('a valid comment is stored and the reader is sent back to it', async () => {
  const before = await count();
  const r = await post('lamp-room-at-dawn', { author: '  Bo Lind ', body: 'First line.\n\nSecond <b>para</b>.' });
  assert.is(r.status, 303);
  const m = /^\/posts\/lamp-room-at-dawn#comment-(\d+)$/.exec(String(r.headers.location));
  assert.ok(m, String(r.headers.location));
  assert.is(await count(), before + 1);
  const row = (await p.store.get<Record<string, unknown>>('SELECT * FROM blog_comments WHERE id = ?', [
    Number(m![1]),
  ]))!;
  assert.is(row.author, 'Bo Lind');
  assert.is(row.email, 'bo@example.org');
  assert.is(row.post, 'lamp-room-at-dawn');
  const page = await request(p.origin, '/posts/lamp-room-at-dawn');
  assert.ok(page.text.includes(`<article id="comment-${m![1]}"`));
  assert.ok(page.text.includes('<p>First line.</p><p>Second &lt;b>para&lt;/b>.</p>'), 'plain text, escaped');
  assert.ok(!page.text.includes('bo@example.org'));
});

test('a reply nests under its parent; a parent from another post is refused', async () => {
  const r = await post('lamp-room-at-dawn', { parent: '6', body: 'A reply.' });
  assert.is(r.status, 303);
  const id = /comment-(\d+)/.exec(String(r.headers.location))![1];
  const page = await request(p.origin, '/posts/lamp-room-at-dawn');
  assert.ok(
    new RegExp(
      `id="comment-6"[\\s\\S]*?<ol class="children"><li class="comment depth-2"><article id="comment-${id}"`,
    ).test(page.text),
  );
  const form = await request(p.origin, '/posts/lamp-room-at-dawn?replytocom=6');
  assert.ok(form.text.includes('Reply to Lucía Ferrer') && form.text.includes('name="parent" value="6"'));
  const before = await count();
  const bad = await post('lamp-room-at-dawn', { parent: '1' }); // comment 1 is on storm-season-notes
  assert.is(bad.status, 422);
  assert.ok(bad.text.includes('The comment you replied to does not exist.'));
  assert.is((await post('lamp-room-at-dawn', { parent: '999999' })).status, 422);
  assert.is(await count(), before);
});

test('an invalid comment is shown again with clear messages tied to its fields, and nothing is stored', async () => {
  const before = await count();
  const r = await post('storm-season-notes', { author: '', email: 'not-an-address', body: 'Kept text' });
  assert.is(r.status, 422);
  assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
  assert.ok(r.text.includes('<div class="form-errors" role="alert" id="comment-errors">'));
  assert.ok(r.text.includes('<a href="#comment-author">Please enter your name.</a>'));
  assert.ok(
    r.text.includes('<a href="#comment-email">Please enter a valid e-mail address, like name@example.com.</a>'),
  );
  assert.ok(r.text.includes('aria-invalid="true" aria-describedby="comment-author-error"'));
  assert.ok(r.text.includes('<span class="field-error" id="comment-email-error">'));
  assert.ok(r.text.includes('>Kept text</textarea>'), 'what was typed is kept');
  assert.ok(r.text.includes('value="not-an-address"'));
  assert.is(await count(), before);
});

test('the honeypot: a filled trap gets the same redirect and stores nothing', async () => {
  const before = await count();
  const r = await post('storm-season-notes', { [HONEYPOT]: 'http://spam.test' });
  assert.is(r.status, 303);
  assert.is(r.headers.location, '/posts/storm-season-notes#comments');
  assert.is(await count(), before);
});

test('the comment endpoint refuses other methods, types and oversized bodies', async () => {
  assert.is(
    (await request(p.origin, '/posts/storm-season-notes/comments', { method: 'PUT', headers: FORM, body: body({}) }))
      .status,
    405,
  );
  const json = await request(p.origin, '/posts/storm-season-notes/comments', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  assert.is(json.status, 415);
  const big = await request(p.origin, '/posts/storm-season-notes/comments', {
    method: 'POST',
    headers: FORM,
    body: body({ body: 'x'.repeat(70 * 1024) }),
  });
  assert.is(big.status, 413);
  assert.is(
    (await request(p.origin, '/posts/storm-season-notes', { method: 'POST', headers: FORM, body: body({}) })).status,
    405,
  );
});

test('blog files: the built script, content images and downloads; nothing outside their folders', async () => {
  const js = await request(p.origin, '/blog/blog.js');
  assert.is(js.status, 200);
  assert.is(js.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(js.text, '/* blog */');
  const svg = await request(p.origin, '/blog/images/cat.svg');
  assert.is(svg.status, 200);
  assert.is(svg.headers['content-type'], 'image/svg+xml');
  assert.is((await request(p.origin, '/blog/files/weather-log-2026.pdf')).headers['content-type'], 'application/pdf');
  for (const path of [
    '/blog/nope.js',
    '/blog/../package.json',
    '/blog/%2e%2e/%2e%2e/package.json',
    '/blog/images/../site.json',
    '/blog/images/',
  ]) {
    assert.is((await request(p.origin, path)).status, 404, path);
  }
});

test('a failed reply is still a reply: its heading, its cancel link and its parent stay; a parent that does not \
exist is dropped, so the next post goes through', async () => {
  const r = await post('lamp-room-at-dawn', { parent: '6', email: '' });
  assert.is(r.status, 422);
  assert.ok(r.text.includes('Reply to Lucía Ferrer'), 'the reply heading');
  assert.ok(r.text.includes('class="cancel-reply"'), 'cancel reply');
  assert.ok(r.text.includes('name="parent" value="6"'));
  const gone = await post('lamp-room-at-dawn', { parent: '999999' });
  assert.is(gone.status, 422);
  assert.ok(gone.text.includes('The comment you replied to does not exist.'));
  assert.ok(gone.text.includes('Leave a comment'));
  assert.match(gone.text, /name="parent" value\/>/, 'no parent any more');
  assert.ok(gone.text.includes('>A fine post.</textarea>'), 'what was typed is kept');
});

test('the form posts to its own place (#respond), so a post that fails comes back scrolled to its errors; \
the address it leaves in the bar leads back to the form', async () => {
  const page = await request(p.origin, '/posts/storm-season-notes');
  assert.ok(page.text.includes('action="/posts/storm-season-notes/comments#respond"'));
  for (const method of ['GET', 'HEAD']) {
    const r = await request(p.origin, '/posts/storm-season-notes/comments', { method });
    assert.is(r.status, 303, method);
    assert.is(r.headers.location, '/posts/storm-season-notes#respond');
  }
});

test('a comment of exactly the longest length the textarea allows, its line breaks posted as CRLF, is accepted \
and stored with LF line breaks', async () => {
  const para = 'x'.repeat(2499);
  const r = await post('fresnel-the-cat', { body: `${para}\r\n\r\n${para}` });
  assert.is(r.status, 303, 'not refused as too long');
  const id = Number(/comment-(\d+)/.exec(String(r.headers.location))![1]);
  const row = await p.store.get<{ body: string }>('SELECT body FROM blog_comments WHERE id = ?', [id]);
  assert.is(row!.body, `${para}\n\n${para}`);
  assert.is((await post('fresnel-the-cat', { body: 'x'.repeat(5001) })).status, 422);
});

test("every other address under /posts is the blog's 404 page; a post in other letter case is that post", async () => {
  for (const path of [
    '/posts',
    '/posts/',
    '/posts/storm-season-notes/extra',
    '/posts/no_such',
    '/posts/a/comments/b',
  ]) {
    const r = await request(p.origin, path);
    assert.is(r.status, 404, path);
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8', path);
    assert.match(r.text, /Not found/, path);
    assert.ok(r.text.includes('href="/posts/lamp-room-at-dawn"') || r.text.includes('href="/"'), 'a way back');
  }
  const moved = await request(p.origin, '/posts/Storm-Season-Notes?replytocom=2');
  assert.is(moved.status, 301);
  assert.is(moved.headers.location, '/posts/storm-season-notes?replytocom=2');
  assert.is((await request(p.origin, '/posts/No-Such-Post')).status, 404);
});

test.run();
