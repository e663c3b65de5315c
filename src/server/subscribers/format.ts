/**
 * The owner's view of subscribers (`npm run subscribers`): a readable table, or CSV for a spreadsheet. Pure.
 */
import type { MergeValue, SubscriberView } from '../db/subscribers';

/** A merge field value as one cell: checkbox values joined by '; ', address parts by ', '. */
export const cellOf = (v: MergeValue | undefined): string =>
  v === undefined ? '' : typeof v === 'string' ? v : Array.isArray(v) ? v.join('; ') : Object.values(v).join(', ');

/** Every merge tag any subscriber has, sorted, for the CSV header. */
export const mergeTags = (rows: SubscriberView[]): string[] =>
  [...new Set(rows.flatMap((r) => Object.keys(r.merge_fields)))].sort();

/**
 * Control characters (C0, DEL, C1) are shown as spaces, in the table and in the CSV alike, so a hostile value
 * (`\e]0;…\a` in a name) cannot redraw the owner's terminal when the export is printed (docs/decisions/two-modes.md).
 * So are the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069): one in a name would reorder
 * what follows it on the line, the next columns included, and show the owner another address than the one stored
 * ("Trojan Source", CVE-2021-42574). Right-to-left text needs none of them to show right to left.
 */
export const plain = (v: string): string => v.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ');

/**
 * An international phone number as people write it: a + then digits, spaces, parentheses, dots and dashes only. No
 * formula can be built of those (no function name, no cell reference, no string), so it needs no guard.
 */
const PHONE = /^\+[\d ().-]+$/;

/** Whether `v` is plainly a phone number (see PHONE), with a digit in it. */
const isPhone = (v: string): boolean => PHONE.test(v) && /\d/.test(v);

/**
 * One CSV cell (RFC 4180): control characters as spaces (`plain`), quoted when it holds a comma or quote; a cell
 * starting with = + - or @ (after any spaces) is prefixed with ' so a spreadsheet shows it instead of running it as
 * a formula (CSV injection), unless it is plainly a phone number ('+1 415 555 0100' stays as it was entered).
 */
export const csvCell = (raw: string): string => {
  const v = plain(raw);
  const safe = /^\s*[=+\-@]/.test(v) && !isPhone(v) ? `'${v}` : v;
  return /[",]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const consentsCell = (c: Record<string, boolean>): string =>
  Object.entries(c)
    .map(([k, g]) => `${k}=${g ? 'yes' : 'no'}`)
    .join('; ');

/** The CSV export: fixed columns, then one column per merge tag. Lines end in CRLF (RFC 4180). */
export const toCsv = (rows: SubscriberView[]): string => {
  const tags = mergeTags(rows);
  const head = [
    'email',
    'status',
    'list',
    'form',
    'sms_phone',
    'sms_status',
    'consents',
    'created_at',
    'confirmed_at',
    ...tags,
  ];
  const lines = rows.map((r) => [
    r.email || '',
    r.status,
    r.list,
    r.form_id || '',
    r.sms_phone || '',
    r.sms_status || '',
    consentsCell(r.consents),
    r.created_at,
    r.confirmed_at || '',
    ...tags.map((t) => cellOf(r.merge_fields[t])),
  ]);
  return [head, ...lines].map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
};

/** The table for a terminal: e-mail, status, list, SMS, created, and the merge fields in short. */
export const toTable = (rows: SubscriberView[]): string => {
  if (!rows.length) return 'No subscribers yet.\n';
  const head = ['email', 'status', 'list', 'sms', 'created', 'fields'];
  const body = rows.map((r) =>
    [
      r.email || '-',
      r.status,
      r.list,
      r.sms_phone ? `${r.sms_phone} (${r.sms_status})` : '-',
      r.created_at.slice(0, 19).replace('T', ' '),
      Object.entries(r.merge_fields)
        .map(([k, v]) => `${k}=${cellOf(v)}`)
        .join(' ')
        .slice(0, 60),
    ].map(plain),
  );
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(w[i]))
      .join('  ')
      .trimEnd();
  return (
    [line(head), line(w.map((n) => '-'.repeat(n))), ...body.map(line)].join('\n') +
    `\n${rows.length} subscriber${rows.length === 1 ? '' : 's'}\n`
  );
};
