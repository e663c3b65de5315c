/**
 * Two provider processes behind one proxy behave as one (issue 15 item 2): two providers started on one store (the
 * same SQLite file; the same PostgreSQL schema in the server-pg pass) share the rate limits, see each other's form
 * edits, spend a captcha challenge once, whichever of them shows and answers it (a wrong answer too), count the
 * owner's sign-in attempts together and accept each other's owner sessions. Each runs as a separate
 * startProvider with its own connections, as separate processes would; a real two-process run is the bench's
 * (bench/load.ts) and hardening-durability's on dist-node/main.mjs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { OWNER_LOGIN_MAX } from '../../src/server/constants';
import { startProvider, type Provider } from '../../src/server/app';
import { listSubscribers } from '../../src/server/db/subscribers';
import { CAPTCHA_INPUTS } from '../../src/server/subscribe/captcha';
import { MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from '../../src/server/subscribe/messages';
import { call, callQuery, DEMO_UUID, form, PRODUCTION, request, startPair, subscribe, type TestPair } from './helpers';

let pair: TestPair;
let a: Provider;
let b: Provider;
test.before(async () => {
  pair = await startPair({
    rateLimit: { perClient: { max: 4, windowMs: 60_000 }, perAddress: { max: 2, windowMs: 60_000 } },
  });
  ({ a, b } = pair);
});
test.after(() => pair?.cleanup());

test('two providers on one store: separate servers, separate connections', () => {
  assert.is.not(a.origin, b.origin);
  assert.is.not(a.store, b.store);
  assert.is(a.store.dialect, b.store.dialect);
});

test(`the per-address limit counts signups on one list through both; the per-client limit every submit through \
both`, async () => {
  const ok = (r: { data: Record<string, unknown> }) => r.data.result;
  assert.is(ok(await subscribe(a.origin, 'modal', { EMAIL: 'both@example.com' })), 'success');
  assert.is(ok(await subscribe(b.origin, 'modal', { EMAIL: 'Both@example.com' })), 'success');
  assert.equal((await subscribe(a.origin, 'modal', { EMAIL: 'BOTH@example.com' })).data, {
    result: 'error',
    msg: MSG_RATE_ADDRESS,
  });
  // The fourth submit of this client (127.0.0.1 on both), on another list, is the last within the limit; the
  // fifth, on either, is over.
  assert.is(ok(await subscribe(b.origin, 'slide', { EMAIL: 'both@example.com' })), 'success');
  assert.equal((await subscribe(b.origin, 'modal', { EMAIL: 'third@example.com' })).data, {
    result: 'error',
    msg: MSG_RATE_CLIENT,
  });
  assert.equal((await subscribe(a.origin, 'modal', { EMAIL: 'fourth@example.com' })).data, {
    result: 'error',
    msg: MSG_RATE_CLIENT,
  });
  // One row per list the address joined (modal's and slide's), none for the refused submits; the second submit on
  // modal's list, a change proposed to the person, left the row as the first stored it.
  assert.equal(
    (await listSubscribers(a.store)).map((r) => [r.list, r.email]),
    [
      [form('modal').lid, 'both@example.com'],
      [form('slide').lid, 'both@example.com'],
    ],
  );
});

test("a form edit through one provider's store is answered by the other on its next call", async () => {
  const f = form('template-2');
  // Both have the form cached.
  for (const p of [a, b])
    assert.is((await call(p.origin, 'form-settings', callQuery(f))).data.successMsg, f.settings.successMsg);
  const settings = { ...f.settings, successMsg: 'Edited through A' };
  await a.store.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [
    JSON.stringify(settings),
    f.lid,
    f.fId,
  ]);
  assert.is((await call(b.origin, 'form-settings', callQuery(f))).data.successMsg, 'Edited through A');
  assert.is((await call(a.origin, 'form-settings', callQuery(f))).data.successMsg, 'Edited through A');
  await b.store.run('UPDATE lists SET uuid = ? WHERE id = ?', ['someone-else', f.lid]);
  assert.equal((await call(a.origin, 'form-settings', callQuery(f))).data, { result: 'error' });
  await b.store.run('UPDATE lists SET uuid = ? WHERE id = ?', [DEMO_UUID, f.lid]);
  assert.is((await call(a.origin, 'form-settings', callQuery(f))).data.successMsg, 'Edited through A');
});

/** The hidden inputs and the answer of a captcha page. */
const challenge = (html: string) => {
  const hidden: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) hidden[m[1]] = m[2];
  const q = /What is (\d+) plus (\d+)\?/.exec(html);
  if (!q) throw Error('no question on the page');
  return { ...hidden, [CAPTCHA_INPUTS.answer]: String(Number(q[1]) + Number(q[2])) };
};
const answer = (p: Provider, fields: Record<string, string>) =>
  request(p.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

test(`a captcha challenge shown by one provider is answered on the other, once: \
spent there, refused on the first`, async () => {
  const f = form('captcha');
  const base = { u: DEMO_UUID, id: f.lid, f_id: f.fId, popup: 'true' };
  // Fresh providers for this test: the limits of the test above are spent for this client.
  const opts = { ...pair.place.options, distDir: join(pair.dir, 'dist'), quiet: true, rateLimit: false as const };
  const c = await startProvider(opts);
  const d = await startProvider(opts);
  try {
    const shown = await request(
      c.origin,
      `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'cap@example.com' })}`,
    );
    const fields = challenge(shown.text);
    const first = await answer(d, fields);
    assert.is(first.status, 200, first.text);
    assert.match(first.text, /Thank you for subscribing!/);
    const again = await answer(c, { ...fields, EMAIL: 'cap.two@example.com' });
    assert.is(again.status, 400);
    assert.match(again.text, /answered already/);
    assert.equal(
      (await listSubscribers(c.store, f.lid)).map((r) => r.email),
      ['cap@example.com'],
    );
    // A wrong answer on one spends the challenge on the other too (issue 13): the right sum finds it used there.
    const next = challenge(
      (await request(d.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'cap.three@example.com' })}`))
        .text,
    );
    const wrong = await answer(c, {
      ...next,
      [CAPTCHA_INPUTS.answer]: String(Number(next[CAPTCHA_INPUTS.answer]) + 1),
    });
    assert.match(wrong.text, /not right/);
    const right = await answer(d, next);
    assert.is(right.status, 400);
    assert.match(right.text, /answered already/);
    assert.not.ok((await listSubscribers(c.store, f.lid)).some((r) => r.email === 'cap.three@example.com'));
  } finally {
    await c.close();
    await d.close();
  }
});

test(`production on two providers: sign-in attempts are counted across both, \
and a session from one opens the other's owner pages`, async () => {
  const secret = PRODUCTION.ownerSecret;
  const opts = { ...pair.place.options, distDir: join(pair.dir, 'dist'), quiet: true, ...PRODUCTION };
  const c = await startProvider(opts);
  const d = await startProvider(opts);
  const signIn = (p: Provider, guess: string) =>
    request(p.origin, '/owner/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: guess, next: '/studio' }).toString(),
    });
  try {
    const ok = await signIn(c, secret);
    assert.is(ok.status, 303);
    const cookie = String(ok.headers['set-cookie']).split(';')[0];
    // The session is a cookie signed with the owner secret: the other process, with the same secret, accepts it.
    assert.is((await request(d.origin, '/studio', { headers: { Cookie: cookie } })).status, 200);
    // Half the allowed attempts through one, the rest through the other: the next, on either, is refused.
    for (let i = 1; i < OWNER_LOGIN_MAX; i++) assert.is((await signIn(i % 2 ? d : c, `guess ${i}`)).status, 401);
    for (const p of [c, d]) {
      const over = await signIn(p, secret);
      assert.is(over.status, 429);
      assert.is(over.headers['set-cookie'], undefined);
    }
  } finally {
    await c.close();
    await d.close();
  }
});

test.run();
