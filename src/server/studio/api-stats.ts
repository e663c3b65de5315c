/**
 * The owner API's numbers (issue 36 item 2): `GET /owner/api/forms/{lid}/{f_id}/stats?days=N` answers
 * `{ days: [{ date, shown, closed, subscribed, confirmed }] }`, the N UTC days ending today, oldest first, a day
 * without a count as zeros. N is 1 to 365, 30 when absent.
 */
import { dailyCounts } from '../db/form-counts';
import { getForm } from '../db/form-edits';
import { sendError, sendJson } from '../http/json';
import type { Handler } from './api-call';

/** Days when the query names none, and the most taken (a year). */
export const STATS_DAYS = 30;
export const STATS_DAYS_MAX = 365;

/** The `days` parameter: absent is the default; else one whole number 1..365, or null (refused). */
export const daysOf = (values: string[]): number | null => {
  if (!values.length) return STATS_DAYS;
  if (values.length > 1 || !/^\d{1,3}$/.test(values[0])) return null;
  const n = Number(values[0]);
  return n >= 1 && n <= STATS_DAYS_MAX ? n : null;
};

/** GET a form's daily counts. */
export const stats: Handler = async (c) => {
  const [lid, fId] = c.params;
  const days = daysOf(c.url.searchParams.getAll('days'));
  if (days === null) return sendError(c.res, 400, `days must be a whole number from 1 to ${STATS_DAYS_MAX}.`);
  if (!(await getForm(c.ctx.store, lid, fId))) return sendError(c.res, 404, `There is no form ${fId} on list ${lid}.`);
  sendJson(c.res, 200, { days: await dailyCounts(c.ctx.store, lid, fId, days) }, {}, c.head);
};
