import type { Queryable } from '../store/types';

/** An e-mail the provider would have sent. */
export interface Mail {
  id: number;
  list_id: string;
  to_addr: string;
  subject: string;
  body: string;
  link: string;
  created_at: string;
}

/**
 * Puts an e-mail in the outbox, the queue of mail to send: a row per message, written in the transaction of what
 * caused it (src/server/subscribe/submit.ts), so a crash never keeps one without the other. The reference provider
 * sends nothing yet: the mailbox page shows what it would send.
 */
export const queueMail = async (q: Queryable, m: Omit<Mail, 'id' | 'created_at'>): Promise<number> =>
  (
    (await q.get<{ id: number }>(
      'INSERT INTO outbox (list_id, to_addr, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      [m.list_id, m.to_addr, m.subject, m.body, m.link, new Date().toISOString()],
    )) as { id: number }
  ).id;

/** The newest e-mails first. */
export const readMailbox = (q: Queryable, limit = 100): Promise<Mail[]> =>
  q.all<Mail>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?', [limit]);
