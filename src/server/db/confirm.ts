/**
 * The tokens of the links the provider mails (src/server/subscribe/mails.ts), one confirmations row each: a double
 * opt-in confirmation of a new subscriber (issue 5), or a change proposed for a person already on the list (issue 13
 * item 3: what an anonymous submit entered for their address, applied only when its owner follows the link).
 */
import type { Queryable } from '../store/types';
import { countEvent } from './form-counts';
import { type Change, type MergeValue, mergeJson, saveConsents } from './subscribers';

/** A token as its link's page first shows it. */
export type TokenView =
  | { kind: 'unknown' }
  | { kind: 'subscribe'; state: TokenState }
  | { kind: 'change'; state: TokenState; change: Change };

/** Whether a token still acts. */
export type TokenState = 'valid' | 'used' | 'expired';

/** What following a link did. */
export type ConfirmOutcome =
  | { ok: true; kind: 'subscribe' | 'change'; listId: string; email: string | null; eid: string; already: boolean }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' };

interface TokenRow {
  id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  changes: string | null;
  list_id: string;
  email: string | null;
  eid: string;
  status: string;
  merge_fields: string;
  sms_status: string | null;
  form_id: string | null;
}

const read = (q: Queryable, token: string) =>
  q.get<TokenRow>(
    `SELECT c.subscriber_id AS id, c.expires_at, c.used_at, c.created_at, c.changes, s.list_id, s.email, s.eid,
      s.status, s.merge_fields, s.sms_status,
      s.form_id FROM confirmations c JOIN subscribers s ON s.id = c.subscriber_id WHERE c.token = ?`,
    [token],
  );

/**
 * A change token is spent by its use: following it again must not apply an old proposal over a newer one. A
 * confirmation token confirms again harmlessly (mail scanners follow links), so it is never 'used'.
 */
const stateOf = (c: TokenRow, now: string): TokenState =>
  c.used_at ? (c.changes ? 'used' : 'valid') : c.expires_at < now ? 'expired' : 'valid';

/** What `token` is, without acting on it (the page a change link opens shows the change and asks). */
export const viewToken = async (q: Queryable, token: string): Promise<TokenView> => {
  const c = await read(q, token);
  if (!c) return { kind: 'unknown' };
  const state = stateOf(c, new Date().toISOString());
  return c.changes ? { kind: 'change', state, change: JSON.parse(c.changes) as Change } : { kind: 'subscribe', state };
};

/** Applies proposed change `ch` to the person of row `c`, who proved they hold the address by following its link. */
const applyChange = async (q: Queryable, c: TokenRow, ch: Change, token: string, now: string) => {
  const merge = { ...(JSON.parse(c.merge_fields) as Record<string, MergeValue>), ...ch.merge };
  const sms = ch.sms || c.sms_status === 'pending' ? 'subscribed' : c.sms_status;
  await q.run(
    `UPDATE subscribers SET status = 'subscribed', merge_fields = ?, sms_phone = COALESCE(?, sms_phone),
      sms_status = ?, updated_at = ?, confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ?`,
    [mergeJson(merge), ch.sms, sms, now, now, c.id],
  );
  await saveConsents(q, c.id, ch.consents, now);
  // This token is spent, and so are the person's older proposals: applied later, they would undo this one.
  await q.run(
    `UPDATE confirmations SET used_at = ? WHERE used_at IS NULL
      AND (token = ? OR (subscriber_id = ? AND changes IS NOT NULL AND created_at <= ?))`,
    [now, token, c.id, c.created_at],
  );
};

/**
 * Acts on `token` in one transaction (the caller's, with the welcome e-mail it may send): confirms the subscriber
 * of a confirmation token (again, harmlessly, when it was used), or applies a change token's proposal once (which
 * confirms a pending subscriber too). An expired token, or a used change token, does nothing.
 */
export const confirmToken = (store: Queryable, token: string): Promise<ConfirmOutcome> =>
  store.tx(async (q): Promise<ConfirmOutcome> => {
    const c = await read(q, token);
    if (!c) return { ok: false, reason: 'unknown' };
    const now = new Date().toISOString();
    const state = stateOf(c, now);
    if (state !== 'valid') return { ok: false, reason: state };
    const already = c.status === 'subscribed';
    const done = { ok: true, listId: c.list_id, email: c.email, eid: c.eid, already } as const;
    // Issue 36 item 2: confirmed counts a pending person this link subscribes (by either kind of link), once: a link
    // followed again, or a person subscribed already, counts nothing. Under the form they signed up with.
    if (c.status === 'pending' && c.form_id !== null) await countEvent(q, c.list_id, c.form_id, 'confirmed');
    if (c.changes) {
      await applyChange(q, c, JSON.parse(c.changes) as Change, token, now);
      return { ...done, kind: 'change' };
    }
    if (!already)
      await q.run(
        `UPDATE subscribers SET status = 'subscribed', confirmed_at = ?, updated_at = ?,
        sms_status = CASE WHEN sms_status = 'pending' THEN 'subscribed' ELSE sms_status END WHERE id = ?`,
        [now, now, c.id],
      );
    if (!c.used_at) await q.run('UPDATE confirmations SET used_at = ? WHERE token = ?', [now, token]);
    return { ...done, kind: 'subscribe' };
  });
