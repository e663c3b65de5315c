/**
 * The owner's lists as the studio shows and makes them (issue 33 item 1): every list with its subscriber counts and
 * its forms, a new list, a rename.
 */
import { DEMO_UUID } from '../seed/forms';
import type { Queryable } from '../store/types';
import { totalsSince } from './form-counts';
import { withNewId } from './new-id';
import type { FormSummary, ListSummary } from '../../owner-api';

/** The provider's one account (spec 3.1 uuid): every list, seeded or made in the studio, belongs to it. */
export const ACCOUNT_UUID = DEMO_UUID;

interface FormLine {
  list_id: string;
  f_id: string;
  title: string;
  settings: string;
  revision: number;
  saved_at: string | null;
}

/** The summary of a stored form: what its settings say of its look, read leniently (the owner fixes the rest). */
const summary = (r: FormLine, last30: FormSummary['last30']): FormSummary => {
  const s = JSON.parse(r.settings) as Record<string, unknown>;
  const variation = typeof s.modalVariation === 'string' ? s.modalVariation : 'modal';
  const template = Number(s.template);
  return {
    lid: r.list_id,
    fId: r.f_id,
    title: r.title,
    variation,
    template: Number.isInteger(template) ? template : 1,
    doubleOptIn: s.hasDoubleOptIn === true || s.hasDoubleOptIn === 'Y',
    revision: r.revision,
    savedAt: r.saved_at,
    last30,
  };
};

/** Every list, oldest first, with its subscribed and pending counts and its forms in their order. */
export const overview = async (q: Queryable): Promise<ListSummary[]> => {
  const lists = await q.all<Omit<ListSummary, 'forms'>>(
    `SELECT l.id, l.name, l.uuid,
      (SELECT count(*) FROM subscribers s WHERE s.list_id = l.id AND s.status = 'subscribed') AS subscribed,
      (SELECT count(*) FROM subscribers s WHERE s.list_id = l.id AND s.status = 'pending') AS pending
      FROM lists l ORDER BY l.created_at, l.id`,
  );
  const forms = await q.all<FormLine>(
    'SELECT list_id, f_id, title, settings, revision, saved_at FROM forms ORDER BY position, f_id',
  );
  const totals = await totalsSince(q, 30);
  const byList = new Map<string, FormSummary[]>(lists.map((l) => [l.id, []]));
  for (const f of forms)
    byList.get(f.list_id)?.push(summary(f, totals.get(`${f.list_id}\n${f.f_id}`) || { shown: 0, subscribed: 0 }));
  return lists.map((l) => ({ ...l, forms: byList.get(l.id) || [] }));
};

/** List `lid` (its id, name and account), or null. */
export const getList = async (q: Queryable, lid: string): Promise<{ id: string; name: string; uuid: string } | null> =>
  // No stored id holds U+0000, and PostgreSQL refuses it in a parameter (a 500 where SQLite finds nothing).
  (!lid.includes('\0') &&
    (await q.get<{ id: string; name: string; uuid: string }>('SELECT id, name, uuid FROM lists WHERE id = ?', [
      lid,
    ]))) ||
  null;

/** Makes a list of the account named `name`, under a new random id. */
export const createList = (q: Queryable, name: string): Promise<{ id: string; name: string; uuid: string }> =>
  withNewId(async (id) => {
    const r = await q.get<{ id: string }>(
      'INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id',
      [id, ACCOUNT_UUID, name, new Date().toISOString()],
    );
    return r ? { id: r.id, name, uuid: ACCOUNT_UUID } : null;
  });

/** Renames list `lid`; false when there is none. */
export const renameList = async (q: Queryable, lid: string, name: string): Promise<boolean> =>
  !lid.includes('\0') && (await q.run('UPDATE lists SET name = ? WHERE id = ?', [name, lid])).changes === 1;
