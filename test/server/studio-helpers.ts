/** Helpers of the studio's server tests (issue 33): owner API calls over real HTTP, and forms as stored. */
import type { Store } from '../../src/server/store/types';
import { type Reply, request } from './helpers';

/** An API answer with its body parsed (null when empty). */
export interface ApiReply extends Reply {
  json: Record<string, unknown> | null;
}

/** A JSON value as a plain record (a test reads its keys). */
export const obj = (v: unknown): Record<string, unknown> => v as Record<string, unknown>;

/**
 * Calls the owner API at `origin`: `body` sent as JSON (with its type) when given; `headers` added (If-Match, Origin,
 * Authorization) or overriding.
 */
export async function api(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiReply> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  // Content-Length said: Node's client sends a DELETE's body without it (nor chunked), which no server can read.
  const sized: Record<string, string> =
    text === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': `${Buffer.byteLength(text)}` };
  const r = await request(origin, `/owner/api/${path}`, { method, headers: { ...sized, ...headers }, body: text });
  const type = String(r.headers['content-type'] || '');
  return { ...r, json: r.text && type.startsWith('application/json') ? JSON.parse(r.text) : null };
}

/** The stored row of form `lid`/`fId`: its revision, saved_at, title and settings text. */
export const formRow = (store: Store, lid: string, fId: string) =>
  store.get<{ revision: number; saved_at: string | null; title: string; settings: string; require_consent: number }>(
    'SELECT revision, saved_at, title, settings, require_consent FROM forms WHERE list_id = ? AND f_id = ?',
    [lid, fId],
  );

/** The revisions kept as versions of form `lid`/`fId`, oldest first. */
export const keptRevisions = async (store: Store, lid: string, fId: string): Promise<number[]> =>
  (
    await store.all<{ revision: number }>(
      'SELECT revision FROM form_versions WHERE list_id = ? AND f_id = ? ORDER BY revision',
      [lid, fId],
    )
  ).map((r) => r.revision);
