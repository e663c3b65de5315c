/**
 * What each form did, per UTC day (issue 36 item 2, migration 8): shown and closed as the popup reports them by
 * beacon (src/server/subscribe/beacon.ts), subscribed and confirmed as the provider counts them itself. Each event is
 * one upsert, atomic on both stores, so any number of provider processes count into one row. Aggregates only: no
 * visitor, address or client is stored here.
 */
import type { Queryable } from '../store/types';
import type { DayCounts } from '../../owner-api';

/** The events counted, each a column of form_counts. */
export const COUNTED = ['shown', 'closed', 'subscribed', 'confirmed'] as const;
export type Counted = (typeof COUNTED)[number];

const DAY_MS = 86_400_000;

/** The UTC day of `ms` as YYYY-MM-DD. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Counts one `event` of form `fId` on list `listId` on the day of `now`. A form that does not exist (deleted since the
 * signup its confirmation belongs to) counts nothing: the row is inserted from the form's own row, never without it.
 * On `q`, a store or a transaction: inside one the count commits with what it counted (the signup).
 */
export const countEvent = async (
  q: Queryable,
  listId: string,
  fId: string,
  event: Counted,
  now = Date.now(),
): Promise<void> => {
  // One text for the four events: the event's column gets 1, the others 0, and the update adds what was inserted.
  const ones = COUNTED.map((c) => (c === event ? 1 : 0));
  await q.run(
    `INSERT INTO form_counts (list_id, f_id, day, shown, closed, subscribed, confirmed)
    SELECT list_id, f_id, ?, ?, ?, ?, ? FROM forms WHERE list_id = ? AND f_id = ?
    ON CONFLICT (list_id, f_id, day) DO UPDATE SET
      shown = form_counts.shown + excluded.shown,
      closed = form_counts.closed + excluded.closed,
      subscribed = form_counts.subscribed + excluded.subscribed,
      confirmed = form_counts.confirmed + excluded.confirmed`,
    [dayOf(now), ...ones, listId, fId],
  );
};

/** The `n` days ending with the day of `now`, oldest first (YYYY-MM-DD, UTC). */
export const lastDays = (n: number, now = Date.now()): string[] =>
  Array.from({ length: n }, (_, i) => dayOf(now - (n - 1 - i) * DAY_MS));

/** The zero counts of `date`. */
const zeros = (date: string): DayCounts => ({ date, shown: 0, closed: 0, subscribed: 0, confirmed: 0 });

/** A form's counts over the `days` days ending today, oldest first, a day without a row as zeros. */
export const dailyCounts = async (
  q: Queryable,
  listId: string,
  fId: string,
  days: number,
  now = Date.now(),
): Promise<DayCounts[]> => {
  const dates = lastDays(days, now);
  const rows = await q.all<DayCounts & { day: string }>(
    `SELECT day, shown, closed, subscribed, confirmed FROM form_counts
    WHERE list_id = ? AND f_id = ? AND day >= ? AND day <= ?`,
    [listId, fId, dates[0], dates[dates.length - 1]],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return dates.map((date) => {
    const r = byDay.get(date);
    return r
      ? { date, shown: r.shown, closed: r.closed, subscribed: r.subscribed, confirmed: r.confirmed }
      : zeros(date);
  });
};

/** Every form's shown and subscribed over the `days` days ending today, keyed `listId\nfId`; none counted: absent. */
export const totalsSince = async (
  q: Queryable,
  days: number,
  now = Date.now(),
): Promise<Map<string, { shown: number; subscribed: number }>> => {
  const rows = await q.all<{ list_id: string; f_id: string; shown: number | string; subscribed: number | string }>(
    `SELECT list_id, f_id, SUM(shown) AS shown, SUM(subscribed) AS subscribed FROM form_counts
    WHERE day >= ? GROUP BY list_id, f_id`,
    [lastDays(days, now)[0]],
  );
  // PostgreSQL's SUM of integers is a BIGINT, which pg hands over as text.
  return new Map(
    rows.map((r) => [`${r.list_id}\n${r.f_id}`, { shown: Number(r.shown), subscribed: Number(r.subscribed) }]),
  );
};
