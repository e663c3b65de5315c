/**
 * The blog as a site of its own (issue 35 items 2 and 6), over real HTTP: BLOG_PORT read and refused as the other
 * settings are; `npm start` (dist-node/main.mjs) serves the blog on its own port, named by the banner's Blog line,
 * and the provider no longer serves it (its / leads there in demo mode); the blog's pages name the provider by
 * another host name (spec 4.3: the closed cookie is then the blog's) and link the hosted subscribe page; its pages,
 * blog.js and blog.css go compressed as the Accept-Encoding allows; blog.js is versioned and immutable by its
 * version, the pages are asked again at every view, and the stylesheet is inline.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type BlogServer, blogPortFromEnv, startBlogServer } from '../../src/blog/server/start';
import { CACHE_IMMUTABLE } from '../../src/constants';
import { contentId } from '../../src/server/http/static';
import { freshTarget, request, startTest, type TestProvider } from './helpers';
import { runMain, startMain } from './processes';

let p: TestProvider;
let blog: BlogServer;
let dir = '';
/** The built assets this blog serves (long enough to be worth compressing). */
const JS = `/* blog */${'document.documentElement.dataset.blog="1";'.repeat(40)}`;
const CSS = `.site-title{margin:0}${'.x{color:#123}'.repeat(40)}`;

test.before(async () => {
  p = await startTest();
  dir = mkdtempSync(join(tmpdir(), 'blog-site-'));
  mkdirSync(join(dir, 'dist', 'blog'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'blog', 'blog.js'), JS);
  writeFileSync(join(dir, 'dist', 'blog', 'blog.css'), CSS);
  blog = await startBlogServer({
    context: p.context,
    port: 0,
    quiet: true,
    contentDir: join(process.cwd(), 'content'),
    distDir: join(dir, 'dist'),
  });
});
test.after(async () => {
  await blog?.close();
  await p?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The blog's port; its pages asked for by `host` (the Host header: localhost or 127.0.0.1). */
const port = () => new URL(blog.origin).port;
const get = (path: string, host: string, headers: Record<string, string> = {}) =>
  request(blog.origin, path, { headers: { Host: `${host}:${port()}`, ...headers } });

test('BLOG_PORT: PORT + 1 by default, a free port with PORT 0, a port number; anything else refused by name', () => {
  assert.is(blogPortFromEnv({}, 8080), 8081);
  assert.is(blogPortFromEnv({ BLOG_PORT: '' }, 8080), 8081);
  assert.is(blogPortFromEnv({}, 0), 0);
  assert.is(blogPortFromEnv({ BLOG_PORT: '9000' }, 8080), 9000);
  assert.is(blogPortFromEnv({ BLOG_PORT: ' 9000 ' }, 8080), 9000);
  assert.is(blogPortFromEnv({ BLOG_PORT: '0' }, 8080), 0);
  for (const bad of ['abc', '-1', '65536', '80.5', '0x1F90', '1e3', '8080x'])
    assert.throws(
      () => blogPortFromEnv({ BLOG_PORT: bad }, 8080),
      (e: Error) => e.message === `BLOG_PORT must be a port number from 0 to 65535, not ${JSON.stringify(bad)}.`,
      bad,
    );
  assert.throws(() => blogPortFromEnv({ BLOG_PORT: '8080' }, 8080), /BLOG_PORT must differ from PORT \(8080\)/);
  assert.throws(() => blogPortFromEnv({}, 65535), /BLOG_PORT is PORT \+ 1 by default, past 65535/);
});

test("npm start refuses a BLOG_PORT that is no port, or the provider's own, opening nothing", async () => {
  const never = join(dir, 'never.sqlite');
  for (const [env, says] of [
    [{ BLOG_PORT: 'eighty' }, 'BLOG_PORT must be a port number from 0 to 65535, not "eighty"'],
    [{ PORT: '18093', BLOG_PORT: '18093' }, 'BLOG_PORT must differ from PORT \\(18093\\)'],
  ] as const) {
    const r = await runMain('main.mjs', { PORT: '0', PROVIDER_DB: never, DATABASE_URL: '', ...env });
    assert.is(r.code, 2, r.out);
    assert.match(r.out, new RegExp(says));
    assert.not.match(r.out, /listening on/);
  }
  // A blog port in use stops the start, naming the setting to change.
  const taken = createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
  try {
    const used = (taken.address() as AddressInfo).port;
    const r = await runMain('main.mjs', { PORT: '0', BLOG_PORT: String(used), PROVIDER_DB: never, DATABASE_URL: '' });
    assert.is(r.code, 1, r.out);
    assert.match(r.out, `Port ${used} (the blog's) is in use: set BLOG_PORT to another one`);
  } finally {
    taken.close();
  }
});

test("npm start: the blog on its own port, named by the banner's Blog line; the provider's / leads there", async () => {
  const place = await freshTarget(dir, 'main.sqlite');
  const main = startMain({ ...place.env, PORT: '0', BLOG_PORT: '', PROVIDER_MODE: '' });
  try {
    const provider = (await main.until(/listening on (http:\/\/\S+)/, 'the banner'))[1];
    const address = (await main.until(/^ {2}Blog +(\S+)$/m, "the banner's Blog line"))[1];
    const at = new URL(address);
    assert.is(at.hostname, 'localhost', 'another host name than the provider');
    assert.is.not(at.port, new URL(provider).port);
    const home = await request(`http://127.0.0.1:${at.port}`, '/', { headers: { Host: at.host } });
    assert.is(home.status, 200);
    assert.match(home.text, `data-base-url="${new URL(provider).host}"`);
    const there = await request(provider, '/');
    assert.is(there.status, 302);
    assert.is(there.headers.location, address);
    assert.is((await request(provider, '/posts/storm-season-notes')).status, 404, 'no blog on the provider');
  } finally {
    main.child.kill('SIGTERM');
    await main.exit;
    await place.drop();
  }
});

test('its pages name the provider by the other name of this machine, and link its hosted subscribe page', async () => {
  const provider = new URL(p.origin);
  for (const [host, named] of [
    ['localhost', `127.0.0.1:${provider.port}`],
    ['127.0.0.1', `localhost:${provider.port}`],
  ]) {
    const r = await get('/', host);
    assert.is(r.status, 200);
    assert.match(r.text, `data-base-url="${named}"`);
    assert.match(r.text, `src="http://${named}/js/signup-forms/popup/embed.js"`);
    assert.match(
      r.text,
      `href="http://${named}/subscribe?u=6c1f4e2b9a7d3c5e8f0a1b2c3&amp;id=a1b2c3d4e7&amp;f_id=00a103" ` +
        'data-mc-popup-open',
    );
    // The provider's origin in the policy: its scripts, stylesheets and calls are another site's.
    assert.match(String(r.headers['content-security-policy']), `script-src 'nonce-`);
    assert.match(String(r.headers['content-security-policy']), ` http://${named};`);
  }
});

test('pages, blog.js and blog.css compressed as asked (brotli, gzip, none), each saying so', async () => {
  const decode = (enc: string | undefined, b: Buffer) =>
    enc === 'br' ? brotliDecompressSync(b) : enc === 'gzip' ? gunzipSync(b) : b;
  for (const [accept, enc] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ] as const) {
    for (const path of ['/', '/posts/storm-season-notes', '/blog/blog.js', '/blog/blog.css']) {
      const r = await get(path, 'localhost', { 'Accept-Encoding': accept });
      assert.is(r.status, 200, path);
      assert.is(r.headers['content-encoding'], enc, `${path} ${accept}`);
      assert.match(String(r.headers.vary), 'Accept-Encoding', path);
      assert.is(Number(r.headers['content-length']), r.body.length, path);
      const text = decode(enc, r.body).toString('utf8');
      if (path.startsWith('/blog/')) assert.is(text, path.endsWith('.js') ? JS : CSS);
      else assert.match(text, /^<!doctype html>/);
    }
  }
});

test('blog.js versioned and immutable by its version; pages asked again each view; the stylesheet inline', async () => {
  const page = await get('/', 'localhost');
  assert.is(page.headers['cache-control'], 'no-cache');
  const id = contentId(Buffer.from(JS));
  const src = `/blog/blog.js?v=${id}`;
  assert.match(page.text, `<script nonce="`);
  assert.match(page.text, ` defer src="${src}"`);
  // Inline under the page's nonce: no stylesheet request before the first paint.
  assert.not.match(page.text, 'rel="stylesheet"');
  const nonce = (/<script nonce="([^"]+)"/.exec(page.text) as RegExpExecArray)[1];
  assert.match(page.text, `<style nonce="${nonce}">${CSS}</style>`);
  assert.is((await get(src, 'localhost')).headers['cache-control'], CACHE_IMMUTABLE);
  // Another build's version, or none, is never pinned to these bytes.
  assert.is((await get('/blog/blog.js?v=00000000', 'localhost')).headers['cache-control'], 'no-cache');
  assert.is((await get('/blog/blog.js', 'localhost')).headers['cache-control'], 'no-cache');
  // A rebuild is named by its new version at once.
  const next = `${JS}/* rebuilt */`;
  writeFileSync(join(dir, 'dist', 'blog', 'blog.js'), next);
  try {
    assert.match((await get('/', 'localhost')).text, `src="/blog/blog.js?v=${contentId(Buffer.from(next))}"`);
  } finally {
    writeFileSync(join(dir, 'dist', 'blog', 'blog.js'), JS);
  }
});

test("comments are posted from the blog's own origin only, not from the provider's", async () => {
  const form = 'author=Reader&email=reader%40example.org&body=From+the+blog+itself.';
  const post = (origin: string) =>
    request(blog.origin, '/posts/storm-season-notes/comments', {
      method: 'POST',
      body: form,
      headers: { Host: `localhost:${port()}`, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  assert.is((await post(`http://127.0.0.1:${new URL(p.origin).port}`)).status, 403, "the provider's origin");
  const own = await post(`http://localhost:${port()}`);
  assert.is(own.status, 303, own.text);
  assert.match(String(own.headers.location), /^\/posts\/storm-season-notes#comment-\d+$/);
});

test.run();
