/**
 * Durability of the reference provider as a real process (issue 8): `kill -9` in the middle of a stream of
 * subscribes leaves an intact database holding every subscribe that was answered with success; SIGTERM under load lets
 * in-flight requests finish and exits 0. The server is the built dist-node/main.mjs, as `npm start` runs it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_CLIENT_MAX } from '../../src/constants';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { MSG_RATE_CLIENT } from '../../src/server/subscribe/messages';

interface Running {
  child: ChildProcess;
  origin: string;
  exit: Promise<{ code: number | null; signal: string | null }>;
  output: () => string;
}

/**
 * Starts dist-node/main.mjs on an ephemeral port with its own database file. The rate limits are lifted
 * (PROVIDER_RATE_LIMIT=off) unless `limited`: these streams are one client sending hundreds of submits a second.
 */
async function serve(dbPath: string, limited = false): Promise<Running> {
  const child = spawn(process.execPath, ['dist-node/main.mjs'], {
    env: { ...process.env, PORT: '0', PROVIDER_DB: dbPath, PROVIDER_RATE_LIMIT: limited ? '' : 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<{ code: number | null; signal: string | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
  const origin = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no address in: ${out}`)), 15000);
    const read = (d: Buffer) => {
      out += d;
      const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(t);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (d) => (out += d));
  });
  return { child, origin, exit, output: () => out };
}

/** One subscribe over a fresh connection (no keep-alive, so a kill is seen per request); resolves to the answer. */
const subscribe = (origin: string, email: string): Promise<{ status: number; body: string }> => {
  const form = demoForm('modal')!;
  const q = new URLSearchParams({ u: DEMO_UUID, id: form.lid, f_id: form.fId, popup: 'true', EMAIL: email, c: 'cb' });
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/subscribe/form-post-json?${q}`, { agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode || 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
};
const succeeded = (body: string) => /"result":"success"/.test(body);

const D = suite('provider durability');
let dir = '';
D.before(() => {
  dir = mkdtempSync(join(tmpdir(), 'durability-'));
});
D.after(() => rmSync(dir, { recursive: true, force: true }));

D('kill -9 during a stream of subscribes: integrity ok, every answered success stored', async () => {
  const dbPath = join(dir, 'kill.db');
  const s = await serve(dbPath);
  const answered: string[] = [];
  const failed: string[] = [];
  let sent = 0;
  // Four workers subscribing as fast as answers come back, each until a request fails: so the kill always lands in
  // the middle of the stream, and answers that arrive between the signal and the process's end count too.
  const worker = async (w: number) => {
    for (let i = 0; i < 20000; i++) {
      const email = `stream.${w}.${i}@example.com`;
      sent++;
      try {
        const r = await subscribe(s.origin, email);
        assert.is(r.status, 200, r.body);
        assert.ok(succeeded(r.body), r.body);
        answered.push(email);
      } catch (e) {
        if (e instanceof assert.Assertion) throw e;
        failed.push(email);
        return; // the connection died with the process
      }
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  await new Promise((r) => setTimeout(r, 1200));
  s.child.kill('SIGKILL');
  await Promise.all(workers);
  const { signal } = await s.exit;
  assert.is(signal, 'SIGKILL');
  assert.ok(answered.length > 20, `only ${answered.length} subscribes answered before the kill`);
  assert.is(failed.length, 4, 'every worker was cut off by the kill');
  assert.is(sent, answered.length + failed.length);
  const db = new Database(dbPath);
  try {
    assert.is(db.pragma('integrity_check', { simple: true }), 'ok');
    const has = db.prepare('SELECT COUNT(*) AS n FROM subscribers WHERE lower(email) = lower(?)');
    const missing = answered.filter((e) => (has.get(e) as { n: number }).n !== 1);
    assert.equal(missing, [], `${missing.length} of ${answered.length} answered subscribes are not stored`);
    // The store holds the answered ones and at most the ones cut off mid-request, nothing else.
    const rows = (db.prepare("SELECT count(*) AS n FROM subscribers WHERE email LIKE 'stream.%'").get() as { n: number }).n;
    assert.ok(rows >= answered.length && rows <= answered.length + failed.length, `${rows} rows for ${answered.length} answered`);
  } finally {
    db.close();
  }
});

D('SIGTERM under load: in-flight requests finish, exit code 0, nothing lost', async () => {
  const dbPath = join(dir, 'term.db');
  const s = await serve(dbPath);
  const emails = Array.from({ length: 60 }, (_, i) => `term.${i}@example.com`);
  const inflight = emails.map((e) => subscribe(s.origin, e).then((r) => ({ e, ...r }), (err: Error) => ({ e, status: -1, body: err.message })));
  // Give the requests a moment to be accepted, then ask the server to stop while they are being answered.
  await new Promise((r) => setTimeout(r, 30));
  s.child.kill('SIGTERM');
  const results = await Promise.all(inflight);
  const { code } = await s.exit;
  assert.is(code, 0, s.output());
  // Closed cleanly: the last connection's close checkpoints the write-ahead log into the file and removes it.
  assert.not.ok(existsSync(`${dbPath}-wal`), 'the WAL file is left behind: the database was not closed');
  const accepted = results.filter((r) => r.status === 200);
  assert.ok(accepted.length > 0, 'no request was accepted before SIGTERM');
  // Every accepted request was answered in full; one refused at the door is fine, one cut mid-answer is not.
  for (const r of results) assert.ok(r.status === 200 ? succeeded(r.body) : /ECONNREFUSED|ECONNRESET|socket hang up/.test(r.body), `${r.e}: ${r.status} ${r.body}`);
  const db = new Database(dbPath);
  try {
    assert.is(db.pragma('integrity_check', { simple: true }), 'ok');
    const has = db.prepare('SELECT COUNT(*) AS n FROM subscribers WHERE lower(email) = lower(?)');
    for (const r of accepted) assert.is((has.get(r.e) as { n: number }).n, 1, r.e);
  } finally {
    db.close();
  }
});

D('npm start limits submits per client: past the limit, a JSONP error with a message, nothing stored', async () => {
  const dbPath = join(dir, 'limit.db');
  const s = await serve(dbPath, true);
  const bodies: string[] = [];
  for (let i = 0; i <= RATE_CLIENT_MAX; i++) bodies.push((await subscribe(s.origin, `limit.${i}@example.com`)).body);
  s.child.kill('SIGTERM');
  assert.is((await s.exit).code, 0);
  assert.ok(bodies.slice(0, RATE_CLIENT_MAX).every(succeeded), bodies.join('\n'));
  assert.is(bodies[RATE_CLIENT_MAX], `/**/cb(${JSON.stringify({ result: 'error', msg: MSG_RATE_CLIENT })});`);
  const db = new Database(dbPath);
  try {
    assert.is((db.prepare('SELECT count(*) AS n FROM subscribers').get() as { n: number }).n, RATE_CLIENT_MAX);
  } finally {
    db.close();
  }
});

D('no e-mail address in any log line', async () => {
  const s = await serve(join(dir, 'log.db'));
  await subscribe(s.origin, 'Private.Person+tag@example.com');
  await subscribe(s.origin, 'not-an-address');
  s.child.kill('SIGTERM');
  await s.exit;
  const out = s.output();
  assert.ok(out.includes('/subscribe/form-post-json'), 'the requests are logged');
  assert.not.ok(/@|Private\.Person|not-an-address|%40/i.test(out), out);
});

D.run();
