/**
 * The owner's edits of forms (docs/decisions/owner-api-revisions.md): read one as stored, make one, save one over the
 * revision it was based on, delete one. A save is one transaction whose UPDATE names the revision it replaces: a save
 * based on an older revision changes nothing and is told so (no silent overwrite, whichever process or tab saved
 * first). Each change bumps the forms revision (migration 2's triggers), so every process's forms cache (forms.ts)
 * answers the saved settings on its next form-settings call.
 */
import type { Queryable } from '../store/types';
import { withNewId } from './new-id';
import { keepVersion, pruneVersions } from './versions';

/** A form as the owner edits it. */
export interface StoredForm {
  lid: string;
  fId: string;
  title: string;
  requireConsent: boolean;
  settings: Record<string, unknown>;
  revision: number;
  /** When the owner last saved it; null while it is as the seed wrote it. */
  savedAt: string | null;
}

/** What a save writes. */
export interface FormEdit {
  title: string;
  settings: Record<string, unknown>;
  requireConsent: boolean;
}

/** What a save did. */
export type SaveResult =
  | { kind: 'saved'; revision: number; savedAt: string }
  | { kind: 'stale'; current: StoredForm }
  | { kind: 'missing' };

interface Raw {
  list_id: string;
  f_id: string;
  title: string;
  settings: string;
  require_consent: number;
  revision: number;
  saved_at: string | null;
}

const toStored = (r: Raw): StoredForm => ({
  lid: r.list_id,
  fId: r.f_id,
  title: r.title,
  requireConsent: r.require_consent === 1,
  settings: JSON.parse(r.settings) as Record<string, unknown>,
  revision: r.revision,
  savedAt: r.saved_at,
});

const readRaw = (q: Queryable, lid: string, fId: string) =>
  // No stored id holds U+0000, and PostgreSQL refuses it in a parameter (a 500 where SQLite finds nothing).
  `${lid}${fId}`.includes('\0')
    ? Promise.resolve(undefined)
    : q.get<Raw>(
        `SELECT list_id, f_id, title, settings, require_consent, revision, saved_at FROM forms
          WHERE list_id = ? AND f_id = ?`,
        [lid, fId],
      );

/** Form `fId` of list `lid` as stored, or null. */
export const getForm = async (q: Queryable, lid: string, fId: string): Promise<StoredForm | null> => {
  const r = await readRaw(q, lid, fId);
  return r ? toStored(r) : null;
};

/** Thrown inside a save's transaction to roll it back: another save took the revision between read and write. */
class Stale extends Error {}

/**
 * Saves `edit(current)` over form `lid`/`fId` when its revision is still `base` (null: whatever it is, for a rename),
 * as revision + 1, saved now, keeping it as a version; the first save also keeps the revision it replaced. Nothing
 * is written when the form is gone or its revision moved on: then the current form is answered.
 */
export const saveForm = async (
  store: Queryable,
  lid: string,
  fId: string,
  base: number | null,
  edit: (current: StoredForm) => FormEdit,
): Promise<SaveResult> => {
  try {
    return await store.tx(async (q): Promise<SaveResult> => {
      const raw = await readRaw(q, lid, fId);
      if (!raw) return { kind: 'missing' };
      const cur = toStored(raw);
      if (base !== null && cur.revision !== base) return { kind: 'stale', current: cur };
      const next = edit(cur);
      const savedAt = new Date().toISOString();
      const settings = JSON.stringify(next.settings);
      const done = await q.get<{ revision: number }>(
        `UPDATE forms SET title = ?, settings = ?, require_consent = ?, revision = revision + 1, saved_at = ?
          WHERE list_id = ? AND f_id = ? AND revision = ? RETURNING revision`,
        [next.title, settings, next.requireConsent ? 1 : 0, savedAt, lid, fId, cur.revision],
      );
      // PostgreSQL: another transaction committed a save after the read above (READ COMMITTED re-checks the row).
      if (!done) throw new Stale();
      await keepVersion(q, lid, fId, { ...cur, settings: raw.settings });
      await keepVersion(q, lid, fId, { ...next, settings, revision: done.revision, savedAt });
      await pruneVersions(q, lid, fId);
      return { kind: 'saved', revision: done.revision, savedAt };
    });
  } catch (e) {
    if (!(e instanceof Stale)) throw e;
    const current = await getForm(store, lid, fId);
    return current ? { kind: 'stale', current } : { kind: 'missing' };
  }
};

/**
 * Makes a form on list `lid` under a new random f_id, after every other form, as saved by the owner now (the
 * seed never touches it), kept as its first version. Null when the list does not exist.
 */
export const createForm = (
  store: Queryable,
  lid: string,
  f: FormEdit,
): Promise<{ lid: string; fId: string; title: string; revision: number } | null> =>
  store.tx(async (q) => {
    if (lid.includes('\0') || !(await q.get('SELECT 1 AS yes FROM lists WHERE id = ?', [lid]))) return null;
    const savedAt = new Date().toISOString();
    const settings = JSON.stringify(f.settings);
    const last = await q.get<{ p: number | null }>('SELECT max(position) AS p FROM forms');
    const position = (last?.p ?? -1) + 1;
    const fId = await withNewId(async (id) => {
      const r = await q.get<{ f_id: string }>(
        `INSERT INTO forms (list_id, f_id, title, settings, require_consent, position, revision, saved_at)
          VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (list_id, f_id) DO NOTHING RETURNING f_id`,
        [lid, id, f.title, settings, f.requireConsent ? 1 : 0, position, savedAt],
      );
      return r ? r.f_id : null;
    });
    await keepVersion(q, lid, fId, {
      revision: 1,
      title: f.title,
      settings,
      requireConsent: f.requireConsent,
      savedAt,
    });
    return { lid, fId, title: f.title, revision: 1 };
  });

/**
 * Deletes form `lid`/`fId` and its versions; its list's subscribers stay (they belong to the list). A demo form
 * deleted is remembered, so the seed does not bring it back on the next start (src/server/seed/seed.ts). False when
 * there was none.
 */
export const deleteForm = (store: Queryable, lid: string, fId: string): Promise<boolean> =>
  store.tx(async (q) => {
    if (`${lid}${fId}`.includes('\0')) return false;
    const gone = await q.get<{ demo_key: string | null }>(
      'DELETE FROM forms WHERE list_id = ? AND f_id = ? RETURNING demo_key',
      [lid, fId],
    );
    if (!gone) return false;
    if (gone.demo_key)
      await q.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
        deletedDemoKey(gone.demo_key),
        new Date().toISOString(),
      ]);
    return true;
  });

/** The meta key that records the owner's deletion of demo form `key`. */
export const deletedDemoKey = (key: string): string => `deleted_demo_form:${key}`;
