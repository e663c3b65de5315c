import type Database from 'better-sqlite3';
import { readForm, type FormModel } from '../../form-model/form';
import { stmt } from './stmt';

/** A stored form with its list. */
export interface FormRow {
  uuid: string;
  listId: string;
  fId: string;
  demoKey: string | null;
  title: string;
  settings: Record<string, unknown>;
  /** The settings read once into the form model the popup reads too (src/form-model/form.ts); submits read this. */
  model: FormModel;
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

const toRow = (r: Raw): FormRow => {
  const settings = JSON.parse(r.settings) as Record<string, unknown>;
  return {
    uuid: r.uuid,
    listId: r.list_id,
    fId: r.f_id,
    demoKey: r.demo_key,
    title: r.title,
    settings,
    model: readForm(settings),
    requireConsent: r.require_consent === 1,
  };
};

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
  /** The event-loop turn in which `rev` was last read (see `turn`). */
  turn: number;
  /** This connection's total_changes() when `rev` was last read. */
  changes: number;
}
const caches = new WeakMap<Database.Database, FormCache>();
/** Forms kept per revision; past this, lookups still work, they are just not kept (unknown ids are never kept). */
const MAX_CACHED = 1000;

let turnCount = 0;
let turnEnding = false;
/**
 * A number that changes after every event-loop turn in which it was read: the check phase (setImmediate) ends the
 * turn. Requests that arrive together are read from their sockets in one poll phase, so they share one turn.
 */
const turn = (): number => {
  if (!turnEnding) {
    turnEnding = true;
    setImmediate(() => {
      turnEnding = false;
      turnCount++;
    }).unref();
  }
  return turnCount;
};

/** The forms revision (migration 2): triggers bump it on every change to forms or lists, from any connection. */
export const formsRev = (db: Database.Database): string =>
  (stmt(db, "SELECT value FROM meta WHERE key = 'forms_rev'").get() as { value: string } | undefined)?.value ?? '';

/**
 * The cache of `db`, checked against the forms revision. Reading the revision is a read transaction, whose WAL locks
 * are two fcntl calls: the largest cost of a settings request (issue 8 load). So it is read once per event-loop turn,
 * and again within a turn only when this connection has written anything since (total_changes() is a counter of
 * the connection, no transaction, no system call). A write through `db` is thus seen by the next lookup at once, and
 * a commit from another connection or process by every lookup from the next turn on: only requests handled in the
 * same turn as that commit, which arrived together with it, may still be answered from the revision before it.
 */
const current = (db: Database.Database): FormCache => {
  const t = turn();
  const changes = (stmt(db, 'SELECT total_changes() AS n').get() as { n: number }).n;
  let cache = caches.get(db);
  if (cache && cache.turn === t && cache.changes === changes) return cache;
  const rev = formsRev(db);
  if (!cache || cache.rev !== rev) caches.set(db, (cache = { rev, rows: new Map(), turn: t, changes }));
  cache.turn = t;
  cache.changes = changes;
  return cache;
};

/**
 * The form of account `uuid`, list `lid` and form `fId` (spec 7.1 form-settings). Without an f_id the list's first
 * form answers, as a snippet for a list with one form need not name it. Null when any of them does not match.
 * Found forms are kept in memory, deep-frozen, until the forms revision changes (see `current` for when it is read):
 * a settings call then costs no join and no JSON parse (issue 8 load).
 */
export const findForm = (db: Database.Database, uuid: string, lid: string, fId: string): FormRow | null => {
  const cache = current(db);
  // Length-prefixed, so no two triples share a key, whatever characters the ids hold; cheaper than JSON.
  const key = `${uuid.length}:${uuid}${lid.length}:${lid}${fId}`;
  const hit = cache.rows.get(key);
  if (hit) return hit;
  const r = fId
    ? (stmt(db, `${SELECT} WHERE l.uuid = ? AND f.list_id = ? AND f.f_id = ?`).get(uuid, lid, fId) as Raw | undefined)
    : (stmt(db, `${SELECT} WHERE l.uuid = ? AND f.list_id = ? ORDER BY f.position, f.f_id LIMIT 1`).get(uuid, lid) as
        | Raw
        | undefined);
  if (!r) return null;
  const row = deepFreeze(toRow(r));
  if (cache.rows.size < MAX_CACHED) cache.rows.set(key, row);
  return row;
};

/** Every form, in the demo order: for the demo and preview pages. */
export const allForms = (db: Database.Database): FormRow[] =>
  (stmt(db, `${SELECT} ORDER BY f.position, f.list_id, f.f_id`).all() as Raw[]).map(toRow);
