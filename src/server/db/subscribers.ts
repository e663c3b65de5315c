/**
 * Subscribers of a list: the signup behind every submit (docs/decisions/members-never-overwritten.md: twice, or in
 * another case, one row), the campaign check of is-email-subscribed, and the owner's listing. A signup only ever adds a
 * person: for someone already on the list it stores a proposed change, applied when the link mailed to their address is
 * followed (docs/decisions/members-never-overwritten.md, src/server/db/confirm.ts).
 */
import { randomBytes } from 'node:crypto';
import { CONFIRM_TTL_HOURS } from '../constants';
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
  /** The web-engagement id a new row keeps (the answer's, src/server/subscribe/submit.ts webIdOf). */
  webId: string;
  /** The form's labels of the fields above: what the page of a proposed change shows. */
  labels: ChangeLabels;
}

/** The form's labels of a signup's merge tags, SMS number and marketing permissions. */
export interface ChangeLabels {
  merge: Record<string, string>;
  sms: string;
  consents: Record<string, string>;
  /**
   * Each merge value as the visitor saw it in the form, by merge tag (src/form-model/store.ts `shownValue`: choice
   * labels, country names, dates in their format's order), taken when the change is proposed, as the labels are.
   * Absent from changes proposed before it was kept: their page shows the stored values.
   */
  shown?: Record<string, string>;
}

/** A change proposed for a person already on the list, as its confirmations row keeps it (JSON). */
export interface Change {
  merge: Record<string, MergeValue>;
  sms: string | null;
  consents: Record<string, boolean>;
  labels: ChangeLabels;
}

/**
 * What a signup did, for the e-mail it causes. The answer to the visitor depends on none of it
 * (docs/decisions/members-never-overwritten.md):
 * - `new`: the person was added; `welcomed` when subscribed at once (single opt-in), else `confirmToken` is set;
 * - `known`: the person was on the list; nothing of theirs changed, `changeToken` confirms the proposed change and
 *   `email` is their stored address, where its e-mail goes;
 * - `unreachable`: an SMS-only person already on the list: no address to confirm a change with, so none is kept.
 */
export type SignupResult =
  | { kind: 'new'; id: number; eid: string; welcomed: boolean; confirmToken: string | null }
  | { kind: 'known'; changeToken: string; email: string }
  | { kind: 'unreachable' };

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** `s` without U+0000 (most strings hold none and come back as they are). */
const noNul = <T extends string | null>(s: T): T => (s?.includes('\0') ? (s.replaceAll('\0', '') as T) : s);

/**
 * Visitor text as stored: merge fields as JSON, and the SMS number as typed, without U+0000. PostgreSQL holds no NUL
 * in text nor a \u0000 escape in jsonb, so a NUL in a name field or between a number's digits (which its rule reads
 * past) would be a 500 there and a stored character on SQLite; both stores now keep the text without it (merge field
 * names are the form's own, never the visitor's; an e-mail address holding one is refused before it gets here).
 */
export const mergeJson = (merge: Record<string, MergeValue> | Change): string =>
  JSON.stringify(merge, (_, v: unknown) => (typeof v === 'string' ? noNul(v) : v));

/** The key that makes one row per person per list: the lower-cased e-mail, else the SMS number's digits. */
export const contactKey = (email: string | null, sms: string | null): string =>
  email ? `e:${email.trim().toLowerCase()}` : `s:${(sms || '').replace(/\D/g, '')}`;

/**
 * Stores a person's marketing permissions, granted or withheld, in one statement (on PostgreSQL one round trip,
 * however many the form has); a permission stored before takes the new answer.
 */
export const saveConsents = async (
  q: Queryable,
  id: number,
  consents: Record<string, boolean>,
  now: string,
): Promise<void> => {
  const rows = Object.entries(consents);
  if (!rows.length) return;
  await q.run(
    `INSERT INTO consents (subscriber_id, marketing_preference_id, granted, updated_at)
      VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT (subscriber_id, marketing_preference_id)
      DO UPDATE SET granted = excluded.granted, updated_at = excluded.updated_at`,
    rows.flatMap(([mp, granted]) => [id, mp, granted ? 1 : 0, now]),
  );
};

/** When a token made now stops confirming. */
const expiry = (): string => new Date(Date.now() + CONFIRM_TTL_HOURS * 36e5).toISOString();

/**
 * Inserts the person of signup `s`; null when their row exists (also one that another process is inserting at this
 * moment: ON CONFLICT waits for that transaction and does nothing, so no unique-key error, which would carry the
 * address into the database's log, is raised).
 */
const insertNew = async (q: Queryable, s: Signup, key: string, now: string) => {
  const eid = hex(5);
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
      s.webId,
      status,
      mergeJson(s.merge),
      noNul(s.sms),
      s.sms ? status : null,
      s.fId,
      now,
      now,
      status === 'subscribed' ? now : null,
    ],
  );
  return r ? { id: r.id, eid, status } : null;
};

/**
 * Keeps signup `s` as a change proposed to the person of `key` on its list, behind a new token, in one statement
 * that also names their stored address (the one the confirmation goes to: never the address as typed now). Nothing
 * of the person's row changes. Undefined when the person has no address (an SMS-only row).
 */
const proposeChange = (q: Queryable, s: Signup, key: string, token: string, now: string) => {
  const change: Change = { merge: s.merge, sms: s.sms, consents: s.consents, labels: s.labels };
  return q.get<{ email: string }>(
    `INSERT INTO confirmations (token, subscriber_id, created_at, expires_at, changes)
      SELECT ?, id, ?, ?, ? FROM subscribers WHERE list_id = ? AND contact_key = ? AND email IS NOT NULL
      RETURNING (SELECT email FROM subscribers s WHERE s.id = confirmations.subscriber_id) AS email`,
    [token, now, expiry(), mergeJson(change), s.listId, key],
  );
};

/**
 * Records a signup in one transaction (joining the caller's, as a submit's does with its e-mail) and returns what it
 * did. A new person is stored at once (pending under double opt-in, with a confirmation token); a person already on the
 * list, confirmed or not, is left as stored and the signup kept as a proposed change
 * (docs/decisions/members-never-overwritten.md: whoever types an address must not rewrite its owner's data). A new
 * person takes the insert, one statement for their permissions if the form asks any, and one for a double opt-in token;
 * a known one the insert and the proposal: as many on a double opt-in form without permissions and on a single opt-in
 * form with them, one more or one fewer otherwise, so the answer's timing says little about who is on the list (and the
 * per-address limit allows few tries). Two processes signing up one new person at once end with one row: the second
 * finds it.
 */
export const recordSignup = (store: Queryable, s: Signup): Promise<SignupResult> =>
  store.tx(async (q): Promise<SignupResult> => {
    const now = new Date().toISOString();
    const key = contactKey(s.email, s.sms);
    // Insert first: most signups are new people, and on PostgreSQL each statement is a round trip. When the person
    // is there already, the insert does nothing and the proposal finds them (under READ COMMITTED also a row that
    // another process committed meanwhile).
    const row = await insertNew(q, s, key, now);
    if (!row) {
      const changeToken = hex(16);
      const known = await proposeChange(q, s, key, changeToken, now);
      if (known) return { kind: 'known', changeToken, email: known.email };
      if (s.email) throw Error('a subscriber row vanished during its signup');
      return { kind: 'unreachable' };
    }
    await saveConsents(q, row.id, s.consents, now);
    let confirmToken: string | null = null;
    if (row.status === 'pending') {
      confirmToken = hex(16);
      await q.run('INSERT INTO confirmations (token, subscriber_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
        confirmToken,
        row.id,
        now,
        expiry(),
      ]);
    }
    return { kind: 'new', id: row.id, eid: row.eid, welcomed: row.status === 'subscribed', confirmToken };
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
