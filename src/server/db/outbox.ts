import { randomBytes } from 'node:crypto';
import type { Queryable } from '../store/types';

/** An e-mail in the outbox: what to send, and where it is in the queue (migration 5). */
export interface Mail {
  id: number;
  list_id: string;
  to_addr: string;
  subject: string;
  body: string;
  link: string;
  created_at: string;
  /** Random hex: with the id, the Message-ID every attempt of this row sends (src/server/mail/message.ts). */
  mail_key: string;
  /** Claims so far: each is an attempt, including one whose process died before it could record the outcome. */
  attempts: number;
  /** When the row is due (ms since the epoch); 0 or the queue time at first. */
  next_attempt_at: number;
  /** The claim of the process sending it, and until when (ms) no other process may take it. */
  claim: string | null;
  claimed_until: number | null;
  /** Set with the SMTP server's reply once it accepted the message: never sent again. */
  sent_at: string | null;
  sent_reply: string | null;
  /** Set when the row was given up; last_error says why (no e-mail address in it). */
  failed_at: string | null;
  last_error: string | null;
}

/** What a caller queues. */
export type NewMail = Pick<Mail, 'list_id' | 'to_addr' | 'subject' | 'body' | 'link'>;

/**
 * Puts an e-mail in the outbox, the queue of mail to send: a row per message, written in the transaction of what
 * caused it (src/server/subscribe/submit.ts), so a crash never keeps one without the other. With SMTP_URL set, the
 * provider's sender (src/server/mail/sender.ts) sends it; in demo mode the mailbox page shows it either way. With
 * `heldBecause`, the row is written given up already (failed_at set, that reason its last_error): kept, so that the
 * owner sees it and why, and never sent (the mailbox limit, src/server/subscribe/mailbox.ts).
 */
export const queueMail = async (q: Queryable, m: NewMail, heldBecause: string | null = null): Promise<number> => {
  const now = new Date();
  const row = await q.get<{ id: number }>(
    `INSERT INTO outbox (list_id, to_addr, subject, body, link, created_at, mail_key, next_attempt_at, failed_at,
      last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      m.list_id,
      m.to_addr,
      m.subject,
      m.body,
      m.link,
      now.toISOString(),
      randomBytes(16).toString('hex'),
      +now,
      heldBecause ? now.toISOString() : null,
      heldBecause,
    ],
  );
  return (row as { id: number }).id;
};

/** The newest e-mails first. */
export const readMailbox = (q: Queryable, limit = 100): Promise<Mail[]> =>
  q.all<Mail>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?', [limit]);

/** Not sent, not given up, due at `now` and not under another process's lease: the oldest due first. */
const DUE =
  'sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)';

/** Ids of up to `limit` rows due at `now` (ms). Another process may claim them first: see claimMail. */
export const dueMailIds = async (q: Queryable, now: number, limit: number): Promise<number[]> =>
  (
    await q.all<{ id: number }>(`SELECT id FROM outbox WHERE ${DUE} ORDER BY next_attempt_at, id LIMIT ?`, [
      now,
      now,
      limit,
    ])
  ).map((r) => r.id);

/**
 * Claims row `id` for `claim` until `until` (ms), counting an attempt, when it is still due at `now`: one UPDATE, so
 * of several processes claiming one row at once exactly one gets it (SQLite: one writer at a time; PostgreSQL: the
 * row lock, and the condition read again on the row as the first claimant committed it). Returns the row, or
 * undefined when another process has it, sent it or gave it up.
 */
export const claimMail = (
  q: Queryable,
  id: number,
  claim: string,
  now: number,
  until: number,
): Promise<Mail | undefined> =>
  q.get<Mail>(
    `UPDATE outbox SET claim = ?, claimed_until = ?, attempts = attempts + 1 WHERE id = ? AND ${DUE} RETURNING *`,
    [claim, until, id, now, now],
  );

/**
 * Records that the SMTP server accepted row `id`, in the one statement that marks it sent: from here no process
 * sends it again. Whoever claimed it: the message went out. False when it was already marked sent (a second process
 * took the row after this one's lease ran out mid-send, and both delivered it).
 */
export const markMailSent = async (q: Queryable, id: number, reply: string): Promise<boolean> =>
  (
    await q.run(
      `UPDATE outbox SET sent_at = ?, sent_reply = ?, claim = NULL, claimed_until = NULL, last_error = NULL
        WHERE id = ? AND sent_at IS NULL`,
      [new Date().toISOString(), reply, id],
    )
  ).changes === 1;

/**
 * Records a failed attempt of row `id` under `claim`: due again at `nextAt` (ms), or given up (`final`). Returns
 * false when the claim is no longer this process's (its lease ran out and another process took the row).
 */
export const markMailFailed = async (
  q: Queryable,
  id: number,
  claim: string,
  o: { error: string; nextAt: number; final: boolean },
): Promise<boolean> =>
  (
    await q.run(
      `UPDATE outbox SET claim = NULL, claimed_until = NULL, last_error = ?, next_attempt_at = ?, failed_at = ?
        WHERE id = ? AND claim = ? AND sent_at IS NULL`,
      [o.error, o.nextAt, o.final ? new Date().toISOString() : null, id, claim],
    )
  ).changes === 1;
