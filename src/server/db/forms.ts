import type Database from 'better-sqlite3';
import { stmt } from './stmt';

/** A stored form with its list. */
export interface FormRow {
  uuid: string;
  listId: string;
  fId: string;
  demoKey: string | null;
  title: string;
  settings: Record<string, unknown>;
  requireConsent: boolean;
}

interface Raw {
  uuid: string;
  list_id: string;
  f_id: string;
  demo_key: string | null;
  title: string;
  settings: string;
  require_consent: number;
}

const toRow = (r: Raw): FormRow => ({
  uuid: r.uuid,
  listId: r.list_id,
  fId: r.f_id,
  demoKey: r.demo_key,
  title: r.title,
  settings: JSON.parse(r.settings) as Record<string, unknown>,
  requireConsent: r.require_consent === 1,
});

const SELECT = `SELECT l.uuid, f.list_id, f.f_id, f.demo_key, f.title, f.settings, f.require_consent
  FROM forms f JOIN lists l ON l.id = f.list_id`;

/** Freezes a parsed JSON value all the way down: a cached form is shared by every request, none may change it. */
const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
};

/** Forms found since `rev`, by their [uuid, lid, f_id] key. */
interface FormCache {
  rev: string;
  rows: Map<string, FormRow>;
}
const caches = new WeakMap<Database.Database, FormCache>();
/** Forms kept per revision; past this, lookups still work, they are just not kept (unknown ids are never kept). */
const MAX_CACHED = 1000;

/** The forms revision (migration 2): triggers bump it on every change to forms or lists, from any connection. */
export const formsRev = (db: Database.Database): string =>
  (stmt(db, "SELECT value FROM meta WHERE key = 'forms_rev'").get() as { value: string } | undefined)?.value ?? '';

/**
 * The form of account `uuid`, list `lid` and form `fId` (spec 7.1 form-settings). Without an f_id the list's first
 * form answers, as a snippet for a list with one form need not name it. Null when any of them does not match.
 * Found forms are kept in memory, deep-frozen, until the forms revision changes: a settings call then costs one
 * indexed read of the revision instead of a join and a JSON parse (issue 8 load).
 */
export const findForm = (db: Database.Database, uuid: string, lid: string, fId: string): FormRow | null => {
  const rev = formsRev(db);
  let cache = caches.get(db);
  if (!cache || cache.rev !== rev) caches.set(db, (cache = { rev, rows: new Map() }));
  const key = JSON.stringify([uuid, lid, fId]);
  const hit = cache.rows.get(key);
  if (hit) return hit;
  const r = fId
    ? (stmt(db, `${SELECT} WHERE l.uuid = ? AND f.list_id = ? AND f.f_id = ?`).get(uuid, lid, fId) as Raw | undefined)
    : (stmt(db, `${SELECT} WHERE l.uuid = ? AND f.list_id = ? ORDER BY f.position, f.f_id LIMIT 1`).get(uuid, lid) as Raw | undefined);
  if (!r) return null;
  const row = deepFreeze(toRow(r));
  if (cache.rows.size < MAX_CACHED) cache.rows.set(key, row);
  return row;
};

/** Every form, in the demo order: for the demo and preview pages. */
export const allForms = (db: Database.Database): FormRow[] =>
  (stmt(db, `${SELECT} ORDER BY f.position, f.list_id, f.f_id`).all() as Raw[]).map(toRow);
