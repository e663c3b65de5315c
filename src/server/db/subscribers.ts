/**
 * Subscribers of a list: the idempotent upsert behind every signup (issue 5: twice, or in another case, changes one
 * row), double opt-in confirmation, the campaign check of is-email-subscribed, and the owner's listing.
 */
import { randomBytes } from 'node:crypto';
import { CONFIRM_TTL_HOURS } from '../../constants';
import type { Queryable } from '../store/types';

/** A merge field's stored value: text, the parts of a multi-part field, or the checked values of a checkbox group. */
export type MergeValue = string | string[] | Record<string, string>;

/** What one signup says about a person. */
export interface Signup {
  listId: string;
  fId: string;
  /** The e-mail as typed (trimmed); null for an SMS-only signup. */
  email: string | null;
  /** SMS number, when given. */
  sms: string | null;
  /** Non-empty merge fields by merge tag (field name). */
  merge: Record<string, MergeValue>;
  /** Marketing permissions by marketing_preference_id: granted or not. */
  consents: Record<string, boolean>;
  /** The form asks for double opt-in (spec 3.2 hasDoubleOptIn). */
  doubleOptIn: boolean;
}

/** What a signup did, for the e-mails it causes. The answer to the visitor depends on none of it. */
export interface SignupResult {
  id: number;
  eid: string;
  webId: string;
  /** The person became subscribed just now (single opt-in): send a welcome e-mail. */
  welcomed: boolean;
  /** The person is pending: a new confirmation token for the confirmation e-mail. */
  confirmToken: string | null;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** `s` without U+0000 (most strings hold none and come back as they are). */
const noNul = <T extends string | null>(s: T): T => (s?.includes('\0') ? (s.replaceAll('\0', '') as T) : s);

/**
 * Visitor text as stored: merge fields as JSON, and the SMS number as typed, without U+0000. PostgreSQL holds no NUL
 * in text nor a \u0000 escape in jsonb, so a NUL in a name field or between a number's digits (which its rule reads
 * past) would be a 500 there and a stored character on SQLite; both stores now keep the text without it (merge field
 * names are the form's own, never the visitor's; an e-mail address holding one is refused before it gets here).
 */
export const mergeJson = (merge: Record<string, MergeValue>): string =>
  JSON.stringify(merge, (_, v: unknown) => (typeof v === 'string' ? noNul(v) : v));

/** The key that makes one row per person per list: the lower-cased e-mail, else the SMS number's digits. */
export const contactKey = (email: string | null, sms: string | null): string =>
  email ? `e:${email.trim().toLowerCase()}` : `s:${(sms || '').replace(/\D/g, '')}`;

interface Row {
  id: number;
  eid: string;
  web_id: string;
  status: string;
  merge_fields: string;
  sms_status: string | null;
}

const SELECT_ROW =
  'SELECT id, eid, web_id, status, merge_fields, sms_status FROM subscribers WHERE list_id = ? AND contact_key = ?';

/**
 * Inserts the person of signup `s`; null when their row exists (also one that another process is inserting at this
 * moment: ON CONFLICT waits for that transaction and does nothing, so no unique-key error, which would carry the
 * address into the database's log, is raised).
 */
const insertNew = async (q: Queryable, s: Signup, key: string, now: string, smsStatus: string | null) => {
  const eid = hex(5);
  const webId = hex(12);
  const status = s.doubleOptIn ? 'pending' : 'subscribed';
  const r = await q.get<{ id: number }>(
    `INSERT INTO subscribers (list_id, contact_key, email, eid, web_id, status, merge_fields, sms_phone,
      sms_status, form_id, created_at, updated_at, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (list_id, contact_key) DO NOTHING RETURNING id`,
    [
      s.listId,
      key,
      s.email,
      eid,
      webId,
      status,
      mergeJson(s.merge),
      noNul(s.sms),
      smsStatus,
      s.fId,
      now,
      now,
      status === 'subscribed' ? now : null,
    ],
  );
  return r ? { id: r.id, eid, web_id: webId, status, merge_fields: '{}', sms_status: smsStatus } : null;
};

/** Applies signup `s` to the person's existing row; returns the row as it is now. */
const updateFound = async (q: Queryable, found: Row, s: Signup, now: string, smsStatus: string | null) => {
  // A person already subscribed stays subscribed; anyone else follows the form's opt-in rule.
  const status = found.status === 'subscribed' ? 'subscribed' : s.doubleOptIn ? 'pending' : 'subscribed';
  const merge = { ...(JSON.parse(found.merge_fields) as Record<string, MergeValue>), ...s.merge };
  const sms = found.sms_status === 'subscribed' ? 'subscribed' : smsStatus;
  await q.run(
    `UPDATE subscribers SET email = COALESCE(?, email), status = ?, merge_fields = ?,
      sms_phone = COALESCE(?, sms_phone), sms_status = COALESCE(?, sms_status), updated_at = ?,
      confirmed_at = CASE WHEN ? = 'subscribed' THEN COALESCE(confirmed_at, ?) ELSE confirmed_at END WHERE id = ?`,
    [s.email, status, mergeJson(merge), noNul(s.sms), sms, now, status, now, found.id],
  );
  return { ...found, status };
};

/**
 * Records a signup in one transaction (joining the caller's, as a submit's does with its e-mail) and returns what it
 * did. Two processes signing up one new person at once end with one row: the second finds it.
 */
export const upsertSubscriber = (store: Queryable, s: Signup): Promise<SignupResult> =>
  store.tx(async (q): Promise<SignupResult> => {
    const now = new Date().toISOString();
    const key = contactKey(s.email, s.sms);
    const smsStatus = s.sms ? (s.doubleOptIn ? 'pending' : 'subscribed') : null;
    // Insert first: most signups are new people, and on PostgreSQL each statement is a round trip. When the person
    // is there already, the insert does nothing and the select finds them (under READ COMMITTED also a row that
    // another process committed meanwhile).
    const inserted = await insertNew(q, s, key, now, smsStatus);
    const found = inserted ? undefined : await q.get<Row>(SELECT_ROW, [s.listId, key]);
    if (!found && !inserted) throw Error('a subscriber row vanished during its signup');
    const was = found ? found.status : null;
    const row = found ? await updateFound(q, found, s, now, smsStatus) : (inserted as Row);
    for (const [id, granted] of Object.entries(s.consents))
      await q.run(
        `INSERT INTO consents (subscriber_id, marketing_preference_id, granted, updated_at)
        VALUES (?, ?, ?, ?) ON CONFLICT (subscriber_id, marketing_preference_id)
        DO UPDATE SET granted = excluded.granted, updated_at = excluded.updated_at`,
        [row.id, id, granted ? 1 : 0, now],
      );
    let confirmToken: string | null = null;
    if (row.status === 'pending') {
      confirmToken = hex(16);
      const expires = new Date(Date.now() + CONFIRM_TTL_HOURS * 36e5).toISOString();
      await q.run('INSERT INTO confirmations (token, subscriber_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
        confirmToken,
        row.id,
        now,
        expires,
      ]);
    }
    return {
      id: row.id,
      eid: row.eid,
      webId: row.web_id,
      welcomed: row.status === 'subscribed' && was !== 'subscribed',
      confirmToken,
    };
  });

/** The outcome of following a confirmation link. */
export type ConfirmOutcome =
  | { ok: true; id: number; listId: string; email: string | null; eid: string; already: boolean }
  | { ok: false; reason: 'unknown' | 'expired' };

/** Confirms the subscriber of a double opt-in token. A used token confirms again harmlessly (mail scanners click). */
export const confirmSubscriber = (store: Queryable, token: string): Promise<ConfirmOutcome> =>
  store.tx(async (q): Promise<ConfirmOutcome> => {
    const c = await q.get<{
      id: number;
      expires_at: string;
      used_at: string | null;
      list_id: string;
      email: string | null;
      eid: string;
      status: string;
    }>(
      `SELECT c.subscriber_id AS id, c.expires_at, c.used_at, s.list_id, s.email, s.eid, s.status
        FROM confirmations c JOIN subscribers s ON s.id = c.subscriber_id WHERE c.token = ?`,
      [token],
    );
    if (!c) return { ok: false, reason: 'unknown' };
    if (!c.used_at && c.expires_at < new Date().toISOString()) return { ok: false, reason: 'expired' };
    const now = new Date().toISOString();
    const already = c.status === 'subscribed';
    if (!already)
      await q.run(
        `UPDATE subscribers SET status = 'subscribed', confirmed_at = ?, updated_at = ?,
        sms_status = CASE WHEN sms_status = 'pending' THEN 'subscribed' ELSE sms_status END WHERE id = ?`,
        [now, now, c.id],
      );
    if (!c.used_at) await q.run('UPDATE confirmations SET used_at = ? WHERE token = ?', [now, token]);
    return { ok: true, id: c.id, listId: c.list_id, email: c.email, eid: c.eid, already };
  });

/**
 * Whether the person of campaign link ids `eid`/`cid` is a subscribed member of list `lid` of account `uuid`
 * (spec 3.7, 7.1): the subscriber and the campaign must both belong to that list.
 */
export const isSubscribed = async (
  q: Queryable,
  uuid: string,
  lid: string,
  eid: string,
  cid: string,
): Promise<boolean> =>
  // No stored id holds U+0000, and PostgreSQL refuses it in a parameter (a 500 where SQLite finds nothing).
  !`${uuid}${lid}${eid}${cid}`.includes('\0') &&
  !!(await q.get(
    `SELECT 1 AS yes FROM subscribers s JOIN lists l ON l.id = s.list_id JOIN campaigns c ON c.list_id = s.list_id
      WHERE l.uuid = ? AND s.list_id = ? AND s.eid = ? AND c.id = ? AND s.status = 'subscribed'`,
    [uuid, lid, eid, cid],
  ));

/** One subscriber as the owner's listing shows it. */
export interface SubscriberView {
  list: string;
  email: string | null;
  status: string;
  sms_phone: string | null;
  sms_status: string | null;
  merge_fields: Record<string, MergeValue>;
  consents: Record<string, boolean>;
  form_id: string | null;
  created_at: string;
  confirmed_at: string | null;
}

/** Every subscriber, optionally of one list, oldest first. */
export const listSubscribers = async (q: Queryable, listId?: string): Promise<SubscriberView[]> => {
  const rows = await q.all<
    Omit<SubscriberView, 'merge_fields' | 'consents'> & {
      id: number;
      merge_fields: string;
    }
  >(
    `SELECT s.id, s.list_id AS list, s.email, s.status, s.sms_phone, s.sms_status, s.merge_fields, s.form_id,
      s.created_at, s.confirmed_at FROM subscribers s ${listId ? 'WHERE s.list_id = ?' : ''} ORDER BY s.id`,
    listId ? [listId] : [],
  );
  // One query for every consent, not one per subscriber: an export of a large list is a few round trips.
  const consents = await q.all<{ id: number; k: string; granted: number }>(
    `SELECT c.subscriber_id AS id, c.marketing_preference_id AS k, c.granted FROM consents c
      ${listId ? 'JOIN subscribers s ON s.id = c.subscriber_id WHERE s.list_id = ?' : ''}
      ORDER BY c.subscriber_id, c.marketing_preference_id`,
    listId ? [listId] : [],
  );
  const byId = new Map<number, Record<string, boolean>>();
  for (const c of consents) {
    let m = byId.get(c.id);
    if (!m) byId.set(c.id, (m = {}));
    m[c.k] = c.granted === 1;
  }
  return rows.map(({ id, merge_fields, ...r }) => ({
    ...r,
    merge_fields: JSON.parse(merge_fields) as Record<string, MergeValue>,
    consents: byId.get(id) || {},
  }));
};
