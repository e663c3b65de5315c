import { readForm, type FormModel } from '../../form-model/form';
import type { Queryable, Store } from '../store/types';

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
  /** The store's write count (Store.writes) when `rev` was last read. */
  writes: number;
}
/** A read of the revision in flight, shared by the lookups of its turn that find the same write count. */
interface RevRead {
  turn: number;
  writes: number;
  /** Reads are numbered: an older one that resolves late never replaces what a newer one found. */
  seq: number;
  rev: Promise<string>;
}
const caches = new WeakMap<Store, FormCache>();
const reads = new WeakMap<Store, RevRead>();
const applied = new WeakMap<Store, number>();
let seqs = 0;
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
export const formsRev = async (q: Queryable): Promise<string> =>
  (await q.get<{ value: string }>("SELECT value FROM meta WHERE key = 'forms_rev'"))?.value ?? '';

/**
 * The cache of `store`, checked against the forms revision. Reading the revision is a query (on SQLite a read
 * transaction, whose WAL locks are two fcntl calls; on PostgreSQL a round trip), the largest cost of a settings request
 * (docs/decisions/shared-state-in-the-store.md). So it is read once per event-loop turn, and again within a turn
 * only when this process has written through the store since (Store.writes is a counter, no query). A write through
 * `store` is thus seen by the next lookup at once, and a commit from another connection or process (another provider
 * process, an owner's shell) by every lookup from the next turn on: only requests handled in the same turn as that
 * commit, which arrived together with it, may still be answered from the revision before it. Nothing that must hold
 * across processes is kept here beyond that (docs/decisions/shared-state-in-the-store.md).
 */
const current = (store: Store): FormCache | Promise<FormCache> => {
  const t = turn();
  const w = store.writes;
  const cache = caches.get(store);
  if (cache && cache.turn === t && cache.writes === w) return cache;
  let read = reads.get(store);
  if (!read || read.turn !== t || read.writes !== w)
    reads.set(store, (read = { turn: t, writes: w, seq: ++seqs, rev: formsRev(store) }));
  const { seq } = read;
  return read.rev.then((rev) => {
    let c = caches.get(store);
    if ((applied.get(store) ?? 0) > seq && c) return c;
    applied.set(store, seq);
    if (!c || c.rev !== rev) caches.set(store, (c = { rev, rows: new Map(), turn: t, writes: w }));
    c.turn = t;
    c.writes = w;
    return c;
  });
};

/**
 * The form of account `uuid`, list `lid` and form `fId` (spec 7.1 form-settings). Without an f_id the list's first
 * form answers, as a snippet for a list with one form need not name it. Null when any of them does not match.
 * Found forms are kept in memory, deep-frozen, until the forms revision changes (see `current` for when it is read):
 * a settings call then costs no join and no JSON parse (docs/decisions/shared-state-in-the-store.md).
 */
export const findForm = async (store: Store, uuid: string, lid: string, fId: string): Promise<FormRow | null> => {
  const cache = await current(store);
  // Length-prefixed, so no two triples share a key, whatever characters the ids hold; cheaper than JSON.
  const key = `${uuid.length}:${uuid}${lid.length}:${lid}${fId}`;
  const hit = cache.rows.get(key);
  if (hit) return hit;
  // No stored id holds U+0000, and PostgreSQL refuses it in a parameter (a 500 where SQLite finds nothing).
  if (key.includes('\0')) return null;
  const r = fId
    ? await store.get<Raw>(`${SELECT} WHERE l.uuid = ? AND f.list_id = ? AND f.f_id = ?`, [uuid, lid, fId])
    : await store.get<Raw>(`${SELECT} WHERE l.uuid = ? AND f.list_id = ? ORDER BY f.position, f.f_id LIMIT 1`, [
        uuid,
        lid,
      ]);
  if (!r) return null;
  const row = deepFreeze(toRow(r));
  if (cache.rows.size < MAX_CACHED) cache.rows.set(key, row);
  return row;
};

/** Every form, in the demo order: for the demo pages. */
export const allForms = async (q: Queryable): Promise<FormRow[]> =>
  (await q.all<Raw>(`${SELECT} ORDER BY f.position, f.list_id, f.f_id`)).map(toRow);

/** The demo key of list `listId`'s first form (the welcome e-mail's link), or null. */
export const firstDemoKey = async (q: Queryable, listId: string): Promise<string | null> =>
  (
    await q.get<{ demo_key: string | null }>('SELECT demo_key FROM forms WHERE list_id = ? ORDER BY position LIMIT 1', [
      listId,
    ])
  )?.demo_key ?? null;
