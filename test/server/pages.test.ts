/** The provider's pages (issue 5): demo host page, the studio's shell and stage, mailbox, demo images, extra routes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { page } from '../../src/server/pages/html';
import { JS_PATH } from '../../src/constants';
import type { Route } from '../../src/server/route';
import { DEMO_FORMS, DEMO_UUID, form, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
const seen: string[] = [];
const blog: Route = async (req, res, url, ctx) => {
  seen.push(url.pathname);
  if (url.pathname !== '/' && !url.pathname.startsWith('/posts/')) return false;
  const n = (await ctx.store.get<{ n: number }>('SELECT count(*) AS n FROM forms'))!.n;
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end(`blog ${req.method} ${n}`);
  return true;
};

test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

test(`the demo page at / and /demo carries the real snippet for the provider's host, \
and lists every form`, async () => {
  for (const path of ['/', '/demo']) {
    const r = await request(p.origin, path);
    assert.is(r.status, 200, path);
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
    const first = DEMO_FORMS[0];
    // Run under the page's nonce (its CSP), shown without one.
    const nonce = /'nonce-([\w+/=]+)'/.exec(String(r.headers['content-security-policy']))?.[1];
    assert.ok(r.text.includes(`<script nonce="${nonce}" src="//${p.host}/${JS_PATH}embed.js"></script>`), path);
    assert.ok(r.text.includes(`&lt;script src=&quot;//${p.host}/${JS_PATH}embed.js&quot;&gt;`), path);
    assert.ok(
      r.text.includes(
        `L.start({"baseUrl":"${p.host}","uuid":"${DEMO_UUID}","lid":"${first.lid}","f_id":"${first.fId}"})`,
      ),
      path,
    );
    for (const f of DEMO_FORMS) {
      assert.ok(r.text.includes(`href="/demo?form=${f.key}"`), f.key);
      assert.ok(r.text.includes(`<code>${f.lid}</code>`) && r.text.includes(`<code>${f.fId}</code>`), f.key);
    }
  }
});

test('the demo page loads the chosen form, names the host it was reached by, 404s an unknown form', async () => {
  const f = form('gdpr');
  // Reached by an alias of this machine (PROVIDER_HOSTS: its owner pages answer only this machine's names).
  const alias = await startTest({ hosts: ['shop.example'] });
  try {
    const r = await request(alias.origin, '/demo?form=gdpr', { headers: { Host: 'shop.example:8080' } });
    assert.ok(
      r.text.includes(
        `L.start({"baseUrl":"shop.example:8080","uuid":"${DEMO_UUID}","lid":"${f.lid}","f_id":"${f.fId}"})`,
      ),
    );
  } finally {
    await alias.cleanup();
  }
  // A hostile Host header is not echoed: refused before any page.
  const evil = await request(p.origin, '/demo', { headers: { Host: '"><script>alert(1)</script>' } });
  assert.is(evil.status, 421);
  assert.not.ok(evil.text.includes('alert(1)'));
  assert.ok((await request(p.origin, '/demo')).text.includes(`baseUrl":"${p.host}"`));
  assert.is((await request(p.origin, '/demo?form=nope')).status, 404);
  assert.is((await request(p.origin, '/demo', { method: 'POST' })).status, 404);
});

test('the demo page has a meta description naming its form, escaped (issue 12: Lighthouse SEO)', async () => {
  const r = await request(p.origin, '/demo?form=gdpr');
  const m = /<meta name="description" content="([^"]*)">/.exec(r.text);
  assert.ok(m?.[1].includes(form('gdpr').title.replace(/&/g, '&amp;')), m ? m[1] : r.text.slice(0, 400));
  assert.match(page('t', '', '', '', 'a "b" <c>'), /<meta name="description" content="a &quot;b&quot; &lt;c&gt;">/);
  assert.not.match(page('t', '', ''), /name="description"/);
});

test(`the studio's shell hands its script the page's data as inline JSON that nothing can end early`, async () => {
  const made = await request(p.origin, '/owner/api/lists', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: '</script><script>alert(1)</script> \u2028' }),
  });
  const m = { lid: String(JSON.parse(made.text).id) };
  const r = await request(p.origin, `/studio/lists/${m.lid}`);
  assert.is(r.status, 200);
  const data = /<script nonce="[^"]+" type="application\/json" id="studio-data">(.*?)<\/script>/s.exec(r.text);
  assert.ok(data, 'inline data');
  assert.equal(JSON.parse((data as RegExpExecArray)[1]), {
    page: 'subscribers',
    lid: m.lid,
    stage: '/studio/stage',
    globalKey: '__mcsf',
    production: false,
    badge: { text: `Powered by ${p.host}`, url: `${p.origin}/` },
  });
  assert.is((r.text.match(/<script/g) || []).length, 2, 'the data and studio.js, nothing the list name made');
  assert.match(r.text, /<title>Subscribers of &lt;\/script&gt;&lt;script&gt;alert\(1\)/);
});

test('the studio stage loads the popup script of the asked version, and only a version', async () => {
  const r = await request(p.origin, '/studio/stage?v=1.1');
  assert.match(r.text, new RegExp(`<script nonce="[\\w+/=]+" src="/${JS_PATH}1\\.1/popup\\.js"></script>`));
  assert.is(r.headers['x-frame-options'], 'SAMEORIGIN');
  assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'self'/);
  const bad = await request(p.origin, '/studio/stage?v=../../evil');
  assert.match(bad.text, new RegExp(`<script nonce="[\\w+/=]+" src="/${JS_PATH}1\\.0/popup\\.js"></script>`));
});

test("the studio stage's <html lang dir> come from its query only as a language tag and ltr or rtl", async () => {
  const root = async (q: string) => /<html[^>]*>/.exec((await request(p.origin, `/studio/stage?v=1.0${q}`)).text)![0];
  assert.is(await root(''), '<html lang="en" dir="ltr">');
  assert.is(await root('&lang=ar&dir=rtl'), '<html lang="ar" dir="rtl">');
  assert.is(await root('&lang=zh-Hant-TW&dir=ltr'), '<html lang="zh-Hant-TW" dir="ltr">');
  // Anything else is the default, never markup: no quote, space or angle bracket reaches the page.
  for (const q of [
    '&lang=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    '&lang=en%20x',
    '&lang=e',
    `&lang=en-${'a'.repeat(40)}`,
    '&lang=en_US',
    '&dir=%22%20onload%3D%22x',
    '&dir=auto',
  ])
    assert.is(await root(q), '<html lang="en" dir="ltr">', q);
});

test('the mailbox lists the outbox newest first, escaped', async () => {
  const empty = await request(p.origin, '/mailbox');
  assert.match(empty.text, /No e-mail yet/);
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'first@example.com', FNAME: '<b>x</b>' });
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'second@example.com' });
  const r = await request(p.origin, '/mailbox');
  assert.is(r.status, 200);
  const a = r.text.indexOf('second@example.com');
  const b = r.text.indexOf('first@example.com');
  assert.ok(a > 0 && b > a);
  assert.match(r.text, new RegExp(`<a href="${p.origin}/subscribe/confirm\\?token=[\\da-f]{32}">`));
});

test('demo images are served by the provider; /favicon.ico is empty', async () => {
  const r = await request(p.origin, '/demo/assets/form-image.svg');
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'image/svg+xml');
  assert.match(r.text, /^<svg/);
  assert.is((await request(p.origin, '/demo/assets/flag-us.svg')).status, 200);
  assert.is((await request(p.origin, '/demo/assets/nope.svg')).status, 404);
  // No icon, and no 404 for the one browsers ask for.
  const icon = await request(p.origin, '/favicon.ico');
  assert.is(icon.status, 204);
  assert.is(icon.body.length, 0);
});

test('extra routes run first, get the database, and fall through when they return false', async () => {
  const q = await startTest({ routes: [blog] });
  try {
    const home = await request(q.origin, '/');
    assert.is(home.text, `blog GET ${DEMO_FORMS.length}`);
    assert.is((await request(q.origin, '/posts/hello')).text, `blog GET ${DEMO_FORMS.length}`);
    assert.match((await request(q.origin, '/demo')).text, /L\.start/);
    assert.is((await request(q.origin, `/subscribe/form-settings?c=cb&u=x&id=y`)).text, '/**/cb({"result":"error"});');
    assert.ok(seen.includes('/demo') && seen.includes('/subscribe/form-settings'));
  } finally {
    await q.cleanup();
  }
});

test('an extra route that throws is a 500, and the server keeps serving', async () => {
  const boom: Route = (_req, _res, url) => {
    if (url.pathname === '/boom') throw Error('boom');
    return false;
  };
  const errors: string[] = [];
  const was = console.error;
  console.error = (...a: unknown[]) => errors.push(a.join(' '));
  const q = await startTest({ routes: [boom] });
  try {
    const r = await request(q.origin, '/boom?email=x@example.com');
    assert.is(r.status, 500);
    assert.ok(errors.some((e) => e.includes('/boom') && e.includes('boom')));
    assert.not.ok(errors.some((e) => e.includes('x@example.com')));
    assert.is((await request(q.origin, '/demo')).status, 200);
  } finally {
    console.error = was;
    await q.cleanup();
  }
});

test('the request log: one line per request, path without query, no e-mail address', async () => {
  const chunks: string[] = [];
  const q = await startTest({ quiet: false, logWrite: (c) => chunks.push(c) });
  try {
    await subscribe(q.origin, 'modal', { EMAIL: 'secret.person@example.com', FNAME: 'Secret' });
    await request(q.origin, '/mail/someone@example.com/x');
    await request(q.origin, '/mail/someone%40example.com');
    await request(q.origin, '/demo');
  } finally {
    await q.cleanup();
  }
  // Whole lines in every write; the last is flushed on close.
  assert.ok(
    chunks.every((c) => c.endsWith('\n')),
    JSON.stringify(chunks),
  );
  const lines = chunks.join('').split('\n').slice(0, -1);
  assert.is(lines.length, 4);
  assert.match(lines[0], /^\d{4}-\d\d-\d\dT\S+Z GET \/subscribe\/form-post-json 200 \d+ \d+\.\dms$/);
  assert.match(lines[1], / GET \/mail\/\[address\]\/x 404 /);
  assert.match(lines[2], / GET \/mail\/\[address\] 404 /);
  assert.match(lines[3], / GET \/demo 200 /);
  for (const l of lines) {
    assert.not.ok(/@|%40|secret|Secret|\?/.test(l), l);
    assert.ok(Number(l.split(' ')[4]) > 0, l);
  }
});

test.run();
