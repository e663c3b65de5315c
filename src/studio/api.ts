/**
 * The owner API as the studio calls it (STUDIO.md "Owner API"): JSON in and out, same origin, the session cookie sent
 * by the browser. Every call answers a `Result`: the body of a 2xx, or the status and what the server said (its
 * `error`, the 422's `problems`, the 412's `current`), never a throw for an HTTP error. A body the server could not
 * send (the network is down) is status 0.
 */
import type { DayCounts, ListSummary, Snippets, SubscriberPage, VersionSummary } from '../owner-api';
import type { Problem } from './problems';

/** A stored form, or a version of it. */
export interface Saved {
  title: string;
  requireConsent: boolean;
  settings: Record<string, unknown>;
  revision: number;
  savedAt: string | null;
}

/** A failed call: its status (0: no answer), the server's error text, and the 422's problems or the 412's current. */
export interface Failure {
  ok: false;
  status: number;
  error: string;
  problems?: Problem[];
  current?: Saved;
}

export type Result<T> = { ok: true; status: number; data: T } | Failure;

/** The revision as an entity tag (STUDIO.md: `ETag: "<revision>"`, sent back in If-Match). */
export const etag = (revision: number): string => `"${revision}"`;

/** The error text of an answer body, or a line naming the status. */
const errorOf = (body: unknown, status: number): string => {
  const e = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof e === 'string' && e ? e : `The server answered ${status}.`;
};

/**
 * One call. Non-GET calls send JSON (`Content-Type: application/json`: the server refuses any other, STUDIO.md) and
 * `ifMatch` as If-Match when given.
 */
export async function call<T>(method: string, path: string, body?: unknown, ifMatch?: number): Promise<Result<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  if (ifMatch !== undefined) headers['If-Match'] = etag(ifMatch);
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, error: 'The server did not answer: is the provider running?' };
  }
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  const d = (data || {}) as { problems?: Problem[]; current?: Saved };
  return { ok: false, status: res.status, error: errorOf(data, res.status), problems: d.problems, current: d.current };
}

const enc = encodeURIComponent;
const form = (lid: string, fId: string) => `/owner/api/forms/${enc(lid)}/${enc(fId)}`;

/** The calls of STUDIO.md, by name. */
export const api = {
  lists: () => call<{ lists: ListSummary[] }>('GET', '/owner/api/forms'),
  createList: (name: string) => call<{ id: string; name: string; uuid: string }>('POST', '/owner/api/lists', { name }),
  renameList: (lid: string, name: string) =>
    call<{ id: string; name: string }>('PATCH', `/owner/api/lists/${enc(lid)}`, { name }),
  createForm: (
    lid: string,
    body: { title: string; start: string } | { title: string; copy: { lid: string; fId: string } },
  ) =>
    call<{ lid: string; fId: string; title: string; revision: number }>(
      'POST',
      `/owner/api/lists/${enc(lid)}/forms`,
      body,
    ),
  form: (lid: string, fId: string) => call<Saved & { lid: string; fId: string }>('GET', form(lid, fId)),
  save: (lid: string, fId: string, draft: { title: string; requireConsent: boolean; settings: unknown }, rev: number) =>
    call<{ revision: number; savedAt: string }>('PUT', form(lid, fId), draft, rev),
  renameForm: (lid: string, fId: string, title: string) =>
    call<{ revision: number }>('PATCH', form(lid, fId), { title }),
  deleteForm: (lid: string, fId: string) => call<null>('DELETE', form(lid, fId)),
  versions: (lid: string, fId: string) => call<{ versions: VersionSummary[] }>('GET', `${form(lid, fId)}/versions`),
  version: (lid: string, fId: string, rev: number) => call<Saved>('GET', `${form(lid, fId)}/versions/${rev}`),
  restore: (lid: string, fId: string, rev: number, current: number) =>
    call<{ revision: number; savedAt: string }>('POST', `${form(lid, fId)}/versions/${rev}/restore`, {}, current),
  subscribers: (lid: string, q: string, page: number) =>
    call<SubscriberPage>(
      'GET',
      `/owner/api/lists/${enc(lid)}/subscribers?${new URLSearchParams({ q, page: String(page) })}`,
    ),
  csvUrl: (lid: string) => `/owner/api/lists/${enc(lid)}/subscribers.csv`,
  stats: (lid: string, fId: string, days: number) =>
    call<{ days: DayCounts[] }>('GET', `${form(lid, fId)}/stats?days=${days}`),
  statsCsvUrl: (lid: string, fId: string, days: number) => `${form(lid, fId)}/stats.csv?days=${days}`,
  erase: (lid: string, address: string) =>
    call<null>('DELETE', `/owner/api/lists/${enc(lid)}/subscribers/${enc(address)}`),
  publish: (lid: string, fId: string) =>
    call<{ snippets: Snippets }>('GET', `/owner/api/publish/${enc(lid)}/${enc(fId)}`),
};
