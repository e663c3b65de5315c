/**
 * Erasing a person from a list (issue 33 item 7, GDPR's right to erasure): their subscriber row, their marketing
 * permissions, their confirmation tokens (pending or used, with the changes proposed in them), and every e-mail to
 * them on that list in the outbox (sent, queued or failed), in one transaction: nothing of them is left on the list,
 * and no queued mail goes out to them afterwards.
 */
import type { Queryable } from '../store/types';
import { contactKey } from './subscribers';

/**
 * The contact key of `who` as the studio names a person: an e-mail address (holding '@'), else an SMS number (its
 * digits), or null when it is neither.
 */
export const keyOf = (who: string): string | null => {
  const t = who.trim();
  if (t.includes('@')) return contactKey(t, null);
  return /^\+?[\d ().-]+$/.test(t) && /\d/.test(t) ? contactKey(null, t) : null;
};

/**
 * Erases the person `who` names from list `lid`; answers their row's id (for the log, which names no address), or
 * null when the list has no such person.
 */
export const eraseSubscriber = (store: Queryable, lid: string, who: string): Promise<number | null> =>
  store.tx(async (q) => {
    const key = keyOf(who);
    if (!key || `${lid}${key}`.includes('\0')) return null;
    const row = await q.get<{ id: number; email: string | null }>(
      'SELECT id, email FROM subscribers WHERE list_id = ? AND contact_key = ?',
      [lid, key],
    );
    if (!row) return null;
    await q.run('DELETE FROM confirmations WHERE subscriber_id = ?', [row.id]);
    await q.run('DELETE FROM consents WHERE subscriber_id = ?', [row.id]);
    await q.run('DELETE FROM subscribers WHERE id = ?', [row.id]);
    // Mail goes to the stored address; lower() also catches a row written in another case of it (ASCII on SQLite).
    if (row.email)
      await q.run('DELETE FROM outbox WHERE list_id = ? AND (to_addr = ? OR lower(to_addr) = ?)', [
        lid,
        row.email,
        key.slice(2),
      ]);
    return row.id;
  });
