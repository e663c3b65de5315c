/**
 * An outbox row as the e-mail that goes out (docs/decisions/outbox-queue.md): plain text, the row's link on its own
 * line, and a Message-ID made of the row alone, the same on every attempt and in every process, so a receiving server
 * that keeps Message-IDs can drop the copy a crash between acceptance and marking may cause (README, "Deployment").
 */
import type { Mail } from '../db/outbox';
import type { FromAddress } from './config';

/** What the transport sends. */
export interface Outgoing {
  from: FromAddress;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** The Message-ID of row `m` under `from`: `<outbox.ID.KEY@domain>`. */
export const messageIdOf = (m: Pick<Mail, 'id' | 'mail_key'>, from: FromAddress): string =>
  `<outbox.${m.id}.${m.mail_key}@${from.domain}>`;

/** Row `m` as a message from `from`. */
export const composeMail = (m: Mail, from: FromAddress): Outgoing => ({
  from,
  to: m.to_addr,
  subject: m.subject,
  text: `${m.body}\n\n${m.link}\n`,
  messageId: messageIdOf(m, from),
});
