/** The captcha path /subscribe/post (spec 4.5 step 2, 7.1): fields checked, a human check, then the signup. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listSubscribers } from '../../src/server/db/subscribers';
import { CAPTCHA_INPUTS, checkAnswer, newChallenge } from '../../src/server/subscribe/captcha';
import { DEMO_UUID, form, request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const f = form('captcha');
const base = { u: DEMO_UUID, id: f.lid, popup: 'true', f_id: f.fId };

/** Reads the hidden inputs and the question of a challenge page. */
const unescapeHtml = (v: string) =>
  v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const readChallenge = (html: string) => {
  const hidden: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    hidden[unescapeHtml(m[1])] = unescapeHtml(m[2]);
  const q = /What is (\d+) plus (\d+)\?/.exec(html);
  if (!q) throw Error('no question on the page');
  return { hidden, answer: String(Number(q[1]) + Number(q[2])) };
};

const post = (fields: Record<string, string>) =>
  request(p.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

test('GET shows a human check carrying the fields; the right answer subscribes', async () => {
  const r = await request(
    p.origin,
    `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'human@example.com', FNAME: 'Hu "<Man>"' })}`,
  );
  assert.is(r.status, 200);
  assert.is(r.headers['x-frame-options'], 'DENY');
  assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.not.match(r.text, /<script/);
  assert.not.match(r.text, /<Man>/);
  assert.match(r.text, /<label for="answer">What is \d+ plus \d+\?<\/label>/);
  const { hidden, answer } = readChallenge(r.text);
  assert.is(hidden.EMAIL, 'human@example.com');
  assert.is(hidden.FNAME, 'Hu "<Man>"');
  assert.is((await listSubscribers(p.store, f.lid)).length, 0);
  const done = await post({ ...hidden, [CAPTCHA_INPUTS.answer]: answer });
  assert.is(done.status, 200);
  assert.match(done.text, /Thank you for subscribing!/);
  const rows = await listSubscribers(p.store, f.lid);
  assert.is(rows.length, 1);
  assert.is(rows[0].email, 'human@example.com');
  assert.equal(rows[0].merge_fields, { FNAME: 'Hu "<Man>"' });
  // The same answered challenge cannot subscribe again.
  const replay = await post({ ...hidden, EMAIL: 'other@example.com', [CAPTCHA_INPUTS.answer]: answer });
  assert.is(replay.status, 400);
  assert.match(replay.text, /answered already/);
  assert.is((await listSubscribers(p.store, f.lid)).length, 1);
});

test('the per-address rate limit applies on the captcha path too', async () => {
  const t = await startTest({ rateLimit: { perClient: null, perAddress: { max: 1, windowMs: 60_000 } } });
  try {
    const once = async (EMAIL: string) => {
      const r = await request(t.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL })}`);
      const { hidden, answer } = readChallenge(r.text);
      return request(t.origin, '/subscribe/post', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...hidden, [CAPTCHA_INPUTS.answer]: answer }).toString(),
      });
    };
    assert.is((await once('target@example.com')).status, 200);
    const again = await once('TARGET@example.com');
    assert.is(again.status, 400);
    assert.match(again.text, /Too many signup attempts for this address/);
    assert.is((await once('another@example.com')).status, 200);
    assert.is((await listSubscribers(t.store, f.lid)).length, 2);
  } finally {
    await t.cleanup();
  }
});

test('captcha answers count against the per-client limit: past it, 429 and nobody subscribed', async () => {
  const t = await startTest({ rateLimit: { perClient: { max: 2, windowMs: 60_000 }, perAddress: null } });
  try {
    const answerOnce = async (EMAIL: string, wrong = false) => {
      const r = await request(t.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL })}`);
      const { hidden, answer } = readChallenge(r.text);
      return request(t.origin, '/subscribe/post', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...hidden, [CAPTCHA_INPUTS.answer]: wrong ? '1000' : answer }).toString(),
      });
    };
    assert.is((await answerOnce('w@example.com', true)).status, 400);
    assert.is((await answerOnce('ok@example.com')).status, 200);
    const over = await answerOnce('over@example.com');
    assert.is(over.status, 429);
    assert.is(over.headers['retry-after'], '60');
    assert.match(over.text, /Too many signup attempts from your network/);
    assert.equal(
      (await listSubscribers(t.store, f.lid)).map((r) => r.email),
      ['ok@example.com'],
    );
  } finally {
    await t.cleanup();
  }
});

test('a wrong answer shows a new question and subscribes nobody', async () => {
  const r = await request(p.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'wrong@example.com' })}`);
  const { hidden, answer } = readChallenge(r.text);
  const bad = await post({ ...hidden, [CAPTCHA_INPUTS.answer]: String(Number(answer) + 1) });
  assert.is(bad.status, 400);
  assert.match(bad.text, /not right/);
  readChallenge(bad.text);
  // A forged signature fails the same way.
  const forged = await post({ ...hidden, [CAPTCHA_INPUTS.sig]: 'f'.repeat(64), [CAPTCHA_INPUTS.answer]: answer });
  assert.is(forged.status, 400);
  assert.not.ok((await listSubscribers(p.store, f.lid)).some((s) => s.email === 'wrong@example.com'));
});

test('invalid fields are listed by label before any question', async () => {
  const r = await request(p.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'nope' })}`);
  assert.is(r.status, 400);
  assert.match(r.text, /Email Address<\/strong>: Please enter a valid email address\./);
  assert.not.match(r.text, /plus/);
});

test('a valid answer with invalid fields changed after the check is still refused by the rules', async () => {
  const r = await request(p.origin, `/subscribe/post?${new URLSearchParams({ ...base, EMAIL: 'swap@example.com' })}`);
  const { hidden, answer } = readChallenge(r.text);
  const res = await post({ ...hidden, EMAIL: 'bad address', [CAPTCHA_INPUTS.answer]: answer });
  assert.is(res.status, 400);
  assert.match(res.text, /Please enter a valid email address/);
});

test('checkAnswer: expiry, form binding and malformed input spend nothing; any answer to ours spends it', async () => {
  const key = `${DEMO_UUID}/${f.lid}/${f.fId}`;
  const c = await newChallenge(p.store, key, 1_000);
  const [a, b] = (/(\d+) plus (\d+)/.exec(c.question) || []).slice(1).map(Number);
  const ans = String(a + b);
  assert.is(await checkAnswer(p.store, 'other/form/key', c, ans, 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, c, ans, 1_000 + 11 * 60e3), 'expired');
  assert.is(await checkAnswer(p.store, key, { ...c, exp: 'x' }, ans, 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, { ...c, exp: String(Number(c.exp) + 1) }, ans, 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, { ...c, nonce: 'short' }, ans, 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, { ...c, sig: 'zz' }, ans, 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, { ...c, seal: 'f'.repeat(64) }, ans, 2_000), 'wrong');
  // That last one was ours with a bad seal: spent, like any wrong answer.
  assert.is(await checkAnswer(p.store, key, c, ans, 2_000), 'used');
  const d = await newChallenge(p.store, key, 1_000);
  const [x, y] = (/(\d+) plus (\d+)/.exec(d.question) || []).slice(1).map(Number);
  assert.is(await checkAnswer(p.store, key, d, ` ${x + y} `, 2_000), 'ok');
  assert.is(await checkAnswer(p.store, key, d, String(x + y), 2_000), 'used');
  const e = await newChallenge(p.store, key, 1_000);
  assert.is(await checkAnswer(p.store, key, e, '1000', 2_000), 'wrong');
  assert.is(await checkAnswer(p.store, key, e, '1000', 2_000), 'used');
});

test('bad requests: unknown form 404, repeated field 400, wrong body type 415, huge body 413, PUT 405', async () => {
  assert.is((await request(p.origin, '/subscribe/post?u=x&id=y')).status, 404);
  assert.is(
    (await request(p.origin, `/subscribe/post?${new URLSearchParams(base)}&EMAIL=a@example.com&EMAIL=b@example.com`))
      .status,
    400,
  );
  const json = await request(p.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  assert.is(json.status, 415);
  const big = await post({ ...base, EMAIL: 'big@example.com', FNAME: 'x'.repeat(40 * 1024) });
  assert.is(big.status, 413);
  assert.is((await request(p.origin, '/subscribe/post', { method: 'PUT' })).status, 405);
});

test.run();
