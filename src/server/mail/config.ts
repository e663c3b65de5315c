/**
 * The mail settings (docs/decisions/outbox-queue.md): SMTP_URL (where mail goes: smtp:// or smtps://, with the
 * account's user name and password) and SMTP_FROM (the From address), read and checked once at start. Nothing here ever
 * prints the password, nor the user name (often an e-mail address): logs and the start banner show `shown`. Pure: no
 * socket.
 */
import type { Mode } from '../site';
import { isLoopback } from '../site';
import { maskAddresses } from '../mask';
import { type MailPolicy, mailPolicy } from './backoff';

/** Mail options of startProvider (main.ts fills them from SMTP_URL and SMTP_FROM). */
export interface MailOptions {
  /** smtp://user:password@host:port (STARTTLS) or smtps://… (TLS from the start); user and password URL-encoded. */
  smtpUrl: string;
  /** 'Name <address>' or 'address'. Required in production; the demo's default is Demo Goods <no-reply@…>. */
  from?: string;
  /** Timings and limits over DEFAULT_MAIL_POLICY (tests shorten them). */
  policy?: Partial<MailPolicy>;
  /** Where the sender's lines go (row ids and SMTP replies, never an address); default standard output. */
  log?: (line: string) => void;
}

/** An SMTP server as SMTP_URL names it. */
export interface SmtpTarget {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. */
  secure: boolean;
  /**
   * STARTTLS or nothing: set when a password would otherwise cross a network in the clear (credentials, smtp://,
   * a host other than this machine).
   */
  requireTLS: boolean;
  auth: { user: string; pass: string } | null;
  /** For logs and the banner: scheme, host and port; never the user name or the password. */
  shown: string;
}

/** A From address. */
export interface FromAddress {
  name: string;
  address: string;
  /** Its domain: the right-hand side of every Message-ID (message.ts). */
  domain: string;
}

/** Mail settings once checked. */
export interface MailConfig {
  target: SmtpTarget;
  from: FromAddress;
  policy: MailPolicy;
  log: (line: string) => void;
}

const URL_FORM = 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465';

/** Parses SMTP_URL. Its errors never quote it: it holds a password. */
export const parseSmtpUrl = (raw: string): SmtpTarget => {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw Error(`SMTP_URL is not a URL. ${URL_FORM}.`);
  }
  const secure = u.protocol === 'smtps:';
  if (!secure && u.protocol !== 'smtp:') throw Error(`SMTP_URL must start with smtp:// or smtps://. ${URL_FORM}.`);
  if (!u.hostname) throw Error(`SMTP_URL has no host. ${URL_FORM}.`);
  if ((u.pathname && u.pathname !== '/') || u.search || u.hash)
    throw Error(`SMTP_URL takes no path, query or fragment. ${URL_FORM}.`);
  let user = '';
  let pass = '';
  try {
    user = decodeURIComponent(u.username);
    pass = decodeURIComponent(u.password);
  } catch {
    throw Error(`SMTP_URL: the user name or password is not valid URL encoding. ${URL_FORM}.`);
  }
  if (pass && !user) throw Error(`SMTP_URL has a password without a user name. ${URL_FORM}.`);
  const port = u.port ? Number(u.port) : secure ? 465 : 587;
  // smtp: is no special scheme to URL: its host keeps the case it was typed in.
  const hostname = u.hostname.toLowerCase();
  const host = hostname.replace(/^\[|\]$/g, '');
  const auth = user ? { user, pass } : null;
  return {
    host,
    port,
    secure,
    requireTLS: !secure && !!auth && !isLoopback(host),
    auth,
    shown: `${u.protocol}//${hostname}:${port}${auth ? ' (with credentials)' : ''}`,
  };
};

const ADDRESS = /^[^\s@<>()[\]",;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/** Parses SMTP_FROM: 'address', 'Name <address>' or '"Name" <address>'; one mailbox, no line breaks. */
export const parseFrom = (raw: string): FromAddress => {
  const s = raw.trim();
  const m = /^(?:"([^"\\\r\n]*)"|([^"<>\r\n]*?))\s*<([^<>]*)>$/.exec(s);
  const name = m ? (m[1] ?? m[2] ?? '').trim() : '';
  const address = m ? m[3] : s;
  if (!ADDRESS.test(address))
    throw Error('SMTP_FROM must be one address, e.g. news@example.com or "Example News" <news@example.com>.');
  return { name, address, domain: address.slice(address.lastIndexOf('@') + 1).toLowerCase() };
};

/** The From of a demo without SMTP_FROM: the public URL's host, else localhost (a local mail catcher's). */
export const demoFrom = (mode: Pick<Mode, 'publicUrl'>): FromAddress => {
  const domain = mode.publicUrl?.hostname.replace(/^\[.*\]$/, 'localhost') || 'localhost';
  return { name: 'Demo Goods', address: `no-reply@${domain}`, domain };
};

/** Checks mail options for `mode`; throws saying what is wrong (never quoting the URL), and nothing starts. */
export const checkMail = (o: MailOptions, mode: Mode): MailConfig => {
  const target = parseSmtpUrl(o.smtpUrl);
  if (!o.from && mode.mode === 'production')
    throw Error('SMTP_URL is set in production mode: set SMTP_FROM too, the address your mail comes from.');
  return {
    target,
    from: o.from ? parseFrom(o.from) : demoFrom(mode),
    policy: mailPolicy(o.policy),
    log: o.log || ((line) => console.log(line)),
  };
};

/** The mail options of `npm start`: SMTP_URL and SMTP_FROM, or undefined when SMTP_URL is unset (no mail sent). */
export const mailFromEnv = (env: NodeJS.ProcessEnv): MailOptions | undefined =>
  env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM || undefined } : undefined;

/**
 * `text` fit for a log line or last_error: every e-mail address masked (an SMTP reply may quote the recipient, in any
 * shape the e-mail rule accepts: src/server/mask.ts), line breaks folded, at most 300 characters.
 */
export const scrubAddresses = (text: string): string =>
  maskAddresses(text)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, 300);
