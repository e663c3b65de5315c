import type Database from 'better-sqlite3';
import { stmt } from './stmt';

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

/** Puts an e-mail in the outbox (the provider sends nothing: the mailbox page shows what it would send). */
export const queueMail = (db: Database.Database, m: Omit<Mail, 'id' | 'created_at'>): number =>
  Number(
    stmt(db, 'INSERT INTO outbox (list_id, to_addr, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      m.list_id,
      m.to_addr,
      m.subject,
      m.body,
      m.link,
      new Date().toISOString(),
    ).lastInsertRowid,
  );

/** The newest e-mails first. */
export const readMailbox = (db: Database.Database, limit = 100): Mail[] =>
  stmt(db, 'SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as Mail[];
