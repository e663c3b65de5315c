/**
 * Helpers of the server tests: a provider on an ephemeral port over a fresh SQLite file in the OS temp folder,
 * raw HTTP requests (so Host, Accept-Encoding and long URLs are exactly what the test says), and JSONP parsing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { DEMO_FORMS, DEMO_UUID, demoForm, type DemoForm } from '../../src/server/seed/forms';

/** A provider over a temporary database; `cleanup` closes it and removes the folder. */
export interface TestProvider extends Provider {
  dir: string;
  dbPath: string;
  cleanup(): Promise<void>;
}

/**
 * Starts a quiet provider on 127.0.0.1:0 over a new temporary database. Rate limits are lifted unless `opts` sets
 * them: an endpoint test sends more submits a minute from one address than any visitor (test/server/hardening-input
 * tests the limits themselves).
 */
export async function startTest(opts: Partial<ProviderOptions> = {}): Promise<TestProvider> {
  const dir = mkdtempSync(join(tmpdir(), 'provider-test-'));
  const dbPath = join(dir, 'data', 'provider.sqlite');
  const p = await startProvider({
    dbPath,
    distDir: join(dir, 'dist'),
    port: 0,
    quiet: true,
    rateLimit: false,
    ...opts,
  });
  return {
    ...p,
    dir,
    dbPath,
    cleanup: async () => {
      await p.close();
      rmSync(dir, { recursive: true, force: true });
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

/** One HTTP request to `origin` + `path`, with exactly the given headers. */
export const request = (
  origin: string,
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
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

export { DEMO_FORMS, DEMO_UUID };
