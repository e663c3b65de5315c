import type Database from 'better-sqlite3';

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

/**
 * The form of account `uuid`, list `lid` and form `fId` (spec 7.1 form-settings). Without an f_id the list's first
 * form answers, as a snippet for a list with one form need not name it. Null when any of them does not match.
 */
export const findForm = (db: Database.Database, uuid: string, lid: string, fId: string): FormRow | null => {
  const r = fId
    ? (db.prepare(`${SELECT} WHERE l.uuid = ? AND f.list_id = ? AND f.f_id = ?`).get(uuid, lid, fId) as Raw | undefined)
    : (db.prepare(`${SELECT} WHERE l.uuid = ? AND f.list_id = ? ORDER BY f.position, f.f_id LIMIT 1`).get(uuid, lid) as Raw | undefined);
  return r ? toRow(r) : null;
};

/** Every form, in the demo order: for the demo and preview pages. */
export const allForms = (db: Database.Database): FormRow[] =>
  (db.prepare(`${SELECT} ORDER BY f.position, f.list_id, f.f_id`).all() as Raw[]).map(toRow);
