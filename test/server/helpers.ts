/**
 * Helpers of the server tests: a provider on an ephemeral port over a fresh store (a SQLite file in the OS temp
 * folder; with DATABASE_URL set, as test/run.mjs's server-pg pass sets it, a new PostgreSQL schema dropped after),
 * raw HTTP requests (so Host, Accept-Encoding and long URLs are exactly what the test says), and JSONP parsing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import type { Store } from '../../src/server/store/types';
import { DEMO_FORMS, DEMO_UUID, demoForm, type DemoForm } from '../../src/server/seed/forms';

/** The PostgreSQL database of the server-pg pass; empty on SQLite. */
export const PG_URL = process.env.DATABASE_URL || '';
/** Which store these tests run on. */
export const DIALECT: 'sqlite' | 'postgres' = PG_URL ? 'postgres' : 'sqlite';

/** A new, empty place for a store: a SQLite file, or a PostgreSQL schema of its own. */
export interface TestTarget {
  /** What openStore and openDb take: the file, or a postgres:// URL whose search_path is the new schema. */
  target: string;
  /** The startProvider options that select it. */
  options: Pick<ProviderOptions, 'dbPath' | 'databaseUrl'>;
  /** The environment that makes dist-node/main.mjs and subscribers.mjs use it. */
  env: Record<string, string>;
  /** Drops the schema (PostgreSQL); a SQLite file goes with its folder. */
  drop(): Promise<void>;
}

/**
 * Runs one statement on PG_URL as the cluster's own (super)user, over a connection of its own that it closes: for
 * what a store's own connection may not do (create or drop a schema, a role, a role's LOGIN).
 */
export async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let schemas = 0;

/** A new store place: `file` in `dir` on SQLite, a new schema (whatever `dir`) on PostgreSQL. */
export async function freshTarget(dir: string, file = 'provider.sqlite'): Promise<TestTarget> {
  if (!PG_URL) {
    const path = join(dir, file);
    return {
      target: path,
      options: { dbPath: path },
      env: { PROVIDER_DB: path, DATABASE_URL: '' },
      drop: async () => {},
    };
  }
  const schema = `t_${process.pid}_${++schemas}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`CREATE SCHEMA ${schema}`);
  // Appended as text, not through URL: a socket URL (postgres://user@/db?host=/run/postgresql) is no WHATWG URL. A
  // repeated parameter takes its last value.
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    target: url,
    options: { databaseUrl: url },
    env: { DATABASE_URL: url, PROVIDER_DB: '' },
    drop: () => admin(`DROP SCHEMA ${schema} CASCADE`),
  };
}

/**
 * Whether a store reopened after its server was killed is sound: SQLite's integrity_check; on PostgreSQL (whose own
 * crash recovery replays its log) every table of the schema read through without error.
 */
export async function integrityOk(store: Store): Promise<boolean> {
  if (store.dialect === 'sqlite')
    return (await store.get<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check === 'ok';
  const tables = await store.all<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  for (const { t } of tables) await store.all(`SELECT count(*) AS n FROM "${t}"`);
  return tables.length > 0;
}

/** A provider over a temporary store; `cleanup` closes it and removes the folder (and the schema). */
export interface TestProvider extends Provider {
  dir: string;
  /** Where its store is (for a second provider or connection on the same store). */
  place: TestTarget;
  cleanup(): Promise<void>;
}

/**
 * A new temporary folder and store, the options a test provider starts with over them, and their removal. The
 * provider is quiet on 127.0.0.1:0, and rate limits are lifted unless `opts` sets them: an endpoint test sends more
 * submits a minute from one address than any visitor (test/server/hardening-input tests the limits themselves).
 */
async function testStore(prefix: string, opts: Partial<ProviderOptions>) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const place = await freshTarget(join(dir, 'data'));
  const options: ProviderOptions = {
    ...place.options,
    distDir: join(dir, 'dist'),
    port: 0,
    quiet: true,
    rateLimit: false,
    ...opts,
  };
  const remove = async () => {
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, place, options, remove };
}

/** Starts a provider over a new temporary store (see testStore). */
export async function startTest(opts: Partial<ProviderOptions> = {}): Promise<TestProvider> {
  const { dir, place, options, remove } = await testStore('provider-test-', opts);
  const p = await startProvider(options);
  return {
    ...p,
    dir,
    place,
    cleanup: async () => {
      await p.close();
      await remove();
    },
  };
}

/** The production settings of the tests that need owner pages: a public URL and a long enough owner secret. */
export const PRODUCTION = {
  mode: 'production',
  publicUrl: 'https://list.example.com',
  ownerSecret: 'owner-secret-for-the-tests-0123456789',
} as const;

/** Two providers on one temporary store, as two processes behind one proxy; `cleanup` ends both and the store. */
export interface TestPair {
  a: Provider;
  b: Provider;
  /** Where their store is, with `dir` the folder it is in: for a third provider on the same store. */
  place: TestTarget;
  dir: string;
  cleanup(): Promise<void>;
}

/** Starts a TestPair, each provider as startTest starts one (see testStore). */
export async function startPair(opts: Partial<ProviderOptions> = {}): Promise<TestPair> {
  const { dir, place, options, remove } = await testStore('provider-pair-', opts);
  const a = await startProvider(options);
  const b = await startProvider(options);
  return {
    a,
    b,
    place,
    dir,
    cleanup: async () => {
      await a.close();
      await b.close();
      await remove();
    },
  };
}

/** A raw HTTP answer. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One HTTP request to `origin` + `path`, with exactly the given headers, from `localAddress` when given. */
export const request = (
  origin: string,
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const u = new URL(origin);
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: o.method || 'GET',
        headers: { Connection: 'close', ...o.headers },
        // Another loopback address (127.0.0.2) is another client to the rate limits.
        localAddress: o.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode || 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });

/** The data a JSONP body `/**\/cb(DATA);` passes to `cb`; throws when the body is not exactly that. */
export const parseJsonp = (text: string, cb = 'cb'): Record<string, unknown> => {
  const head = `/**/${cb}(`;
  if (!text.startsWith(head) || !text.endsWith(');')) throw Error(`not a JSONP answer for ${cb}: ${text.slice(0, 80)}`);
  return JSON.parse(text.slice(head.length, -2)) as Record<string, unknown>;
};

/** Query string of a call for a demo form: u, id, f_id, c, then `extra`. */
export const callQuery = (f: DemoForm, extra: Record<string, string> = {}, cb = 'cb'): string =>
  new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, c: cb, ...extra }).toString();

/**
 * Follows an e-mail's confirm link as its reader does: opens it (a page that asks, and acts on nothing), then presses
 * its button, which posts the token back. `headers` go with both requests. Returns the button's answer.
 */
export async function pressLink(origin: string, link: string, headers: Record<string, string> = {}): Promise<Reply> {
  const u = new URL(link, origin);
  const page = await request(origin, u.pathname + u.search, { headers });
  if (page.status !== 200 || !page.text.includes('method="post"')) throw Error(`${link}: ${page.status} ${page.text}`);
  return postToken(origin, u.searchParams.get('token') || '', headers);
}

/** The button of a confirm link's page, pressed: `token` posted back to /subscribe/confirm as its form does. */
export const postToken = (origin: string, token: string, headers: Record<string, string> = {}): Promise<Reply> =>
  request(origin, '/subscribe/confirm', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `token=${token}`,
  });

/** Makes a JSONP call and returns the status and the parsed data. */
export async function call(
  origin: string,
  path: string,
  query: string,
): Promise<{ status: number; data: Record<string, unknown>; reply: Reply }> {
  const reply = await request(origin, `/subscribe/${path}?${query}`);
  if (reply.status !== 200) throw Error(`${path}: HTTP ${reply.status} ${reply.text}`);
  const cb = new URLSearchParams(query).get('c') || 'cb';
  return { status: reply.status, data: parseJsonp(reply.text, cb), reply };
}

/** A demo form by key; throws when the seed lacks it (the tests depend on the seed). */
export const form = (key: string): DemoForm => {
  const f = demoForm(key);
  if (!f) throw Error(`no demo form ${key}`);
  return f;
};

/** Submits `fields` to form-post-json of demo form `key`. */
export const subscribe = (origin: string, key: string, fields: Record<string, string>) =>
  call(origin, 'form-post-json', callQuery(form(key), { popup: 'true', ...fields }));

let added = 0;
/**
 * Adds a form with `settings` (result success unless they say otherwise) under a new list of the demo account, as the
 * seed does, on `store`; returns its list id. Its f_id is 'f'.
 */
export async function addTestForm(
  store: Store,
  settings: Record<string, unknown>,
  requireConsent = false,
): Promise<string> {
  const lid = `m${(++added).toString().padStart(9, '0')}`;
  const now = new Date().toISOString();
  await store.run('INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?)', [lid, DEMO_UUID, lid, now]);
  await store.run(
    'INSERT INTO forms (list_id, f_id, demo_key, title, settings, require_consent, position) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?)',
    [lid, 'f', null, lid, JSON.stringify({ result: 'success', ...settings }), requireConsent ? 1 : 0, 100 + added],
  );
  return lid;
}

/** Submits `fields` to form-post-json of a form added by addTestForm, as the popup does (the honeypot empty). */
export const postForm = async (origin: string, lid: string, fields: Record<string, string>) =>
  (
    await call(
      origin,
      'form-post-json',
      new URLSearchParams({
        u: DEMO_UUID,
        id: lid,
        f_id: 'f',
        c: 'cb',
        popup: 'true',
        [`b_${DEMO_UUID}_${lid}`]: '',
        ...fields,
      }).toString(),
    )
  ).data;

export { DEMO_FORMS, DEMO_UUID };
