/**
 * form-settings and is-email-subscribed over real HTTP (spec 3.2, 3.7, 7.1), and the bad-input rules every JSONP
 * call shares (issue 5): callback validation, answer headers, U+2028/2029, repeated parameters, 414.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROVIDER_MAX_URL } from '../../src/server/constants';
import { openStore } from '../../src/server/store/open';
import type { Queryable } from '../../src/server/store/types';
import {
  call,
  callQuery,
  DEMO_FORMS,
  DEMO_UUID,
  form,
  parseJsonp,
  request,
  startTest,
  subscribe,
  type TestProvider,
} from './helpers';

let p: TestProvider;

/** Sets successMsg in a stored form's settings JSON, through `q` (any connection to the store). */
const setSuccessMsg = async (q: Queryable, lid: string, fId: string, msg: string) => {
  const row = await q.get<{ settings: string }>('SELECT settings FROM forms WHERE list_id = ? AND f_id = ?', [
    lid,
    fId,
  ]);
  const settings = { ...(JSON.parse(row!.settings) as Record<string, unknown>), successMsg: msg };
  await q.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [JSON.stringify(settings), lid, fId]);
};
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

test(`form-settings answers every demo form's stored settings, relative image URLs made absolute, with this \
provider's badge and providerCounts`, async () => {
  for (const f of DEMO_FORMS) {
    const { data } = await call(p.origin, 'form-settings', callQuery(f));
    const badge = { text: `Powered by ${p.host}`, url: `${p.origin}/` };
    // providerCounts: this provider counts what the popup reports (issue 36 item 2).
    const want: Record<string, unknown> = { ...f.settings, appDomain: p.host, poweredBy: badge, providerCounts: true };
    if (typeof want.imageUrl === 'string' && want.imageUrl) want.imageUrl = `//${p.host}${want.imageUrl}`;
    // An SMS program's image too: the popup shows only an http(s) or protocol-relative one.
    want.fields = JSON.parse(
      JSON.stringify(want.fields).replace(/"imgSrc":"(\/[^/][^"]*)"/g, `"imgSrc":"//${p.host}$1"`),
    );
    assert.equal(data, want, f.key);
  }
  const sms = (await call(p.origin, 'form-settings', callQuery(form('sms')))).data.fields as {
    smsProgramData?: { imgSrc: string }[];
  }[];
  assert.equal(
    sms.flatMap((f) => f.smsProgramData || []).map((d) => d.imgSrc),
    [`//${p.host}/demo/assets/flag-us.svg`],
  );
});

test('form-settings: Y/N strings, popupDelay and the fields of spec 3.2/3.4 in the seeded shape', async () => {
  const { data } = await call(p.origin, 'form-settings', callQuery(form('sms')));
  assert.is(data.useMobileBanner, 'Y');
  assert.is(data.useTtt, 'Y');
  assert.is(data.useEmailStep, 'Y');
  assert.is(data.popupDelay, 1);
  const fields = data.fields as Record<string, unknown>[];
  assert.equal(
    fields.map((f) => [f.type, f.name, f.merge_id]),
    [
      ['email', 'EMAIL', 0],
      ['smsphone', 'SMSPHONE', 15],
    ],
  );
  const variants = await Promise.all(
    ['modal', 'fixed', 'slide'].map((k) => call(p.origin, 'form-settings', callQuery(form(k)))),
  );
  assert.equal(
    variants.map((v) => v.data.modalVariation),
    ['modal', 'fixed', 'slide'],
  );
  const templates = await Promise.all(
    [1, 2, 3, 4, 5].map((t) => call(p.origin, 'form-settings', callQuery(form(`template-${t}`)))),
  );
  assert.equal(
    templates.map((v) => v.data.template),
    [1, 2, 3, 4, 5],
  );
});

test('form-settings without f_id answers the list\'s form; unknown ids answer result "error"', async () => {
  const f = form('gdpr');
  const { data } = await call(
    p.origin,
    'form-settings',
    new URLSearchParams({ u: DEMO_UUID, id: f.lid, c: 'cb' }).toString(),
  );
  assert.is(data.hasGdprEnabled, true);
  const qs: Record<string, string>[] = [
    { u: 'other', id: f.lid, f_id: f.fId },
    { u: DEMO_UUID, id: 'other', f_id: f.fId },
    { u: DEMO_UUID, id: f.lid, f_id: form('modal').fId },
    {},
  ];
  for (const q of qs) {
    const r = await call(p.origin, 'form-settings', new URLSearchParams({ ...q, c: 'cb' }).toString());
    assert.equal(r.data, { result: 'error' }, JSON.stringify(q));
  }
});

test('JSONP answers: /**/ prefix, script type, nosniff, no caching, timings readable by the page', async () => {
  const r = await request(p.origin, `/subscribe/form-settings?${callQuery(form('modal'), {}, 'window.__mcsf123')}`);
  assert.is(r.status, 200);
  assert.ok(r.text.startsWith('/**/window.__mcsf123({'));
  assert.ok(r.text.endsWith('});'));
  assert.is(r.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(r.headers['x-content-type-options'], 'nosniff');
  assert.is(r.headers['cache-control'], 'no-store');
  assert.is(r.headers['timing-allow-origin'], '*');
  assert.is(Number(r.headers['content-length']), r.body.length);
});

test('the callback must be one identifier path of at most 64 characters, else 400 for every call', async () => {
  const bad = [
    '',
    '1cb',
    'a-b',
    'alert(1)',
    'a..b',
    'a.',
    '.a',
    'a b',
    'a;b',
    'é',
    'a'.repeat(65),
    'x.'.repeat(32) + 'y',
  ];
  const good = ['cb', '$', '_', 'a.b.c', '__mcsf123', 'a'.repeat(64), 'jQuery123_456', '$.x'];
  for (const path of ['form-settings', 'is-email-subscribed', 'form-post-json']) {
    for (const c of bad) {
      const r = await request(p.origin, `/subscribe/${path}?u=${DEMO_UUID}&id=x&c=${encodeURIComponent(c)}`);
      assert.is(r.status, 400, `${path} ${c}`);
      assert.not.match(r.text, /\(/);
    }
    for (const c of good) {
      const r = await request(p.origin, `/subscribe/${path}?u=${DEMO_UUID}&id=x&c=${encodeURIComponent(c)}`);
      assert.is(r.status, 200, `${path} ${c}`);
      parseJsonp(r.text, c);
    }
    assert.is((await request(p.origin, `/subscribe/${path}?u=x&id=y`)).status, 400, `${path}: no callback`);
    assert.is((await request(p.origin, `/subscribe/${path}?c=a&c=b`)).status, 400, `${path}: two callbacks`);
  }
});

test('U+2028 and U+2029 in settings are escaped in the script', async () => {
  const f = form('template-5');
  const settings = { ...f.settings, successMsg: 'line\u2028sep\u2029para' };
  await p.store.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [
    JSON.stringify(settings),
    f.lid,
    f.fId,
  ]);
  const r = await request(p.origin, `/subscribe/form-settings?${callQuery(f)}`);
  assert.not.ok(/[\u2028\u2029]/.test(r.text));
  assert.ok(r.text.includes('line\\u2028sep\\u2029para'));
  assert.is(parseJsonp(r.text).successMsg, 'line\u2028sep\u2029para');
  // A new function runs the body as a script would: it must parse and call back with the same data.
  let got: unknown;
  new Function('cb', r.text)((d: unknown) => (got = d));
  assert.is((got as Record<string, unknown>).successMsg, 'line\u2028sep\u2029para');
});

test('settings are served from memory but an edit from any connection shows on the next call', async () => {
  const f = form('template-4');
  const first = await call(p.origin, 'form-settings', callQuery(f));
  assert.is(first.data.successMsg, f.settings.successMsg);
  // Another connection, as an owner's shell or a second process would be.
  const other = await openStore(p.place.target);
  try {
    await setSuccessMsg(other, f.lid, f.fId, 'Edited elsewhere');
    assert.is((await call(p.origin, 'form-settings', callQuery(f))).data.successMsg, 'Edited elsewhere');
    // A submit reads the same fresh settings.
    assert.is(
      (await subscribe(p.origin, 'template-4', { EMAIL: 'fresh@example.com', FNAME: 'F', LNAME: 'L' })).data.msg,
      'Edited elsewhere',
    );
    // Moving the list to another account hides the form at once; moving it back shows it again.
    await other.run('UPDATE lists SET uuid = ? WHERE id = ?', ['someone-else', f.lid]);
    assert.equal((await call(p.origin, 'form-settings', callQuery(f))).data, { result: 'error' });
    await other.run('UPDATE lists SET uuid = ? WHERE id = ?', [DEMO_UUID, f.lid]);
    assert.is((await call(p.origin, 'form-settings', callQuery(f))).data.successMsg, 'Edited elsewhere');
    await other.run('DELETE FROM forms WHERE list_id = ? AND f_id = ?', [f.lid, f.fId]);
    assert.equal((await call(p.origin, 'form-settings', callQuery(f))).data, { result: 'error' });
  } finally {
    await other.close();
  }
  // Another Host gets its own absolute image URLs from the same cached form.
  const g = form('modal');
  const r = await request(p.origin, `/subscribe/form-settings?${callQuery(g)}`, {
    headers: { Host: 'shop.example:9000' },
  });
  assert.is(parseJsonp(r.text).appDomain, 'shop.example:9000');
  assert.is((await call(p.origin, 'form-settings', callQuery(g))).data.appDomain, p.host);
});

test("a repeated parameter is answered in the call's terms: settings error, not subscribed", async () => {
  const f = form('modal');
  // With another value: a repeat with the same value is that value (issue 13 item 8, hardening-http.test.ts).
  const r = await call(p.origin, 'form-settings', `${callQuery(f)}&id=${f.lid}x`);
  assert.equal(r.data, { result: 'error' });
  const s = await call(p.origin, 'is-email-subscribed', `${callQuery(f)}&mc_eid=a&mc_eid=b&mc_cid=c`);
  assert.equal(s.data, { isEmailSubscribed: false });
});

test('URLs over the limit get 414, on every path', async () => {
  const pad = 'x'.repeat(PROVIDER_MAX_URL);
  for (const path of ['/subscribe/form-post-json?c=cb&EMAIL=', '/subscribe/form-settings?c=cb&u=', '/demo?form=']) {
    const r = await request(p.origin, path + pad);
    assert.is(r.status, 414, path);
  }
  const under = '/subscribe/form-settings?c=cb&u=' + 'x'.repeat(PROVIDER_MAX_URL - 40);
  assert.is((await request(p.origin, under)).status, 200);
});

test('is-email-subscribed: true only for a subscribed member and a campaign of that list', async () => {
  const f = form('template-2');
  await subscribe(p.origin, 'template-2', { EMAIL: 'member@example.com', FNAME: 'M' });
  const mail = (await p.store.get<{ link: string }>(
    "SELECT link FROM outbox WHERE to_addr = ? AND subject LIKE 'Welcome%'",
    ['member@example.com'],
  ))!;
  const link = new URL(mail.link);
  const eid = link.searchParams.get('mc_eid') || '';
  const cid = link.searchParams.get('mc_cid') || '';
  assert.match(eid, /^[\da-f]{10}$/);
  const ask = async (q: Record<string, string>) =>
    (await call(p.origin, 'is-email-subscribed', new URLSearchParams({ c: 'cb', ...q }).toString())).data;
  assert.equal(await ask({ u: DEMO_UUID, id: f.lid, mc_eid: eid, mc_cid: cid }), { isEmailSubscribed: true });
  assert.equal(await ask({ u: DEMO_UUID, id: f.lid, mc_eid: eid, mc_cid: 'nope' }), { isEmailSubscribed: false });
  assert.equal(await ask({ u: DEMO_UUID, id: f.lid, mc_eid: 'nope', mc_cid: cid }), { isEmailSubscribed: false });
  assert.equal(await ask({ u: DEMO_UUID, id: form('modal').lid, mc_eid: eid, mc_cid: `c${form('modal').lid}` }), {
    isEmailSubscribed: false,
  });
  assert.equal(await ask({ u: 'other', id: f.lid, mc_eid: eid, mc_cid: cid }), { isEmailSubscribed: false });
  assert.equal(await ask({}), { isEmailSubscribed: false });
  // A pending double opt-in subscriber is not subscribed yet.
  const d = form('double-opt-in');
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'pend@example.com' });
  const { eid: pendingEid } = (await p.store.get<{ eid: string }>('SELECT eid FROM subscribers WHERE email = ?', [
    'pend@example.com',
  ]))!;
  assert.equal(await ask({ u: DEMO_UUID, id: d.lid, mc_eid: pendingEid, mc_cid: `c${d.lid}` }), {
    isEmailSubscribed: false,
  });
});

test('unknown paths are 404; a non-GET on a call is 405', async () => {
  assert.is((await request(p.origin, '/subscribe/nothing?c=cb')).status, 404);
  assert.is((await request(p.origin, '/nothing')).status, 404);
  const r = await request(p.origin, `/subscribe/form-settings?${callQuery(form('modal'))}`, { method: 'DELETE' });
  assert.is(r.status, 405);
});

test.run();
