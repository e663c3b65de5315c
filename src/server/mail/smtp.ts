/**
 * The SMTP transport (docs/decisions/outbox-queue.md): nodemailer, one connection per message (nodemailer's pool
 * re-queues a message whose connection closed mid-send, a resend this queue must decide on itself), every wait bounded
 * below the send timeout, which is below the lease (backoff.ts). Errors become a line without any address and a
 * verdict: permanent when the server refused this message for good, transient otherwise.
 */
import nodemailer from 'nodemailer';
import type { MailPolicy } from './backoff';
import { type SmtpTarget, scrubAddresses } from './config';
import type { Outgoing } from './message';

/** Sends messages. */
export interface MailTransport {
  /** Resolves with the server's reply once it accepted the message; rejects on a refusal, an error or `signal`. */
  send(m: Outgoing, signal: AbortSignal): Promise<string>;
  close(): void;
}

/** A transport to `t`; no connection is made before the first send. */
export const smtpTransport = (t: SmtpTarget, p: Pick<MailPolicy, 'sendTimeoutMs'>): MailTransport => {
  // Each step's own limit, each within the send's: a dead server costs one timeout, never the lease.
  const step = Math.max(1000, Math.floor(p.sendTimeoutMs / 2));
  const transporter = nodemailer.createTransport({
    host: t.host,
    port: t.port,
    secure: t.secure,
    requireTLS: t.requireTLS,
    auth: t.auth ? { user: t.auth.user, pass: t.auth.pass } : undefined,
    connectionTimeout: step,
    greetingTimeout: step,
    socketTimeout: step,
    dnsTimeout: step,
  });
  return {
    send: async (m, signal) => {
      const info = await transporter.sendMail({
        from: { name: m.from.name, address: m.from.address },
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: m.messageId,
        // RFC 3834: an automatic message; out-of-office replies are not sent back to it.
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal,
      });
      return scrubAddresses(info.response || '250');
    },
    close: () => transporter.close(),
  };
};

/** An SMTP error's fields that matter here (nodemailer's NodemailerError). */
interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

/**
 * Why a send failed, as a loggable line, and whether trying again is pointless: a 5xx reply (not 503) to RCPT TO or
 * to the message itself refuses this message for good. A refusal of the login or of MAIL FROM is the provider's
 * set-up, the same for every row: retried, so fixing SMTP_URL or SMTP_FROM sends the queue.
 */
export const failureOf = (e: unknown): { permanent: boolean; text: string } => {
  const x = (typeof e === 'object' && e ? e : { message: String(e) }) as SmtpError;
  const permanent = x.permanent === true && (x.command === 'RCPT TO' || x.command === 'DATA');
  const what = [x.code, x.responseCode ? String(x.responseCode) : '', x.command].filter(Boolean).join(' ');
  const text = x.response || x.message || 'unknown error';
  return { permanent, text: scrubAddresses(what ? `${what}: ${text}` : text) };
};
