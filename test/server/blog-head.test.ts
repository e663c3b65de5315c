/**
 * The blog's pages over real HTTP (issue 12 item 6, what Lighthouse asked for): every page links the site's icon,
 * the icon is served as SVG (no request for a missing /favicon.ico, no console error), and every page carries a meta
 * description, escaped.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlogRoute } from '../../src/blog/server/routes';
import { BLOG_ICON } from '../../src/blog/pages/Layout';
import { request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest({
    routes: [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: join(process.cwd(), 'dist') })],
  });
});
test.after(async () => {
  await p.cleanup();
});

const PAGES = ['/', '/posts/storm-season-notes', '/posts/fresnel-the-cat', '/posts/no-such-post'];

test('every page, the 404 too, links the icon and has a non-empty meta description', async () => {
  for (const path of PAGES) {
    const r = await request(p.origin, path);
    assert.ok(r.status === 200 || (path.includes('no-such') && r.status === 404), `${path}: ${r.status}`);
    const head = r.text.slice(0, r.text.indexOf('</head>'));
    assert.ok(head.includes(`<link rel="icon" href="${BLOG_ICON}" type="image/svg+xml"/>`), `${path}: ${head}`);
    const m = /<meta name="description" content="([^"]+)"\/>/.exec(head);
    assert.ok(m && m[1].trim().length > 10, `${path}: ${m?.[1]}`);
  }
});

test('the icon is served as an SVG image, and HEAD answers too', async () => {
  const r = await request(p.origin, BLOG_ICON);
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'image/svg+xml');
  assert.is(r.headers['x-content-type-options'], 'nosniff');
  assert.match(r.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.is((await request(p.origin, BLOG_ICON, { method: 'HEAD' })).status, 200);
});

test.run();
