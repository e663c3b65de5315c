/**
 * On PostgreSQL, `npm start` (dist-node/main.mjs) compares once, at start, what its processes' pools may ask for
 * (PROVIDER_WORKERS × PGPOOL_MAX) with what the server accepts (max_connections less the reserved slots) and warns
 * when it is more: under load, the connection a signup needed was refused and the signup failed with a 500, with no
 * word at start. On SQLite there is nothing to compare.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { poolSize } from '../../src/server/store/postgres';
import { freshTarget, PG_URL, type TestTarget } from './helpers';
import { runMain } from './processes';

let dir = '';
let place: TestTarget;
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pg-connections-'));
  place = await freshTarget(dir);
});
test.after(async () => {
  await place.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs dist-node/main.mjs with `env` until it has printed its banner (then stops it), or exits. */
const run = (env: Record<string, string>) =>
  runMain('main.mjs', { ...place.env, PORT: '0', PROVIDER_WORKERS: '', PGPOOL_MAX: '', ...env });

test('PGPOOL_MAX: a whole number above 0, else 10', () => {
  const cases: [string | undefined, number][] = [
    [undefined, 10],
    ['', 10],
    ['4', 4],
    ['0', 10],
    ['-3', 10],
    ['2.5', 10],
    ['many', 10],
  ];
  for (const [v, want] of cases) assert.is(poolSize({ PGPOOL_MAX: v }), want, String(v));
});

test('workers × pool above max_connections less the reserved slots: a warning at start; within: none', async () => {
  if (!PG_URL) {
    // SQLite: no pool and no server to ask.
    assert.not.match((await run({ PROVIDER_WORKERS: '2', PGPOOL_MAX: '100000' })).out, /max_connections/);
    return;
  }
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const setting = async (name: string) => Number((await c.query(`SHOW ${name}`)).rows[0][name]);
  const max = await setting('max_connections');
  const reserved = await setting('superuser_reserved_connections');
  await c.end();
  // Two processes whose pools together just pass what is left, then just fit.
  const over = Math.floor((max - reserved) / 2) + 1;
  const r = await run({ PROVIDER_WORKERS: '2', PGPOOL_MAX: String(over) });
  assert.match(r.out, /listening on/, r.out);
  assert.ok(
    r.out.includes(
      `warning: 2 provider processes × ${over} connections each (PGPOOL_MAX) = ${2 * over}, more than PostgreSQL ` +
        `accepts: max_connections ${max} less ${reserved} reserved = ${max - reserved}.`,
    ),
    r.out,
  );
  const one = await run({ PGPOOL_MAX: String(max - reserved + 1) });
  assert.match(one.out, /warning: 1 provider process × \d+ connections each/, one.out);
  const fits = await run({ PROVIDER_WORKERS: '2', PGPOOL_MAX: String(over - 1) });
  assert.match(fits.out, /listening on/, fits.out);
  assert.not.match(fits.out, /max_connections/);
  assert.not.match((await run({})).out, /max_connections/, 'the default, 1 × 10');
});

test.run();
