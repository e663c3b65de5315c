/**
 * The owner API's numbers (issue 36 item 2): `GET /owner/api/forms/{lid}/{f_id}/stats?days=N` answers
 * `{ days: [{ date, shown, closed, subscribed, confirmed }] }`, the N UTC days ending today, oldest first, a day
 * without a count as zeros, and the same days as CSV (`stats.csv`, the studio's download) with the conversion. N is 1
 * to 365, 30 when absent.
 */
import type { DayCounts } from '../../owner-api';
import { dailyCounts } from '../db/form-counts';
import { getForm } from '../db/form-edits';
import { sendError, sendJson } from '../http/json';
import type { Call, Handler } from './api-call';

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

/** The days as CSV: one row a day, with the conversion (subscribed ÷ shown, 4 decimals; empty when nothing showed). */
export const statsCsv = (days: DayCounts[]): string =>
  [
    'date,shown,closed,subscribed,confirmed,conversion',
    ...days.map((d) => {
      const rate = d.shown ? (d.subscribed / d.shown).toFixed(4) : '';
      return `${d.date},${d.shown},${d.closed},${d.subscribed},${d.confirmed},${rate}`;
    }),
  ].join('\r\n') + '\r\n';

/** The days of the call's form, or null when the answer (400, 404) is sent already. */
const daysFor = async (c: Call): Promise<DayCounts[] | null> => {
  const [lid, fId] = c.params;
  const days = daysOf(c.url.searchParams.getAll('days'));
  if (days === null) {
    sendError(c.res, 400, `days must be a whole number from 1 to ${STATS_DAYS_MAX}.`);
    return null;
  }
  if (!(await getForm(c.ctx.store, lid, fId))) {
    sendError(c.res, 404, `There is no form ${fId} on list ${lid}.`);
    return null;
  }
  return dailyCounts(c.ctx.store, lid, fId, days);
};

/** GET a form's daily counts. */
export const stats: Handler = async (c) => {
  const days = await daysFor(c);
  if (days) sendJson(c.res, 200, { days }, {}, c.head);
};

/** GET a form's daily counts as CSV, a download. */
export const statsCsvCall: Handler = async (c) => {
  const days = await daysFor(c);
  if (!days) return;
  const csv = statsCsv(days);
  const name = c.params.map((p) => p.replace(/[^\w-]/g, '_')).join('-');
  c.res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="stats-${name}.csv"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(Buffer.byteLength(csv)),
  });
  c.res.end(c.head ? undefined : csv);
};
