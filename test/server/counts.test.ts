/**
 * The owner's numbers (issue 36 item 2) over real HTTP on the store of the pass (SQLite, and PostgreSQL in
 * server-pg), on two production providers sharing it as two processes would: beacons of shown and closed counted into
 * one row per form per day through both, bad beacons refused and counted nowhere, the per-client beacon limit shared,
 * subscribed counted on an accepted submit (form-post-json and the captcha page) and confirmed on a double opt-in
 * link, and the stats call behind the owner's secret with its days checked and missing days as zeros.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Provider } from '../../src/server/app';
import { countEvent, dayOf } from '../../src/server/db/form-counts';
import { BEACON_MAX_BYTES, BEACON_PATH } from '../../src/server/subscribe/beacon';
import { CAPTCHA_INPUTS } from '../../src/server/subscribe/captcha';
import {
  call,
  callQuery,
  DEMO_UUID,
  form,
  PRODUCTION,
  pressLink,
  request,
  startPair,
  subscribe,
  type TestPair,
} from './helpers';
import { api, obj } from './studio-helpers';

const AUTH = { Authorization: `Bearer ${PRODUCTION.ownerSecret}` };
const BEACON_MAX = 40;
const DAY_MS = 86_400_000;

let pair: TestPair;
let a: Provider;
let b: Provider;
test.before(async () => {
  pair = await startPair({
    ...PRODUCTION,
    rateLimit: { perClient: null, perAddress: null, beacons: { max: BEACON_MAX, windowMs: 60_000 } },
  });
  ({ a, b } = pair);
});
test.after(() => pair?.cleanup());

/** A beacon as the popup sends it (text/plain, as sendBeacon sends a string), from `from` (127.0.0.x: a client). */
const beacon = (p: Provider, body: string, from = '127.0.0.1', headers: Record<string, string> = {}) =>
  request(p.origin, BEACON_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://blog.example.org', ...headers },
    body,
    localAddress: from,
  });

const body = (key: string, e: string) => {
  const f = form(key);
  return JSON.stringify([DEMO_UUID, f.lid, f.fId, e]);
};

type Day = { date: string; shown: number; closed: number; subscribed: number; confirmed: number };

/** The stats call's days for demo form `key`, through provider `p`, with the owner's secret. */
const days = async (key: string, n?: number, p = a): Promise<Day[]> => {
  const f = form(key);
  const r = await api(p.origin, 'GET', `forms/${f.lid}/${f.fId}/stats${n ? `?days=${n}` : ''}`, undefined, AUTH);
  assert.is(r.status, 200, r.text);
  return obj(r.json).days as Day[];
};
const today = async (key: string) => (await days(key, 1))[0];

test('the settings answer says the provider counts', async () => {
  const r = await call(a.origin, 'form-settings', callQuery(form('modal')));
  assert.is(r.data.providerCounts, true);
});

test('counts: shown and closed from two providers on one store, at once, into one row per day', async () => {
  const sends = [
    ...Array.from({ length: 12 }, (_, i) => beacon(i % 2 ? a : b, body('slide', 'shown'))),
    ...Array.from({ length: 5 }, (_, i) => beacon(i % 2 ? b : a, body('slide', 'closed'))),
  ];
  for (const r of await Promise.all(sends)) {
    assert.is(r.status, 204);
    assert.is(r.headers['set-cookie'], undefined, 'no cookie');
    assert.is(r.headers['access-control-allow-origin'], '*');
  }
  // Yesterday's count is its own row: the days split by the UTC date.
  const f = form('slide');
  await countEvent(b.store, f.lid, f.fId, 'shown', Date.now() - DAY_MS);
  const two = await days('slide', 2, b);
  assert.equal(two, [
    { date: dayOf(Date.now() - DAY_MS), shown: 1, closed: 0, subscribed: 0, confirmed: 0 },
    { date: dayOf(Date.now()), shown: 12, closed: 5, subscribed: 0, confirmed: 0 },
  ]);
  const rows = await a.store.all('SELECT day FROM form_counts WHERE list_id = ? AND f_id = ?', [f.lid, f.fId]);
  assert.is(rows.length, 2);
});

test('bad beacons are refused and count nothing: unknown form, bad event, another shape, too large', async () => {
  const f = form('fixed');
  const q = (...v: unknown[]) => JSON.stringify(v);
  assert.is((await beacon(a, q(DEMO_UUID, 'nosuchlist', f.fId, 'shown'))).status, 404);
  assert.is((await beacon(a, q(DEMO_UUID, f.lid, 'nosuchform', 'shown'))).status, 404);
  assert.is((await beacon(b, q('someone-else', f.lid, f.fId, 'shown'))).status, 404);
  for (const e of ['subscribed', 'confirmed', 'clicked', '', 'SHOWN'])
    assert.is((await beacon(a, q(DEMO_UUID, f.lid, f.fId, e))).status, 400, e);
  const shapes = [
    q(DEMO_UUID, f.lid, f.fId),
    q(DEMO_UUID, f.lid, f.fId, 'shown', 'visitor-1'),
    q(DEMO_UUID, f.lid, f.fId, ['shown']),
    q('', f.lid, f.fId, 'shown'),
    JSON.stringify({ u: DEMO_UUID, id: f.lid, f_id: f.fId, e: 'shown' }),
    new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, e: 'shown' }).toString(),
    `${q(DEMO_UUID, f.lid, f.fId, 'shown')}x`,
  ];
  for (const s of shapes) assert.is((await beacon(a, s)).status, 400, s);
  const big = q(DEMO_UUID, f.lid, f.fId.padEnd(BEACON_MAX_BYTES, ' '), 'shown');
  assert.is((await beacon(a, big)).status, 413);
  assert.is((await request(a.origin, BEACON_PATH)).status, 405);
  assert.equal(await today('fixed'), { date: dayOf(Date.now()), shown: 0, closed: 0, subscribed: 0, confirmed: 0 });
});

test('beacons are rate limited per client, across both providers; another client is not', async () => {
  const from = '127.0.0.9';
  const first = await Promise.all(
    Array.from({ length: BEACON_MAX }, (_, i) => beacon(i % 2 ? a : b, body('template-1', 'shown'), from)),
  );
  assert.equal(
    first.map((r) => r.status),
    first.map(() => 204),
  );
  assert.is((await beacon(a, body('template-1', 'shown'), from)).status, 429);
  assert.is((await beacon(b, body('template-1', 'closed'), from)).status, 429);
  // A header naming another client changes nothing: no proxy is trusted.
  assert.is((await beacon(b, body('template-1', 'shown'), from, { 'X-Forwarded-For': '203.0.113.7' })).status, 429);
  assert.is((await beacon(a, body('template-1', 'shown'), '127.0.0.10')).status, 204);
  const t = await today('template-1');
  assert.equal([t.shown, t.closed], [BEACON_MAX + 1, 0]);
});

test('subscribed counts a submit the provider accepted, through either provider; a refused one does not', async () => {
  assert.is((await subscribe(a.origin, 'template-2', { EMAIL: 'one@example.com' })).data.result, 'success');
  assert.is((await subscribe(b.origin, 'template-2', { EMAIL: 'two@example.com' })).data.result, 'success');
  // The same person again: accepted (a change proposed), answered as a new one, and counted as a submit accepted.
  assert.is((await subscribe(a.origin, 'template-2', { EMAIL: 'ONE@example.com' })).data.result, 'success');
  assert.is((await subscribe(a.origin, 'template-2', { EMAIL: 'not an address' })).data.result, 'error');
  const f = form('template-2');
  const bot = await call(
    a.origin,
    'form-post-json',
    callQuery(f, { popup: 'true', EMAIL: 'bot@example.com', [`b_${DEMO_UUID}_${f.lid}`]: 'filled' }),
  );
  assert.is(bot.data.result, 'success', 'the honeypot is answered as a success');
  const t = await today('template-2');
  assert.equal([t.subscribed, t.confirmed, t.shown], [3, 0, 0]);
});

test('subscribed counts the captcha path too (the shared submit)', async () => {
  const f = form('captcha');
  const q = new URLSearchParams({ u: DEMO_UUID, id: f.lid, popup: 'true', f_id: f.fId, EMAIL: 'human@example.com' });
  const page = await request(a.origin, `/subscribe/post?${q}`);
  const hidden: Record<string, string> = {};
  for (const m of page.text.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    hidden[m[1]] = m[2].replace(/&amp;/g, '&');
  const sum = /What is (\d+) plus (\d+)\?/.exec(page.text);
  assert.ok(sum, 'a question');
  const done = await request(b.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...hidden,
      [CAPTCHA_INPUTS.answer]: String(Number(sum[1]) + Number(sum[2])),
    }).toString(),
  });
  assert.is(done.status, 200, done.text);
  assert.is((await today('captcha')).subscribed, 1);
});

test('confirmed counts a double opt-in link applied, once however often it is followed', async () => {
  assert.is((await subscribe(a.origin, 'double-opt-in', { EMAIL: 'doi@example.com' })).data.result, 'success');
  let t = await today('double-opt-in');
  assert.equal([t.subscribed, t.confirmed], [1, 0]);
  const mail = await a.store.get<{ link: string }>('SELECT link FROM outbox WHERE to_addr = ? ORDER BY id DESC', [
    'doi@example.com',
  ]);
  assert.is((await pressLink(b.origin, mail!.link)).status, 200);
  assert.is((await pressLink(a.origin, mail!.link)).status, 200);
  t = await today('double-opt-in');
  assert.equal([t.subscribed, t.confirmed], [1, 1]);
});

test('stats: the owner only; days 1..365, 30 by default, oldest first, missing days as zeros', async () => {
  const f = form('every-field');
  const path = `forms/${f.lid}/${f.fId}/stats`;
  assert.is((await api(a.origin, 'GET', path)).status, 401);
  assert.is((await api(a.origin, 'GET', path, undefined, { Authorization: 'Bearer wrong' })).status, 401);
  const d30 = await days('every-field');
  assert.is(d30.length, 30);
  assert.is(d30[29].date, dayOf(Date.now()));
  assert.is(d30[0].date, dayOf(Date.now() - 29 * DAY_MS));
  assert.ok(d30.every((d) => d.shown + d.closed + d.subscribed + d.confirmed === 0));
  await countEvent(a.store, f.lid, f.fId, 'closed', Date.now() - 3 * DAY_MS);
  const d7 = await days('every-field', 7, b);
  assert.equal(
    d7.map((d) => d.closed),
    [0, 0, 0, 1, 0, 0, 0],
  );
  assert.is((await days('every-field', 365)).length, 365);
  // The same days as CSV, the studio's download: behind the secret too.
  assert.is((await api(a.origin, 'GET', `${path}.csv?days=7`)).status, 401);
  const csv = await api(b.origin, 'GET', `${path}.csv?days=7`, undefined, AUTH);
  assert.is(csv.status, 200);
  assert.is(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.match(String(csv.headers['content-disposition']), /^attachment; filename="stats-[\w-]+\.csv"$/);
  const lines = csv.text.trim().split('\r\n');
  assert.is(lines.length, 8);
  assert.is(lines[4], `${dayOf(Date.now() - 3 * DAY_MS)},0,1,0,0,`);
  for (const bad of ['0', '366', '-1', '1.5', 'x', '', '30&days=30', '0030'])
    assert.is((await api(a.origin, 'GET', `${path}?days=${bad}`, undefined, AUTH)).status, 400, bad);
  assert.is((await api(a.origin, 'GET', `forms/${f.lid}/nosuchform/stats`, undefined, AUTH)).status, 404);
});

test('the forms list carries each form its 30 days of shown and subscribed', async () => {
  const r = await api(b.origin, 'GET', 'forms', undefined, AUTH);
  const forms = (obj(r.json).lists as { forms: { fId: string; lid: string; last30: unknown }[] }[]).flatMap(
    (l) => l.forms,
  );
  const of = (key: string) => forms.find((x) => x.lid === form(key).lid && x.fId === form(key).fId)?.last30;
  assert.equal(of('slide'), { shown: 13, subscribed: 0 });
  assert.equal(of('template-2'), { shown: 0, subscribed: 3 });
  assert.equal(of('modal'), { shown: 0, subscribed: 0 });
});

test.run();
