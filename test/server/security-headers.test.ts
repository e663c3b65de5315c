/**
 * Security headers on every HTML page (issue 13 item 7), over real HTTP: the blog's pages and its 404, the demo
 * page and its 404, the studio's pages and its stage, the mailbox, the captcha pages, the confirm pages, the owner's
 * sign-in. Each has a strict Content-Security-Policy with a fresh nonce per response that every inline script and
 * style element carries (no 'unsafe-inline', no 'unsafe-eval', no style attribute, no inline handler),
 * frame-ancestors, a Referrer-Policy and nosniff. test/browser/page-csp.test.ts runs the same pages in Chromium.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlogRoute } from '../../src/blog/server/routes';
import { DEMO_UUID, form, request, startTest, type Reply, type TestProvider } from './helpers';

const SECRET = 'owner-secret-for-the-tests-0123456789';
let demo: TestProvider;
let prod: TestProvider;
let dist: string;

test.before(async () => {
  dist = mkdtempSync(join(tmpdir(), 'headers-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  const routes = [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist })];
  demo = await startTest({ routes });
  prod = await startTest({ routes, mode: 'production', publicUrl: 'https://list.example.com', ownerSecret: SECRET });
});
test.after(async () => {
  await demo.cleanup();
  await prod.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

/** The directives of a CSP header, by name. */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

/** Checks one HTML answer; returns its nonce. */
const strict = (r: Reply, what: string, framedBySelf = false): string => {
  assert.match(String(r.headers['content-type']), /^text\/html/, what);
  const csp = String(r.headers['content-security-policy'] || '');
  const d = directives(csp);
  assert.equal(d['default-src'], ["'none'"], `${what}: ${csp}`);
  assert.equal(d['base-uri'], ["'none'"], what);
  assert.equal(d['frame-ancestors'], [framedBySelf ? "'self'" : "'none'"], what);
  assert.is(r.headers['x-frame-options'], framedBySelf ? 'SAMEORIGIN' : 'DENY', what);
  assert.ok(d['form-action'], `${what}: form-action`);
  assert.not.match(csp, /unsafe-|\*|data:|'strict-dynamic'/, `${what}: ${csp}`);
  const nonce = /^'nonce-([A-Za-z\d+/]{22}==)'$/.exec(d['script-src'][0])?.[1];
  assert.ok(nonce, `${what}: script nonce in ${csp}`);
  assert.is(d['style-src'][0], `'nonce-${nonce}'`, what);
  assert.match(
    String(r.headers['referrer-policy']),
    /^(no-referrer|same-origin|strict-origin-when-cross-origin)$/,
    what,
  );
  assert.is(r.headers['x-content-type-options'], 'nosniff', what);
  // Every script and style element carries the nonce; nothing inline runs or styles without it.
  for (const m of r.text.matchAll(/<(script|style)\b([^>]*)>/g))
    assert.ok(m[2].includes(`nonce="${nonce}"`), `${what}: <${m[1]}${m[2]}> without the nonce`);
  assert.not.match(r.text, /\sstyle=|\son[a-z]+=|javascript:/i, what);
  return nonce as string;
};

/** The query that opens the captcha page of the demo captcha form for `email`. */
const captchaQuery = (email: string) => {
  const f = form('captcha');
  return new URLSearchParams({ u: DEMO_UUID, id: f.lid, popup: 'true', f_id: f.fId, EMAIL: email }).toString();
};

test('every HTML page of the demo server has a strict CSP with a nonce its inline code carries', async () => {
  const pages: [string, number, boolean?][] = [
    ['/', 200],
    ['/posts/storm-season-notes', 200],
    ['/posts/lamp-room-at-dawn?replytocom=1', 200],
    ['/posts/nope', 404],
    ['/demo', 200],
    ['/demo?form=sms', 200],
    ['/demo?form=nope', 404],
    ['/studio', 200],
    [`/studio/forms/${form('gdpr').lid}/${form('gdpr').fId}`, 200],
    [`/studio/lists/${form('gdpr').lid}`, 200],
    ['/studio/stage?v=1.1', 200, true],
    ['/mailbox', 200],
    [`/subscribe/post?${captchaQuery('h@example.com')}`, 200],
    [`/subscribe/post?${captchaQuery('not an address')}`, 400],
    ['/subscribe/post?u=x&id=y', 404],
    [`/subscribe/confirm?token=${'a'.repeat(32)}`, 404],
  ];
  for (const [path, status, framed] of pages) {
    const r = await request(demo.origin, path);
    assert.is(r.status, status, path);
    strict(r, path, framed);
  }
  // The comment form's failure page, and a wrong captcha answer's new question.
  const bad = await request(demo.origin, '/posts/storm-season-notes/comments', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'author=&email=x&body=',
  });
  assert.is(bad.status, 422);
  strict(bad, 'comment errors');
});

test('production pages too: the sign-in, the 401 gate, the studio, the blog, naming the public origin', async () => {
  const auth = { Authorization: `Bearer ${SECRET}` };
  const posting: [string, string, Record<string, string>][] = [
    ['sign-in', '/owner/login', {}],
    ['401 gate', '/studio', {}],
    ['studio', '/studio', auth],
  ];
  for (const [what, path, headers] of posting) {
    const r = await request(prod.origin, path, { headers });
    strict(r, what);
    // Their sign-in and sign-out posts must carry the page's origin (issue 32 items 6 and 7): under no-referrer a
    // browser sends Origin: null.
    assert.is(r.headers['referrer-policy'], 'same-origin', what);
  }
  strict(await request(prod.origin, '/studio/stage', { headers: auth }), 'stage', true);
  const home = await request(prod.origin, '/');
  strict(home, 'blog home');
  const d = directives(String(home.headers['content-security-policy']));
  // The embed names the public host: its scripts may come from there when the page is reached another way.
  assert.ok(d['script-src'].includes('https://list.example.com'), d['script-src'].join(' '));
  assert.ok(home.text.includes('data-base-url="list.example.com"'));
});

test(`what each page may load: the blog its players, beacons and comment form; \
the captcha page only its form`, async () => {
  const blog = directives(String((await request(demo.origin, '/')).headers['content-security-policy']));
  assert.equal(blog['frame-src'], [
    'https://www.youtube-nocookie.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
  ]);
  // Its own statistics beacon, and the popup's counts beacon to the provider (issue 36 item 2).
  assert.equal(blog['connect-src'], ["'self'", demo.origin]);
  assert.equal(blog['form-action'], ["'self'"]);
  assert.ok(blog['script-src'].includes("'self'"));
  const captcha = await request(demo.origin, `/subscribe/post?${captchaQuery('c@example.com')}`);
  const c = directives(String(captcha.headers['content-security-policy']));
  assert.equal(c['script-src'].length, 1, 'the nonce only: no script runs there');
  assert.equal(c['form-action'], ["'self'"]);
  assert.is(captcha.headers['referrer-policy'], 'no-referrer');
  // The demo fetches nothing itself; 'self' lets audit tools read /robots.txt from inside the page, nothing else.
  const demoPage = directives(String((await request(demo.origin, '/demo')).headers['content-security-policy']));
  assert.equal(demoPage['connect-src'], ["'self'"]);
  const mailbox = directives(String((await request(demo.origin, '/mailbox')).headers['content-security-policy']));
  assert.equal(mailbox['form-action'], ["'none'"]);
  assert.is(mailbox['img-src'], undefined);
});

test('a fresh nonce for every response', async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 5; i++) {
    seen.add(strict(await request(demo.origin, '/demo'), '/demo'));
    seen.add(strict(await request(demo.origin, '/'), '/'));
  }
  assert.is(seen.size, 10);
});

test.run();
