/** The blog's statistics endpoint (spec 3.9, 7.3) over real HTTP and a temporary SQLite file. */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLOG_STATS_MAX, BLOG_STATS_PATH } from '../../src/blog/constants';
import { createBlogRoute } from '../../src/blog/server/routes';
import { request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
const beacon = (o: unknown, headers: Record<string, string> = {}, t = p) =>
  request(t.origin, BLOG_STATS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof o === 'string' ? o : JSON.stringify(o),
  });
const views = () => p.store.all('SELECT blog, post, path FROM blog_page_views ORDER BY id');
const clicks = () => p.store.all('SELECT blog, post, mode, kind, href FROM blog_clicks ORDER BY id');

test.before(async () => {
  p = await startTest({
    routes: [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: join(process.cwd(), 'dist') })],
  });
  // The tables are created on the blog's first request.
  assert.is((await request(p.origin, '/')).status, 200);
});
test.after(async () => {
  await p.cleanup();
});

test('a page view is recorded with its blog id, post id and path', async () => {
  const r = await beacon({ t: 'view', b: 4217, p: 101, u: '/posts/lamp-room-at-dawn' });
  assert.is(r.status, 204);
  assert.is(r.text, '');
  assert.equal(await views(), [{ blog: 4217, post: 101, path: '/posts/lamp-room-at-dawn' }]);
});

test('a link click is recorded with blog id, post id, mode, kind and address', async () => {
  assert.is(
    (await beacon({ t: 'click', b: 4217, p: 102, m: 'post', k: 'download', h: 'http://x.test/blog/files/a.pdf' }))
      .status,
    204,
  );
  assert.is(
    (await beacon({ t: 'click', b: 4217, p: 0, m: 'home', k: 'outbound', h: 'https://www.nlb.org.uk/' })).status,
    204,
  );
  assert.equal(await clicks(), [
    { blog: 4217, post: 102, mode: 'post', kind: 'download', href: 'http://x.test/blog/files/a.pdf' },
    { blog: 4217, post: 0, mode: 'home', kind: 'outbound', href: 'https://www.nlb.org.uk/' },
  ]);
});

test('malformed beacons are refused and nothing is recorded', async () => {
  const v = (await views()).length;
  const c = (await clicks()).length;
  for (const bad of [
    '',
    'not json',
    '{"t":"view","b":1,"p":1,"u":"http://evil.test/"}',
    '{"t":"click","b":1,"p":1,"m":"x","k":"hash","h":"http://x.test/"}',
  ]) {
    assert.is((await beacon(bad)).status, 400, bad);
  }
  assert.is((await beacon('x'.repeat(5000))).status, 400);
  assert.is((await views()).length, v);
  assert.is((await clicks()).length, c);
});

test('under Global Privacy Control or Do Not Track headers nothing is recorded', async () => {
  const v = (await views()).length;
  assert.is((await beacon({ t: 'view', b: 4217, p: 101, u: '/' }, { 'Sec-GPC': '1' })).status, 204);
  assert.is((await beacon({ t: 'view', b: 4217, p: 101, u: '/' }, { DNT: '1' })).status, 204);
  assert.is((await views()).length, v);
  assert.is((await beacon({ t: 'view', b: 4217, p: 101, u: '/' }, { DNT: '0' })).status, 204);
  assert.is((await views()).length, v + 1);
});

test("a beacon another site's page makes a visitor's browser send is answered alike and not recorded", async () => {
  const v = (await views()).length;
  const view = { t: 'view', b: 4217, p: 101, u: '/' };
  const foreign: Record<string, string>[] = [
    { Origin: 'http://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'same-site' },
  ];
  for (const h of foreign) assert.is((await beacon(view, h)).status, 204, JSON.stringify(h));
  assert.is((await views()).length, v);
  // The blog's own page: the Origin it was reached by.
  assert.is((await beacon(view, { Origin: p.origin, 'Sec-Fetch-Site': 'same-origin' })).status, 204);
  assert.is((await views()).length, v + 1);
});

test(`one client's beacons are stored up to ${BLOG_STATS_MAX} a minute; more are answered alike`, async () => {
  const t = await startTest({
    routes: [createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: join(process.cwd(), 'dist') })],
  });
  try {
    assert.is((await request(t.origin, '/')).status, 200);
    const u = '/' + 'x'.repeat(1990);
    for (let i = 0; i < BLOG_STATS_MAX + 5; i++)
      assert.is(
        (
          await beacon(
            { t: i % 2 ? 'view' : 'click', b: 1, p: i, u, m: 'page', k: 'link', h: 'https://a.test/' },
            {},
            t,
          )
        ).status,
        204,
      );
    const stored = await t.store.get<{ n: number }>(
      'SELECT (SELECT count(*) FROM blog_page_views) + (SELECT count(*) FROM blog_clicks) AS n',
    );
    assert.is(Number(stored!.n), BLOG_STATS_MAX);
  } finally {
    await t.cleanup();
  }
});

test('only POST', async () => {
  const r = await request(p.origin, BLOG_STATS_PATH);
  assert.is(r.status, 405);
  assert.is(r.headers.allow, 'POST');
});

test.run();
