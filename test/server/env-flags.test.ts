/**
 * Yes-or-no settings read as people spell them: PROVIDER_TRUST_PROXY and PROVIDER_RATE_LIMIT take 1/true/yes/on and
 * 0/false/no/off in any case, and anything else stops the start with a message naming the setting. Before, only
 * PROVIDER_TRUST_PROXY=1 and PROVIDER_RATE_LIMIT=off were read: `true` or `false` were silently ignored, so behind a
 * proxy every visitor was one client to the rate limits. Over `npm start` (dist-node/main.mjs) and startProvider.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_CLIENT_MAX } from '../../src/server/constants';
import { limitersFor, startProvider } from '../../src/server/app';
import { directClient, proxiedClient } from '../../src/server/http/ratelimit';
import { callQuery, form, freshTarget, parseJsonp, request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
let dir = '';
test.before(async () => {
  p = await startTest();
  dir = mkdtempSync(join(tmpdir(), 'env-flags-'));
});
test.after(async () => {
  await p.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const YES = ['1', 'true', 'TRUE', 'yes', 'Yes', 'on', ' on '];
const NO = ['0', 'false', 'False', 'no', 'off', 'OFF', ''];
const BAD = ['maybe', 'enabled', '2', 'y', 'disable'];

test('every usual spelling of yes and no is read, for both settings', () => {
  for (const v of YES) {
    assert.is(limitersFor(p.store, undefined, { PROVIDER_TRUST_PROXY: v }).client, proxiedClient, v);
    assert.ok(limitersFor(p.store, undefined, { PROVIDER_RATE_LIMIT: v }).perClient, v);
  }
  for (const v of NO) {
    assert.is(limitersFor(p.store, undefined, { PROVIDER_TRUST_PROXY: v }).client, directClient, v);
    // Empty is unset: the limits stand.
    assert.is(limitersFor(p.store, undefined, { PROVIDER_RATE_LIMIT: v }).perClient === null, v !== '', v);
  }
  // Lifted limits leave the proxy trusted (the blog's comment limits count clients too).
  assert.is(
    limitersFor(p.store, undefined, { PROVIDER_RATE_LIMIT: 'no', PROVIDER_TRUST_PROXY: 'yes' }).client,
    proxiedClient,
  );
  for (const v of BAD)
    for (const name of ['PROVIDER_TRUST_PROXY', 'PROVIDER_RATE_LIMIT'])
      assert.throws(
        () => limitersFor(p.store, undefined, { [name]: v }),
        (e: Error) => e.message.startsWith(`${name} must be one of 1, true, yes, on or 0, false, no, off`),
        `${name}=${v}`,
      );
});

/** Runs dist-node/main.mjs on a free port with `env`; once it listens, `whileUp(origin)` runs, then it stops. */
const run = (env: Record<string, string>, whileUp: (origin: string) => Promise<void> = async () => {}) =>
  new Promise<{ code: number | null; out: string; error?: unknown }>((done) => {
    const child = spawn(process.execPath, ['dist-node/main.mjs'], {
      env: {
        ...process.env,
        PORT: '0',
        PROVIDER_RATE_LIMIT: '',
        PROVIDER_TRUST_PROXY: '',
        PROVIDER_MAILBOX_DAILY_MAX: '',
        PROVIDER_RETENTION_DAYS: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let error: unknown;
    let started = false;
    const read = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m || started) return;
      started = true;
      whileUp(m[1]).then(
        () => child.kill('SIGTERM'),
        (e) => {
          error = e;
          child.kill('SIGTERM');
        },
      );
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => done({ code, out, error }));
  });

test('npm start and startProvider refuse a value that is neither yes nor no, opening nothing', async () => {
  for (const [name, v] of [
    ['PROVIDER_TRUST_PROXY', 'maybe'],
    ['PROVIDER_RATE_LIMIT', 'disabled'],
  ]) {
    const r = await run({ PROVIDER_DB: join(dir, 'never.sqlite'), DATABASE_URL: '', [name]: v });
    assert.is(r.code, 2, r.out);
    assert.match(r.out, new RegExp(`${name} must be one of 1, true, yes, on or 0, false, no, off, not "${v}"`));
    assert.not.match(r.out, /listening on/);
    process.env[name] = v;
    try {
      const err = await startProvider({ dbPath: join(dir, 'never.sqlite'), distDir: dir, quiet: true }).then(
        (s) => s.close().then(() => null),
        (e: Error) => e,
      );
      assert.match(err?.message || 'started', new RegExp(`${name} must be one of`));
    } finally {
      delete process.env[name];
    }
  }
  assert.equal(readdirSync(dir), [], 'no store was opened');
});

test('npm start and startProvider refuse a mailbox limit or retention that is no number, opening nothing', async () => {
  // Issue 32: PROVIDER_MAILBOX_DAILY_MAX (item 2) and PROVIDER_RETENTION_DAYS ("Retention").
  for (const [name, v, says] of [
    ['PROVIDER_MAILBOX_DAILY_MAX', 'lots', 'a number of mails a day to one mailbox from 1 to 1000, or 0 or off'],
    ['PROVIDER_MAILBOX_DAILY_MAX', '-3', 'a number of mails a day to one mailbox from 1 to 1000, or 0 or off'],
    ['PROVIDER_RETENTION_DAYS', '30d', 'a whole number of days from 0 to 3650 \\(default 30\\)'],
    ['PROVIDER_RETENTION_DAYS', 'forever', 'a whole number of days from 0 to 3650 \\(default 30\\)'],
  ]) {
    const r = await run({ PROVIDER_DB: join(dir, 'never.sqlite'), DATABASE_URL: '', [name]: v });
    assert.is(r.code, 2, r.out);
    assert.match(r.out, new RegExp(`${name} must be ${says}.*, not "${v}"`));
    assert.not.match(r.out, /listening on/);
    process.env[name] = v;
    try {
      const err = await startProvider({ dbPath: join(dir, 'never.sqlite'), distDir: dir, quiet: true }).then(
        (s) => s.close().then(() => null),
        (e: Error) => e,
      );
      assert.match(err?.message || 'started', new RegExp(`${name} must be`));
    } finally {
      delete process.env[name];
    }
  }
  assert.equal(readdirSync(dir), [], 'no store was opened');
});

/** One submit for `email` as the client a proxy names `xff` (none: this machine); resolves to its result. */
const submit = async (origin: string, email: string, xff?: string) => {
  const q = callQuery(form('modal'), { popup: 'true', EMAIL: email });
  const r = await request(origin, `/subscribe/form-post-json?${q}`, xff ? { headers: { 'X-Forwarded-For': xff } } : {});
  return parseJsonp(r.text).result;
};

test('PROVIDER_RATE_LIMIT=false lifts the limits of npm start', async () => {
  const place = await freshTarget(dir, 'lifted.sqlite');
  try {
    const r = await run({ ...place.env, PROVIDER_RATE_LIMIT: 'false' }, async (origin) => {
      for (let i = 0; i <= RATE_CLIENT_MAX; i++) assert.is(await submit(origin, `lift.${i}@example.com`), 'success');
    });
    assert.is(r.error, undefined, `${r.error} ${r.out}`);
  } finally {
    await place.drop();
  }
});

test('PROVIDER_TRUST_PROXY=true tells clients apart by the address the proxy saw', async () => {
  const place = await freshTarget(dir, 'trusted.sqlite');
  try {
    const r = await run({ ...place.env, PROVIDER_TRUST_PROXY: 'true' }, async (origin) => {
      for (let i = 0; i < RATE_CLIENT_MAX; i++)
        assert.is(await submit(origin, `a.${i}@example.com`, '203.0.113.7'), 'success');
      assert.is(await submit(origin, 'a.last@example.com', '203.0.113.7'), 'error', 'past its limit');
      assert.is(await submit(origin, 'b@example.com', '203.0.113.8'), 'success', 'another client');
    });
    assert.is(r.error, undefined, `${r.error} ${r.out}`);
  } finally {
    await place.drop();
  }
});

test.run();
