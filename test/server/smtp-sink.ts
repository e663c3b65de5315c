/**
 * A real SMTP server for the mail tests (issue 15 item 4): the smtp-server package on 127.0.0.1, port 0 unless told,
 * plain text (no STARTTLS, a login allowed without TLS on loopback). It keeps every message it accepted and every
 * recipient it was offered, and refuses what `refuse` says to.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the server accepted. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header, '<…>'. */
  messageId: string;
  /** When the server accepted it (ms). */
  at: number;
  /** The user the client logged in as, or ''. */
  user: string;
}

/** How the server answers: accept, or refuse with an SMTP reply. */
export type Verdict = 'accept' | { code: number; text: string };

/** A running test SMTP server. */
export interface Sink {
  port: number;
  url: string;
  received: Received[];
  /** Every RCPT TO offered (accepted or not), with its time (ms). */
  offered: { to: string; at: number }[];
  /** Decides each RCPT TO; default accept. */
  refuse: (to: string) => Verdict;
  /** Waits this long before answering the end of a message (a slow server: a send in flight). */
  delayMs: number;
  /** Called when a message's data starts arriving. */
  onData: (() => void) | null;
  /** The accepted messages with this Message-ID. */
  withId(id: string): Received[];
  stop(): Promise<void>;
}

/** Starts a sink; `auth` makes it require that user and password. */
export async function startSink(o: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<Sink> {
  const sink: Sink = {
    port: 0,
    url: '',
    received: [],
    offered: [],
    refuse: () => 'accept',
    delayMs: 0,
    onData: null,
    withId: (id) => sink.received.filter((r) => r.messageId === id),
    stop: () => new Promise((r) => server.close(() => r())),
  };
  const refusal = (v: Verdict): Error | null => {
    if (v === 'accept') return null;
    return Object.assign(Error(v.text), { responseCode: v.code });
  };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: o.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !o.auth,
    allowInsecureAuth: true,
    closeTimeout: 1000,
    onAuth(auth, _session, cb) {
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.pass)
        return cb(null, { user: auth.username });
      cb(Object.assign(Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      sink.offered.push({ to: address.address, at: Date.now() });
      cb(refusal(sink.refuse(address.address)));
    },
    onData(stream, session: SMTPServerSession, cb) {
      sink.onData?.();
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          sink.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(<[^>]*>)/im.exec(raw)?.[1] || '',
            at: Date.now(),
            user: typeof session.user === 'string' ? session.user : '',
          });
          cb(null, 'OK queued');
        }, sink.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}

/** Waits until `cond` holds (checked every 20 ms), or fails after `ms` saying `what`. */
export async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The text body of a raw message, quoted-printable soft breaks undone. */
export const bodyOf = (raw: string): string =>
  raw
    .slice(raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=');
