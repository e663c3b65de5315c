/**
 * PROVIDER_WORKERS=N when a replacement cannot start (the store down for a while): the primary tries it again after
 * a growing wait (1 s, 2 s …) while the healthy worker keeps serving, and once the store is back the replacement
 * starts; it never stops the healthy workers for it (it did: a failed replacement was taken for a failed first start,
 * and the primary SIGTERMed every worker and exited 1). The outage is real: on SQLite the database file's path is
 * taken by a folder (the running worker keeps its open file), on PostgreSQL the provider's role loses LOGIN (its
 * open connections stay).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, freshTarget, PG_URL, type TestTarget } from './helpers';
import { alive, startMain, subscribeFresh as subscribe } from './processes';

/** A store whose new connections can be refused for a while, and the environment that makes main.mjs use it. */
interface Outage {
  env: Record<string, string>;
  down(): Promise<void>;
  up(): Promise<void>;
  drop(): Promise<void>;
}

/** SQLite: the file's path taken by a folder, so a new process cannot open it; the running one keeps its file. */
const sqliteOutage = (place: TestTarget): Outage => {
  const file = place.target;
  return {
    env: place.env,
    down: async () => {
      renameSync(file, `${file}.away`);
      mkdirSync(file);
    },
    up: async () => {
      rmdirSync(file);
      renameSync(`${file}.away`, file);
    },
    drop: () => place.drop(),
  };
};

/** PostgreSQL: the provider connects as a role of its own that loses LOGIN (open connections stay), then regains it. */
const postgresOutage = async (place: TestTarget): Promise<Outage> => {
  const role = `r_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const schema = /search_path%3D(\w+)/.exec(place.target)?.[1];
  if (!schema) throw Error(`no schema in ${place.target}`);
  await admin(`CREATE ROLE ${role} LOGIN PASSWORD 'pw-${role}'`);
  await admin(`GRANT ALL ON SCHEMA ${schema} TO ${role}`);
  // The cluster's URL with this role as its user (test/pg.sh's has a user and no password).
  const url = place.target.replace(/^(postgres(?:ql)?:\/\/)(?:[^@/?]*@)?/i, `$1${role}:pw-${role}@`);
  return {
    env: { DATABASE_URL: url, PROVIDER_DB: '' },
    down: () => admin(`ALTER ROLE ${role} NOLOGIN`),
    up: () => admin(`ALTER ROLE ${role} LOGIN`),
    drop: async () => {
      await place.drop();
      await admin(`DROP ROLE ${role}`);
    },
  };
};

let dir = '';
let outage: Outage;
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'workers-replace-'));
  const place = await freshTarget(dir);
  outage = PG_URL ? await postgresOutage(place) : sqliteOutage(place);
});
test.after(async () => {
  await outage?.drop();
  rmSync(dir, { recursive: true, force: true });
});

test('a replacement that cannot start is tried again with a growing wait; the healthy worker serves', async () => {
  // Two processes here, two workers and the primary: the first start must open the store (it is up then).
  const { child, out, until, exit } = startMain({
    ...outage.env,
    PORT: '0',
    PROVIDER_WORKERS: '2',
    PROVIDER_RATE_LIMIT: 'off',
  });
  let pids: number[] = [];
  let down = false;
  try {
    const origin = (await until(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 'no address'))[1];
    pids = (await until(/Processes +2 \(pids (\d+) (\d+)\)/, 'no process list')).slice(1).map(Number);
    assert.is((await subscribe(origin, 'before@example.com')).result, 'success');

    await outage.down();
    down = true;
    process.kill(pids[0], 'SIGKILL');
    const first = await until(/could not start \(code 1\): trying again in (\d+) s; 1 of 2 processes serving/, 'try 1');
    assert.is(first[1], '1');
    // Meanwhile the healthy worker answers, and the primary still runs.
    for (let i = 0; i < 3; i++) assert.is((await subscribe(origin, `during.${i}@example.com`)).result, 'success');
    const second = await until(
      /could not start[^\n]*\n(?:.*\n)*.*could not start \(code 1\): trying again in (\d+) s/,
      'try 2',
    );
    assert.is(second[1], '2', 'the wait doubles');
    assert.is(child.exitCode, null, 'the primary still runs');
    assert.ok(alive(pids[1]), 'the healthy worker still runs');
    assert.is((await subscribe(origin, 'during.3@example.com')).result, 'success');

    await outage.up();
    down = false;
    const next = Number(
      (await until(/provider process (\d+) replaces it \(after 2 failed starts\)/, 'no replacement'))[1],
    );
    assert.ok(alive(next) && !pids.includes(next));
    for (let i = 0; i < 4; i++) assert.is((await subscribe(origin, `after.${i}@example.com`)).result, 'success');
    assert.not.match(out(), /@example\.com/, 'no address in the log');
    child.kill('SIGTERM');
    assert.is(await exit, 0, out());
    await new Promise((r) => setTimeout(r, 100));
    assert.not.ok([pids[1], next].some(alive), 'a worker outlived the primary');
  } finally {
    if (down) await outage.up();
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});

test('SIGTERM while a replacement waits out its back-off: every process stops, exit 0', async () => {
  const { child, out, until, exit } = startMain({ ...outage.env, PORT: '0', PROVIDER_WORKERS: '2' });
  let pids: number[] = [];
  let down = false;
  try {
    pids = (await until(/Processes +2 \(pids (\d+) (\d+)\)/, 'no process list')).slice(1).map(Number);
    await outage.down();
    down = true;
    process.kill(pids[0], 'SIGKILL');
    await until(/trying again in 1 s/, 'no retry');
    const t0 = Date.now();
    child.kill('SIGTERM');
    assert.is(await exit, 0, out());
    assert.ok(Date.now() - t0 < 900, 'the primary did not wait for the pending retry');
    await new Promise((r) => setTimeout(r, 100));
    assert.not.ok(alive(pids[1]), 'the healthy worker outlived the primary');
  } finally {
    if (down) await outage.up();
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});

test.run();
