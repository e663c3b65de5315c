/**
 * What the provider logs when things go wrong that are not its bugs (issue 32 item 4). A client that hangs up in the
 * middle of its request body is no event worth a stack, from any route that reads a body (the provider's and the
 * blog's). A store that cannot be reached is one line when it goes and one when it comes back, not one per request,
 * and each request meanwhile is answered 503 with Retry-After. PostgreSQL's outage is tested on a cluster of its own
 * (pg-restart.test.ts); SQLite's here: another process holding the file's write lock past the busy timeout.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlogRoute } from '../../src/blog/server/routes';
import { BLOG_STATS_PATH } from '../../src/blog/constants';
import { callQuery, DIALECT, form, request, startTest, subscribe, type TestProvider } from './helpers';

/** Everything console.error and console.warn printed, and the request log, while `capture` is on. */
const printed: string[] = [];
const original = { error: console.error, warn: console.warn };
const capture = (on: boolean) => {
  const keep =
    (f: (...a: unknown[]) => void) =>
    (...a: unknown[]) => {
      printed.push(a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' '));
      f(...a);
    };
  console.error = on ? keep(original.error) : original.error;
  console.warn = on ? keep(original.warn) : original.warn;
};
const log = (chunk: string) => void printed.push(chunk);
const all = () => printed.join('\n');
const lines = (re: RegExp) =>
  all()
    .split('\n')
    .filter((l) => re.test(l)).length;

let dist = '';
test.before(() => {
  dist = mkdtempSync(join(tmpdir(), 'outage-dist-'));
  mkdirSync(join(dist, 'blog'), { recursive: true });
  writeFileSync(join(dist, 'blog', 'blog.js'), '/* blog */');
  capture(true);
});
test.after(() => {
  capture(false);
  rmSync(dist, { recursive: true, force: true });
});
test.before.each(() => void printed.splice(0));

/**
 * Sends the head of a POST to `path` announcing a body of 100 bytes (within every route's limit) and 8 of them,
 * waits until the route is reading the body (a 'data' listener on the server's request), then hangs up; resolves
 * once the server has seen the request end.
 */
const abortMidBody = async (p: TestProvider, path: string, headers: Record<string, string> = {}) => {
  let req: IncomingMessage | null = null;
  const seen = (r: IncomingMessage) => {
    if (r.url === path) req = r;
  };
  p.server.on('request', seen);
  const u = new URL(p.origin);
  const sock = connect(Number(u.port), u.hostname);
  const head = Object.entries({ 'Content-Type': 'application/x-www-form-urlencoded', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  sock.write(`POST ${path} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Length: 100\r\n${head}\r\ntoken=ab`);
  sock.on('error', () => {});
  const until = async (cond: () => boolean, what: string) => {
    for (const end = Date.now() + 10_000; !cond(); await new Promise((r) => setTimeout(r, 10)))
      if (Date.now() > end) assert.unreachable(`${path}: ${what}`);
  };
  try {
    await until(() => (req as IncomingMessage | null)?.listenerCount('data') === 1, 'the body was never read');
    sock.destroy();
    await until(() => (req as IncomingMessage | null)?.destroyed === true, 'the request did not end');
  } finally {
    p.server.off('request', seen);
    sock.destroy();
  }
  // The handler's end is no event to wait on: a whole request answered after it is (the loop has moved on).
  assert.is((await request(p.origin, '/subscribe/form-settings?c=cb')).status, 200);
};

test('a body aborted mid-way logs no stack and no error, from every route that reads one', async () => {
  const blog = createBlogRoute({ contentDir: join(process.cwd(), 'content'), distDir: dist });
  const demo = await startTest({ quiet: false, logWrite: log, routes: [blog] });
  const prod = await startTest({
    quiet: false,
    logWrite: log,
    mode: 'production',
    publicUrl: 'https://news.example.com',
    ownerSecret: 'Vq3-k9Tz!xR7mW2pLs8d',
  });
  try {
    await abortMidBody(demo, '/subscribe/confirm');
    await abortMidBody(demo, '/subscribe/post');
    await abortMidBody(demo, BLOG_STATS_PATH);
    await abortMidBody(demo, '/posts/lamp-room-at-dawn/comments', { Origin: demo.origin });
    await abortMidBody(prod, '/owner/login', { Origin: 'https://news.example.com', 'Sec-Fetch-Site': 'same-origin' });
    assert.not.match(all(), /\n\s+at /, `a stack: ${all()}`);
    assert.not.match(all(), /provider error|aborted/i, `an error line: ${all()}`);
  } finally {
    await demo.cleanup();
    await prod.cleanup();
  }
});

if (DIALECT === 'sqlite')
  test('SQLite locked by another process past its busy timeout: 503s, one line, one more when it is free', async () => {
    const p = await startTest({ quiet: false, logWrite: log });
    const other = new Database(p.place.target);
    try {
      assert.is((await subscribe(p.origin, 'modal', { EMAIL: 'before@example.com' })).data.result, 'success');
      other.exec('BEGIN IMMEDIATE');
      // Each waits out the busy timeout, one after the other: two are enough to tell one line from one per request.
      const down = await Promise.all(
        ['a', 'b'].map((x) =>
          request(
            p.origin,
            `/subscribe/form-post-json?${callQuery(form('modal'), { EMAIL: `locked.${x}@example.com` })}`,
          ),
        ),
      );
      for (const r of down) {
        assert.is(r.status, 503, r.text);
        assert.ok(Number(r.headers['retry-after']) > 0, 'Retry-After');
      }
      assert.is(lines(/store unavailable: database is locked/), 1, all());
      assert.not.match(all(), /\n\s+at /, `a stack: ${all()}`);
      assert.not.match(all(), /locked\.[ab]@/, 'an address in the log');
      other.exec('ROLLBACK');
      assert.is((await subscribe(p.origin, 'modal', { EMAIL: 'after@example.com' })).data.result, 'success');
      assert.is(lines(/store available again/), 1, all());
      assert.is(lines(/store unavailable/), 1, all());
    } finally {
      other.close();
      await p.cleanup();
    }
  });
else test.skip('SQLite locked past its busy timeout (SQLite layer only; PostgreSQL outages: pg-restart.test.ts)');

test.run();
