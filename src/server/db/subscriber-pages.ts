/**
 * A list's subscribers as the studio pages through them (issue 33 item 7): newest first, PAGE_SIZE a page, searched
 * by any part of the address whatever its case. The search reads contact_key, the address lower-cased by the code
 * that stores it (subscribers.ts contactKey): one LIKE on both stores, where a case-insensitive match would be
 * SQLite's LIKE on one and ILIKE on the other.
 */
import type { Queryable } from '../store/types';
import type { MergeValue } from './subscribers';
import type { SubscriberPage } from '../../owner-api';

/** Rows a page holds. */
export const PAGE_SIZE = 50;

/** `s` as literal text inside a LIKE pattern whose escape character is a backslash. */
const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern on contact_key of a search for `q`: every row when empty, else the e-mail rows ('e:' keys) whose
 * address holds `q`, in lower case as the keys are.
 */
export const searchPattern = (q: string): string => {
  const t = q.trim().toLowerCase();
  return t ? `e:%${likeLiteral(t)}%` : '%';
};

/** Page `page` (from 1) of list `lid`'s subscribers whose address holds `q` (all when `q` is empty). */
export const subscriberPage = async (
  q: Queryable,
  lid: string,
  search: string,
  page: number,
): Promise<SubscriberPage> => {
  const pattern = searchPattern(search);
  const where = `WHERE list_id = ? AND contact_key LIKE ? ESCAPE '\\'`;
  const total = (await q.get<{ n: number }>(`SELECT count(*) AS n FROM subscribers ${where}`, [lid, pattern]))?.n ?? 0;
  const rows = await q.all<{
    id: number;
    email: string | null;
    sms_phone: string | null;
    status: string;
    created_at: string;
    confirmed_at: string | null;
    form_id: string | null;
    merge_fields: string;
  }>(
    `SELECT id, email, sms_phone, status, created_at, confirmed_at, form_id, merge_fields FROM subscribers ${where}
      ORDER BY id DESC LIMIT ? OFFSET ?`,
    [lid, pattern, PAGE_SIZE, (page - 1) * PAGE_SIZE],
  );
  return {
    total,
    page,
    pageSize: PAGE_SIZE,
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      sms: r.sms_phone,
      status: r.status,
      createdAt: r.created_at,
      confirmedAt: r.confirmed_at,
      formId: r.form_id,
      fields: JSON.parse(r.merge_fields) as Record<string, MergeValue>,
    })),
  };
};
