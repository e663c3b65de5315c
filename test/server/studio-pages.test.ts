/**
 * The studio's doors and pages (issue 33 "Rules"; STUDIO.md "Studio pages"), over real HTTP: in production the studio
 * and the owner API are the owner's (401 without the secret: a sign-in page, or for the API a JSON error and no page;
 * 200 with the session cookie or the bearer secret), and the API refuses changes from another site; in demo mode
 * they are this machine's (another Host or a proxy refused). The shells carry their data and a strict CSP, the stage
 * loads popup.js framed by the studio only, the studio's built files come from dist/studio/, and /preview redirects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_UUID, form, request, startTest, type TestProvider } from './helpers';
import { api, obj } from './studio-helpers';

const SECRET = 'studio-owner-secret-7Hq2-vX9p-0123';
const PUBLIC = 'https://list.example.com';
let prod: TestProvider;
let demo: TestProvider;
let cookie = '';
test.before(async () => {
  prod = await startTest({ mode: 'production', publicUrl: PUBLIC, ownerSecret: SECRET });
  demo = await startTest();
  const r = await request(prod.origin, '/owner/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: SECRET, next: '/studio' }).toString(),
  });
  assert.is(r.status, 303, r.text);
  cookie = String(r.headers['set-cookie']).split(';')[0];
});
test.after(async () => {
  await prod?.cleanup();
  await demo?.cleanup();
});

const m = form('modal');
const BEARER = { Authorization: `Bearer ${SECRET}` };
const PAGES = ['/studio', `/studio/forms/${m.lid}/${m.fId}`, `/studio/lists/${m.lid}`, '/studio/stage?v=1.0'];

/** The JSON of a shell's #studio-data. */
const dataOf = (html: string): Record<string, unknown> => {
  const at = /<script nonce="[^"]+" type="application\/json" id="studio-data">([^<]*)<\/script>/.exec(html);
  if (!at) throw Error(`no studio data in ${html.slice(0, 200)}`);
  return JSON.parse(at[1]);
};

test(`production: without the secret the pages answer 401 with the sign-in form, the API a 401 JSON error with \
WWW-Authenticate and no page`, async () => {
  for (const path of [...PAGES, '/studio/studio.js']) {
    const r = await request(prod.origin, path);
    assert.is(r.status, 401, path);
    assert.is(r.headers['www-authenticate'], 'Bearer realm="owner"');
    assert.match(r.text, /<form method="post" action="\/owner\/login">/);
    assert.not.ok(r.text.includes('studio-data'), path);
  }
  for (const [method, path] of [
    ['GET', 'forms'],
    ['GET', `forms/${m.lid}/${m.fId}`],
    ['PUT', `forms/${m.lid}/${m.fId}`],
    ['DELETE', `lists/${m.lid}/subscribers/a%40example.com`],
    ['GET', 'nothing'],
  ]) {
    const r = await api(prod.origin, method, path, method === 'PUT' ? { settings: {} } : undefined, {
      Authorization: 'Bearer wrong',
    });
    assert.is(r.status, 401, path);
    assert.is(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.is(r.headers['www-authenticate'], 'Bearer realm="owner"');
    assert.type(obj(r.json).error, 'string');
    assert.not.ok(r.text.includes('<'), 'no HTML');
  }
  assert.is((await api(prod.origin, 'GET', 'forms', undefined, { Cookie: 'owner=1.abc' })).status, 401);
  assert.is((await formRevision()).revision, 1, 'the refused PUT stored nothing');
});

/** Form modal's stored revision on the production provider. */
const formRevision = async () =>
  (await prod.store.get<{ revision: number }>('SELECT revision FROM forms WHERE list_id = ? AND f_id = ?', [
    m.lid,
    m.fId,
  ])) as { revision: number };

test('production: the session cookie and the bearer secret open the pages and the API', async () => {
  for (const headers of [{ Cookie: cookie }, BEARER]) {
    for (const path of PAGES) assert.is((await request(prod.origin, path, { headers })).status, 200, path);
    const r = await api(prod.origin, 'GET', `forms/${m.lid}/${m.fId}`, undefined, headers);
    assert.is(r.status, 200);
    assert.is(obj(r.json).title, 'Modal');
  }
  const home = await request(prod.origin, '/studio', { headers: { Cookie: cookie } });
  assert.equal(dataOf(home.text), {
    page: 'home',
    stage: '/studio/stage',
    globalKey: '__mcsf',
    production: true,
    badge: { text: 'Powered by list.example.com', url: `${PUBLIC}/` },
  });
});

test(`production: a change through the API is taken from the public URL's pages and from clients without an \
origin, refused from any other origin or site`, async () => {
  const path = `forms/${m.lid}/${m.fId}`;
  const { settings } = obj((await api(prod.origin, 'GET', path, undefined, BEARER)).json);
  const put = (headers: Record<string, string>) =>
    api(prod.origin, 'PUT', path, { settings }, { Cookie: cookie, 'If-Match': `"${rev}"`, ...headers });
  let rev = (await formRevision()).revision;
  const refused: Record<string, string>[] = [
    { Origin: prod.origin },
    { Origin: 'https://evil.example' },
    { Origin: 'https://sub.list.example.com' },
    { Origin: 'http://localhost' },
    { Origin: `${PUBLIC}`, 'Sec-Fetch-Site': 'same-site' },
    { 'Sec-Fetch-Site': 'cross-site' },
  ];
  for (const headers of refused) {
    const r = await put(headers);
    assert.is(r.status, 403, JSON.stringify(headers));
    assert.is((await formRevision()).revision, rev);
  }
  const taken: Record<string, string>[] = [{ Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' }, {}];
  for (const headers of taken) {
    const r = await put(headers);
    assert.is(r.status, 200, r.text);
    rev++;
  }
});

test(`production: the publish snippets name the public URL, whatever Host the request came with`, async () => {
  const r = await api(prod.origin, 'GET', `publish/${m.lid}/${m.fId}`, undefined, { ...BEARER, Host: 'evil.example' });
  assert.is(r.status, 200);
  const s = obj(obj(r.json).snippets);
  assert.ok(String(s.queued).includes(`<script async src="${PUBLIC}/js/signup-forms/popup/embed.js"></script>`));
  assert.ok(String(s.tag).includes(`data-base-url="list.example.com" data-uuid="${DEMO_UUID}"`));
  assert.not.ok(r.text.includes('evil.example'));
  assert.not.ok(r.text.includes('127.0.0.1'));
});

test(`demo: the pages and the API answer this machine's names only, and no request that came through a \
proxy`, async () => {
  const port = new URL(demo.origin).port;
  for (const path of [...PAGES, '/owner/api/forms']) {
    assert.is((await request(demo.origin, path)).status, 200, path);
    assert.is((await request(demo.origin, path, { headers: { Host: `localhost:${port}` } })).status, 200, path);
    assert.is((await request(demo.origin, path, { headers: { Host: `evil.example:${port}` } })).status, 421, path);
    const proxied = await request(demo.origin, path, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    assert.is(proxied.status, 403, path);
  }
  const put = await api(
    demo.origin,
    'PUT',
    `forms/${m.lid}/${m.fId}`,
    { settings: m.settings },
    {
      Host: `rebound.example:${port}`,
      Origin: `http://rebound.example:${port}`,
      'If-Match': '"1"',
    },
  );
  assert.is(put.status, 421);
  const home = await request(demo.origin, '/studio');
  assert.is(dataOf(home.text).production, false);
  assert.equal(dataOf(home.text).badge, { text: `Powered by ${demo.host}`, url: `${demo.origin}/` });
});

test(`the shells: their page, list and form in the data, a strict CSP (the stage framed, calls to this server only), \
never framed; unknown lists and forms 404`, async () => {
  const editor = await request(demo.origin, `/studio/forms/${m.lid}/${m.fId}`);
  assert.is(editor.status, 200);
  assert.equal(dataOf(editor.text), { ...dataOf(editor.text), page: 'editor', lid: m.lid, fId: m.fId });
  assert.match(editor.text, /<title>Modal · Studio<\/title>/);
  assert.match(editor.text, /<main id="studio"><noscript>/);
  assert.match(editor.text, /<script nonce="[^"]+" src="\/studio\/studio\.js" defer><\/script>/);
  assert.match(editor.text, /<link rel="stylesheet" href="\/studio\/studio\.css">/);
  const list = await request(demo.origin, `/studio/lists/${m.lid}`);
  assert.equal(dataOf(list.text), { ...dataOf(list.text), page: 'subscribers', lid: m.lid });
  assert.equal(dataOf((await request(demo.origin, '/studio/')).text).page, 'home');
  const csp = String(editor.headers['content-security-policy']);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  assert.ok(nonce && editor.text.includes(`nonce="${nonce}"`));
  for (const part of [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'self'`,
    `style-src 'nonce-${nonce}' 'self'`,
    "img-src 'self' https:",
    "connect-src 'self'",
    "frame-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ])
    assert.ok(csp.split('; ').includes(part), `${part} in ${csp}`);
  assert.is(editor.headers['x-frame-options'], 'DENY');
  assert.is(editor.headers['referrer-policy'], 'same-origin', 'its calls carry its origin, not Origin: null');
  assert.is(editor.headers['cache-control'], 'no-store');
  for (const path of [`/studio/forms/${m.lid}/nosuchform`, '/studio/lists/nosuchlist', `/studio/forms/nosuch/${m.fId}`])
    assert.is((await request(demo.origin, path)).status, 404, path);
  for (const path of ['/studio/other', '/studio/forms/a', '/studio/studio.map'])
    assert.is((await request(demo.origin, path)).status, 404, path);
  assert.is((await request(demo.origin, '/studio', { method: 'POST' })).status, 405);
});

test(`the stage: popup.js of the asked version (only a version), <html lang dir> from its query, framed by the \
studio only`, async () => {
  const r = await request(demo.origin, '/studio/stage?v=1.1&lang=ar&dir=rtl');
  assert.is(r.status, 200);
  assert.match(r.text, /<script nonce="[^"]+" src="\/js\/signup-forms\/popup\/1\.1\/popup\.js"><\/script>/);
  assert.match(r.text, /<html lang="ar" dir="rtl">/);
  const csp = String(r.headers['content-security-policy']);
  assert.ok(csp.includes("frame-ancestors 'self'"), csp);
  assert.ok(/img-src 'self' \S+ https:/.test(csp), csp);
  assert.is(r.headers['x-frame-options'], 'SAMEORIGIN');
  const bad = await request(demo.origin, '/studio/stage?v=../../evil&lang=%22%3E&dir=up');
  assert.not.ok(bad.text.includes('evil'));
  assert.match(bad.text, /<html lang="en" dir="ltr">/);
});

test(`the studio's built files come from dist/studio/, revalidated, never for other sites; /preview \
redirects`, async () => {
  const dir = join(demo.dir, 'dist', 'studio');
  assert.is((await request(demo.origin, '/studio/studio.js')).status, 404, 'not built yet');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'studio.js'), 'console.log("studio")');
  writeFileSync(join(dir, 'studio.css'), 'main{color:red}');
  const js = await request(demo.origin, '/studio/studio.js');
  assert.equal(
    [js.status, js.text, js.headers['content-type']],
    [200, 'console.log("studio")', 'text/javascript; charset=utf-8'],
  );
  assert.is(js.headers['cache-control'], 'no-cache');
  assert.is(js.headers['access-control-allow-origin'], undefined);
  const again = await request(demo.origin, '/studio/studio.js', {
    headers: { 'If-None-Match': String(js.headers.etag) },
  });
  assert.is(again.status, 304);
  const css = await request(demo.origin, '/studio/studio.css');
  assert.equal([css.status, css.headers['content-type']], [200, 'text/css; charset=utf-8']);
  // In production they are the owner's, as every studio path.
  mkdirSync(join(prod.dir, 'dist', 'studio'), { recursive: true });
  writeFileSync(join(prod.dir, 'dist', 'studio', 'studio.js'), 'x');
  assert.is((await request(prod.origin, '/studio/studio.js')).status, 401);
  assert.is((await request(prod.origin, '/studio/studio.js', { headers: BEARER })).status, 200);
  for (const [from, to] of [
    ['/preview', '/studio'],
    ['/preview/stage?v=1.0&lang=fr', '/studio/stage?v=1.0&lang=fr'],
  ]) {
    const r = await request(demo.origin, from);
    assert.equal([r.status, r.headers.location], [308, to], from);
    assert.is((await request(prod.origin, from)).status, 308, 'nothing to hide behind the gate');
  }
});

test.run();
