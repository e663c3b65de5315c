/**
 * Hostile input against the reference provider over real HTTP and a temporary SQLite file (issue 8 'In the
 * provider', issue 5 'Bad input'): callback injection, huge URLs, slow headers, e-mail edge cases, array
 * parameters, the honeypot, and the per-client and per-address rate limits of form-post-json.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import {
  PROVIDER_HEADERS_TIMEOUT_MS,
  PROVIDER_REQUEST_TIMEOUT_MS,
  RATE_ADDRESS_MAX,
  RATE_ADDRESS_WINDOW_MS,
  RATE_CLIENT_MAX,
  RATE_CLIENT_WINDOW_MS,
} from '../../src/server/constants';
import { limitersFor } from '../../src/server/app';
import { counter, counterKey, sweep } from '../../src/server/db/counters';
import { clientKey, directClient, proxiedClient } from '../../src/server/http/ratelimit';
import { MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from '../../src/server/subscribe/messages';
import { call, callQuery, DEMO_UUID, form, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const count = async (t: TestProvider, sql: string, ...args: string[]) =>
  (await t.store.get<{ n: number }>(sql, args))!.n;
/** Rows in every table a signup writes. */
const stored = (t: TestProvider) =>
  Promise.all(
    ['subscribers', 'outbox', 'consents', 'confirmations'].map((table) =>
      count(t, `SELECT count(*) AS n FROM ${table}`),
    ),
  );
const CALLS = ['form-settings', 'is-email-subscribed', 'form-post-json'];

test('callback injection is a 400 with no script: alert(1)//, arrays, repeats, 5 kB names', async () => {
  const f = form('modal');
  const base = new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, EMAIL: 'inject@example.com' }).toString();
  const hostile = [
    'c=' + encodeURIComponent('alert(1)//'),
    'c=' + encodeURIComponent('cb);alert(1)//'),
    'c=' + encodeURIComponent('cb//'),
    'c=' + encodeURIComponent('cb\n'),
    'c=' + encodeURIComponent('cb\u2028'),
    'c=' + encodeURIComponent('</script><script>alert(1)</script>'),
    'c=' + encodeURIComponent('a["b"]'),
    'c=a&c=b',
    'c=cb&c=cb2',
    'c[]=cb',
    'c[0]=cb&c[1]=x',
    'c=' + 'a'.repeat(5000),
    'c=' + 'a.'.repeat(2500) + 'a',
  ];
  for (const path of CALLS)
    for (const c of hostile) {
      const r = await request(p.origin, `/subscribe/${path}?${base}&${c}`);
      assert.is(r.status, 400, `${path} ${c.slice(0, 40)}`);
      assert.is(r.headers['content-type'], 'text/plain; charset=utf-8');
      assert.is(r.headers['x-content-type-options'], 'nosniff');
      assert.not.ok(r.text.includes('alert') || r.text.includes('aaaa'), r.text);
    }
  // Nothing reached the store, and a good callback still works afterwards.
  assert.equal(await stored(p), [0, 0, 0, 0]);
  assert.is((await call(p.origin, 'form-settings', callQuery(f))).status, 200);
});

test(`a 20 kB URL is a 414 on every path; a URL past the header limit is refused; \
the server keeps serving`, async () => {
  const pad = 'x'.repeat(20_000);
  for (const path of [
    ...CALLS.map((c) => `/subscribe/${c}?c=cb&EMAIL=`),
    '/demo?form=',
    '/studio?x=',
    '/js/signup-forms/popup/embed.js?',
  ]) {
    const r = await request(p.origin, path + pad);
    assert.is(r.status, 414, path);
    assert.not.ok(r.text.includes(pad.slice(0, 100)), 'the URL is not echoed');
  }
  // Past maxHeaderSize Node refuses the head itself (431) before any route runs.
  const huge = await request(p.origin, '/subscribe/form-settings?c=cb&u=' + 'x'.repeat(70_000));
  assert.ok(huge.status === 431 || huge.status === 414, String(huge.status));
  assert.is((await call(p.origin, 'form-settings', callQuery(form('modal')))).status, 200);
  assert.equal(await stored(p), [0, 0, 0, 0]);
});

/**
 * Connects, sends `head`, then one `unit` every 50 ms up to `units` of them (nothing at all when `head` is empty and
 * `unit` is ''): what the client had sent when the server closed the connection, and what the server said.
 */
const drip = (
  origin: string,
  head: string,
  unit: (i: number) => string,
  units: number,
): Promise<{ reply: string; sent: number; closed: boolean }> =>
  new Promise((resolve) => {
    const u = new URL(origin);
    const sock = connect(Number(u.port), u.hostname);
    let reply = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearInterval(timer);
      sock.destroy();
      resolve({ reply, sent, closed });
    };
    sock.on('connect', () => {
      if (head) sock.write(head);
      timer = setInterval(() => {
        if (++sent >= units) return done(false);
        const chunk = unit(sent);
        if (chunk) sock.write(chunk);
      }, 50);
    });
    sock.on('data', (d) => (reply += d));
    sock.on('error', () => undefined);
    sock.on('close', () => done(true));
  });

test('slow clients: a head or a body dripped, or nothing sent, gets 408 and the connection ends', async () => {
  const t = await startTest({ timeouts: { headersMs: 300, requestMs: 600 } });
  try {
    assert.is(t.server.headersTimeout, 300);
    assert.is(t.server.requestTimeout, 600);
    // 400 units at 50 ms would take 20 s: the server must end each of these long before the request is complete.
    const slowHead = await drip(
      t.origin,
      'GET /subscribe/form-settings?c=cb HTTP/1.1\r\nHost: example.test\r\n',
      (i) => `X-Slow-${i}: zzzzzzzzzz\r\n`,
      400,
    );
    assert.ok(slowHead.closed && slowHead.sent < 400, `the whole head was waited for (${slowHead.sent} lines)`);
    assert.match(slowHead.reply, /^HTTP\/1\.1 408 /);
    const idle = await drip(t.origin, '', () => '', 400);
    assert.ok(idle.closed && idle.sent < 400, 'an idle connection is closed');
    const body = 'u=x&id=y&EMAIL=' + 'a'.repeat(400);
    const slowBody = await drip(
      t.origin,
      'POST /subscribe/post HTTP/1.1\r\nHost: example.test\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      (i) => body[i - 1] || '',
      400,
    );
    assert.ok(slowBody.closed && slowBody.sent < 400, `the whole body was waited for (${slowBody.sent} bytes)`);
    assert.match(slowBody.reply, /^HTTP\/1\.1 408 /);
    // A normal request on the same server is unaffected.
    assert.is((await call(t.origin, 'form-settings', callQuery(form('modal')))).status, 200);
  } finally {
    await t.cleanup();
  }
  // Defaults: what src/constants.ts says.
  assert.is(p.server.headersTimeout, PROVIDER_HEADERS_TIMEOUT_MS);
  assert.is(p.server.requestTimeout, PROVIDER_REQUEST_TIMEOUT_MS);
});

test('e-mail edge cases: 64/254 limits, case and spaces fold to one row, CR/LF and NUL refused', async () => {
  const f = form('template-2');
  const limits: [string, boolean][] = [
    [`${'l'.repeat(64)}@example.com`, true],
    [`${'l'.repeat(65)}@example.com`, false],
    [`m@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(56)}.com`, true],
    [`m@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`, false],
  ];
  assert.equal(
    limits.map(([e]) => e.length),
    [76, 77, 254, 255],
  );
  for (const [email, ok] of limits) {
    const { data } = await subscribe(p.origin, 'template-2', { EMAIL: email });
    assert.is(data.result, ok ? 'success' : 'error', `${email.length}`);
  }
  const before = await count(p, 'SELECT count(*) AS n FROM subscribers WHERE list_id = ?', f.lid);
  const spellings = ['Fold.Me@Example.com', '  fold.me@example.com  ', '\tFOLD.ME@EXAMPLE.COM', 'fold.me@example.COM '];
  const answers: string[] = [];
  for (const EMAIL of spellings) {
    const { data } = await subscribe(p.origin, 'template-2', { EMAIL });
    assert.is(data.result, 'success', EMAIL);
    answers.push(JSON.stringify(data));
  }
  assert.is(new Set(answers).size, 1, 'every spelling answers exactly as the first');
  assert.is(await count(p, 'SELECT count(*) AS n FROM subscribers WHERE list_id = ?', f.lid), before + 1);
  const row = (await p.store.get("SELECT email FROM subscribers WHERE contact_key = 'e:fold.me@example.com'")) as {
    email: string;
  };
  assert.not.match(row.email, /^\s|\s$/);
  const rows0 = await stored(p);
  for (const EMAIL of [
    'crlf@example.com\r\nBcc: victim@example.com',
    'lf@example.com\n',
    '\r\ncr@example.com',
    'c\rr@example.com',
    'nul@example.com\u0000',
  ]) {
    const { data } = await subscribe(p.origin, 'template-2', { EMAIL });
    assert.is(data.result, 'error', JSON.stringify(EMAIL));
    assert.equal(data.errors, { 0: 'Please enter a valid email address.' }, JSON.stringify(EMAIL));
  }
  assert.equal(await stored(p), rows0);
});

test('arrays and odd names where a single value belongs: an error answer, never a crash', async () => {
  const f = form('modal');
  const rows0 = await stored(p);
  const submits = [
    `${callQuery(f)}&EMAIL=a@example.com&EMAIL=b@example.com`,
    `${callQuery(f)}&EMAIL=a@example.com&FNAME=x&FNAME=y`,
    `${callQuery(f)}&EMAIL=a@example.com&u=${DEMO_UUID}x`,
    `${callQuery(f)}&EMAIL=a@example.com&f_id=${f.fId}x`,
    `${callQuery(f)}&EMAIL=a@example.com&popup=true&popup=false`,
  ];
  for (const q of submits) {
    const { data } = await call(p.origin, 'form-post-json', q);
    assert.is(data.result, 'error', q);
    assert.type(data.msg, 'string');
  }
  assert.equal(await stored(p), rows0);
  // Prototype names and bracket names are plain names: answered, never merged into objects.
  for (const name of [
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'EMAIL[]',
    'EMAIL[0]',
    '__proto__[EMAIL]',
  ]) {
    const { data } = await call(
      p.origin,
      'form-post-json',
      `${callQuery(f)}&${encodeURIComponent(name)}=x&EMAIL=${encodeURIComponent(`odd.${name.length}@example.com`)}`,
    );
    assert.ok(data.result === 'success' || data.result === 'error', name);
  }
  assert.equal((await call(p.origin, 'form-settings', `${callQuery(f)}&u=x`)).data, { result: 'error' });
  assert.equal((await call(p.origin, 'is-email-subscribed', `${callQuery(f)}&mc_cid=a&mc_cid=b`)).data, {
    isEmailSubscribed: false,
  });
  assert.equal((await call(p.origin, 'form-settings', `c=cb&u[]=${DEMO_UUID}&id=${f.lid}`)).data, { result: 'error' });
});

test('a filled honeypot is answered like a success and stores nothing, even with invalid fields', async () => {
  const f = form('double-opt-in');
  const trap = `b_${DEMO_UUID}_${f.lid}`;
  const real = await subscribe(p.origin, 'double-opt-in', { EMAIL: 'real.person@example.com' });
  const rows0 = await stored(p);
  for (const fields of [
    { EMAIL: 'bot@example.com', [trap]: 'x' },
    { EMAIL: 'not-an-address', [trap]: '1' },
    { [trap]: 'spam' },
  ]) {
    const { data } = await subscribe(p.origin, 'double-opt-in', fields);
    assert.equal(Object.keys(data).sort(), Object.keys(real.data).sort());
    assert.equal({ ...data, webEngagementCookieValue: '' }, { ...real.data, webEngagementCookieValue: '' });
    assert.match(String(data.webEngagementCookieValue), /^[\da-f]{24}$/);
  }
  assert.equal(await stored(p), rows0);
  assert.is(await count(p, 'SELECT count(*) AS n FROM outbox WHERE to_addr = ?', 'bot@example.com'), 0);
});

test(`per-client rate limit: every submit counts, the next is a JSONP error with a message, \
nothing stored`, async () => {
  const t = await startTest({ rateLimit: { perClient: { max: 3, windowMs: 60_000 }, perAddress: null } });
  try {
    assert.is((await subscribe(t.origin, 'modal', { EMAIL: 'c1@example.com' })).data.result, 'success');
    assert.is((await subscribe(t.origin, 'modal', { EMAIL: 'not-an-address' })).data.result, 'error');
    assert.is((await subscribe(t.origin, 'slide', { EMAIL: 'c2@example.com' })).data.result, 'success');
    const rows0 = await stored(t);
    const { data, reply } = await subscribe(t.origin, 'slide', { EMAIL: 'c3@example.com' });
    assert.equal(data, { result: 'error', msg: MSG_RATE_CLIENT });
    assert.is(reply.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(await stored(t), rows0);
    // Only submits are limited: settings still load.
    const settings = (await call(t.origin, 'form-settings', callQuery(form('modal')))).data;
    assert.is.not(settings.result, 'error');
    assert.ok(Array.isArray(settings.fields));
  } finally {
    await t.cleanup();
  }
});

test(`behind a trusted proxy, \
clients are told apart by the address the proxy saw (last X-Forwarded-For entry)`, async () => {
  const t = await startTest({
    rateLimit: { perClient: { max: 1, windowMs: 60_000 }, perAddress: null, trustProxy: true },
  });
  try {
    const via = async (xff: string, EMAIL: string) => {
      const r = await request(t.origin, `/subscribe/form-post-json?${callQuery(form('modal'), { EMAIL })}`, {
        headers: { 'X-Forwarded-For': xff },
      });
      return JSON.parse(r.text.slice('/**/cb('.length, -2)).result as string;
    };
    assert.is(await via('203.0.113.7', 'p1@example.com'), 'success');
    // A visitor cannot escape by sending their own header: the proxy appends the real address last.
    assert.is(await via('198.51.100.1, 203.0.113.7', 'p2@example.com'), 'error');
    assert.is(await via('203.0.113.8', 'p3@example.com'), 'success');
  } finally {
    await t.cleanup();
  }
  // Without trust, the header changes nothing: every request here is 127.0.0.1.
  const u = await startTest({ rateLimit: { perClient: { max: 1, windowMs: 60_000 }, perAddress: null } });
  try {
    assert.is((await subscribe(u.origin, 'modal', { EMAIL: 'q1@example.com' })).data.result, 'success');
    const r = await request(
      u.origin,
      `/subscribe/form-post-json?${callQuery(form('modal'), { EMAIL: 'q2@example.com' })}`,
      { headers: { 'X-Forwarded-For': '203.0.113.9' } },
    );
    assert.match(r.text, /"result":"error"/);
  } finally {
    await u.cleanup();
  }
});

test(`per-address rate limit, per list (issue 13 item 9): stored signups of one address in any case; exhausted on \
form A, the address is still accepted on form B (another list); other addresses unaffected`, async () => {
  const t = await startTest({ rateLimit: { perClient: null, perAddress: { max: 2, windowMs: 60_000 } } });
  try {
    const A = 'double-opt-in';
    assert.is((await subscribe(t.origin, A, { EMAIL: 'Often@example.com' })).data.result, 'success');
    // Invalid submits never reach the count: a visitor fixing a typo is not limited.
    for (let i = 0; i < 3; i++)
      assert.is(
        (await subscribe(t.origin, A, { EMAIL: 'often@example.com', FNAME: 'x'.repeat(300) })).data.result,
        'error',
      );
    // The second signup of the address on this list counts too (a change proposed, and its e-mail).
    assert.is((await subscribe(t.origin, A, { EMAIL: 'OFTEN@example.com ' })).data.result, 'success');
    const rows0 = await stored(t);
    const { data } = await subscribe(t.origin, A, { EMAIL: 'often@EXAMPLE.com' });
    assert.equal(data, { result: 'error', msg: MSG_RATE_ADDRESS });
    assert.equal(await stored(t), rows0, 'no row and no e-mail');
    // Form B is on another list: the same address is accepted there, stored and mailed.
    const B = form('modal');
    assert.is((await subscribe(t.origin, 'modal', { EMAIL: 'often@example.com' })).data.result, 'success');
    assert.is(await count(t, 'SELECT count(*) AS n FROM subscribers WHERE list_id = ?', B.lid), 1);
    assert.is(await count(t, 'SELECT count(*) AS n FROM outbox WHERE list_id = ?', B.lid), 1);
    assert.is(
      (await subscribe(t.origin, A, { EMAIL: 'someone.else@example.com' })).data.result,
      'success',
      'another address on form A',
    );
  } finally {
    await t.cleanup();
  }
});

test('the default limits apply when none are given: one client, many addresses', async () => {
  const t = await startTest({ rateLimit: undefined });
  try {
    const results: unknown[] = [];
    for (let i = 0; i <= RATE_CLIENT_MAX; i++)
      results.push((await subscribe(t.origin, 'modal', { EMAIL: `d${i}@example.com` })).data.result);
    assert.equal(results.slice(0, RATE_CLIENT_MAX), Array(RATE_CLIENT_MAX).fill('success'));
    assert.is(results[RATE_CLIENT_MAX], 'error');
    assert.is(await count(t, 'SELECT count(*) AS n FROM subscribers'), RATE_CLIENT_MAX);
  } finally {
    await t.cleanup();
  }
  const d = limitersFor(p.store, undefined, {});
  assert.ok(d.perClient && d.perAddress);
  assert.equal(d.perClient.limit, { max: RATE_CLIENT_MAX, windowMs: RATE_CLIENT_WINDOW_MS });
  assert.equal(d.perAddress.limit, { max: RATE_ADDRESS_MAX, windowMs: RATE_ADDRESS_WINDOW_MS });
  const lifted = (l: ReturnType<typeof limitersFor>) => [l.perClient, l.perAddress];
  assert.equal(lifted(limitersFor(p.store, undefined, { PROVIDER_RATE_LIMIT: 'off' })), [null, null]);
  assert.equal(lifted(limitersFor(p.store, false, {})), [null, null]);
  assert.equal(
    lifted(limitersFor(p.store, { perClient: null }, {})).map((l) => l === null),
    [true, false],
  );
  assert.is(limitersFor(p.store, undefined, {}).client, directClient);
  assert.is(limitersFor(p.store, undefined, { PROVIDER_TRUST_PROXY: '1' }).client, proxiedClient);
  assert.is(limitersFor(p.store, { trustProxy: false }, { PROVIDER_TRUST_PROXY: '1' }).client, directClient);
  assert.ok(
    RATE_CLIENT_MAX * (3_600_000 / RATE_CLIENT_WINDOW_MS) >= RATE_ADDRESS_MAX &&
      RATE_ADDRESS_WINDOW_MS >= RATE_CLIENT_WINDOW_MS,
  );
});

test(`counters in the store: windows end and restart, counters apart by name, \
ended windows swept, no address stored`, async () => {
  let now = 1_000;
  // Counters of the signups above (the mailbox limit's, counting in real time) are not this test's.
  const before = new Set((await p.store.all<{ key: string }>('SELECT key FROM rate_counters')).map((r) => r.key));
  const a = counter(p.store, 'test-a', { max: 2, windowMs: 100 }, () => now);
  const b = counter(p.store, 'test-b', { max: 2, windowMs: 100 }, () => now);
  const hits = async (c: typeof a, key: string, n: number) => {
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) out.push(await c.hit(key));
    return out;
  };
  assert.equal(await hits(a, 'who@example.com', 3), [true, true, false]);
  assert.equal(await hits(a, 'someone.else@example.com', 1), [true]);
  // The same key under another name counts apart.
  assert.equal(await hits(b, 'who@example.com', 2), [true, true]);
  now += 99;
  assert.equal(await hits(a, 'who@example.com', 1), [false], 'the window lasts windowMs');
  now += 1;
  assert.equal(await hits(a, 'who@example.com', 3), [true, true, false], 'a new window from its end on');
  const keys = async () =>
    (await p.store.all<{ key: string }>('SELECT key FROM rate_counters ORDER BY key'))
      .map((r) => r.key)
      .filter((k) => !before.has(k));
  const stored = await keys();
  assert.ok(stored.includes(counterKey('test-a', 'who@example.com')));
  assert.not.ok(
    stored.some((k) => k.includes('@') || k.includes('who')),
    'keys are hashes',
  );
  assert.is.not(counterKey('test-a', 'b:x'), counterKey('test-a:b', 'x'));
  // Windows that ended go at the next sweep, however many keys were invented; running ones stay.
  for (let i = 0; i < 30; i++) await a.hit(`invented.${i}@example.com`);
  now += 100;
  await a.hit('late@example.com');
  assert.ok((await sweep(p.store, now, true)) >= 30);
  assert.equal(
    (await keys()).filter((k) => stored.includes(k) || k === counterKey('test-a', 'late@example.com')),
    [counterKey('test-a', 'late@example.com')],
  );
});

test('clientKey: IPv4 as is, IPv4-mapped IPv6 unwrapped, IPv6 by its /64', () => {
  const cases: [string | undefined, string][] = [
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:db8:0:1::5', '2001:db8:0:1::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, '-'],
  ];
  for (const [ip, key] of cases) assert.is(clientKey(ip), key, String(ip));
});

test.run();
