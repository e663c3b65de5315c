/**
 * The README's "a schema of its own" (DATABASE_URL with options=-c search_path=popup) on a schema not yet created:
 * the start stops with a message that says to create it (it said only "no schema has been selected to create in"),
 * and once it exists the first start makes its tables there. PostgreSQL only (server-pg); nothing to check on SQLite.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startProvider } from '../../src/server/app';
import { PG_URL } from './helpers';

const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
};

(PG_URL ? test : test.skip)(
  'a search_path naming a schema that does not exist stops the start, saying to create it',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-schema-'));
    const schema = `popup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    try {
      const err = await startProvider({ databaseUrl: url, distDir: dir, quiet: true }).then(
        (p) => p.close().then(() => null),
        (e: Error) => e,
      );
      assert.match(
        err?.message || 'started',
        /search_path names no schema that exists: create it first \(CREATE SCHEMA/,
      );
      const r = await new Promise<{ code: number | null; out: string }>((done) => {
        const child = spawn(process.execPath, ['dist-node/main.mjs'], {
          env: { ...process.env, PORT: '0', DATABASE_URL: url, PROVIDER_DB: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => done({ code, out }));
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      });
      assert.is(r.code, 1, r.out);
      assert.match(r.out, /^DATABASE_URL: cannot open postgres\S*: the search_path names no schema that exists/m);
      await admin(`CREATE SCHEMA ${schema}`);
      const p = await startProvider({ databaseUrl: url, distDir: dir, quiet: true });
      await p.close();
      const t = await admin(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = '${schema}'`,
      );
      assert.ok(t.rows[0].n > 3, 'the tables are in the new schema');
    } finally {
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test.run();
