/**
 * The mail sender (docs/decisions/outbox-queue.md): a loop in every provider process with SMTP_URL set, over the outbox
 * rows of the store they share. Each round it reads the due rows, claims one at a time (db/outbox.ts claimMail: one
 * atomic UPDATE, a lease of leaseMs), sends it, and records the outcome:
 *
 * - accepted: marked sent in the statement that stores the server's reply, never sent again;
 * - refused for good (5xx to RCPT TO or DATA): given up at once, kept as failed with its last error;
 * - anything else (connection refused, 4xx, timeout, lost login): due again after retryDelayMs, given up after
 *   maxAttempts (backoff.ts).
 *
 * A process that dies mid-send leaves its claim: no other process takes the row before the lease ends, and then one
 * does and sends it again. That is at-least-once, and the only way a row goes out twice: the process died (or stalled
 * past a lease five times its send timeout) after the server accepted the message and before the mark. Every copy
 * carries the row's Message-ID (message.ts). Logs name rows by id, never by address.
 */
import { randomBytes } from 'node:crypto';
import { claimMail, dueMailIds, type Mail, markMailFailed, markMailSent } from '../db/outbox';
import { StoreUnavailable } from '../store/availability';
import type { Store } from '../store/types';
import { afterFailure, duration, giveUpBeforeSending } from './backoff';
import type { MailConfig } from './config';
import { composeMail } from './message';
import { failureOf, type MailTransport } from './smtp';

/** A running sender. */
export interface Sender {
  /** Stops the loop: resolves once the send in flight, if any, has finished and its outcome is recorded. */
  stop(): Promise<void>;
}

/** Tries `fn` up to `times` times, a second apart: recording an accepted send must outlast a store hiccup. */
const persist = async <T>(fn: () => Promise<T>, times = 5): Promise<T> => {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= times) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
};

/** Starts sending the outbox of `store` through `transport`. */
export const startSender = (store: Store, transport: MailTransport, c: MailConfig): Sender => {
  const { policy: p, log } = c;
  let stopped = false;
  let wake: (() => void) | null = null;

  /** Sends claimed row `m` (attempt m.attempts) and records what happened. */
  const deliver = async (m: Mail, claim: string): Promise<void> => {
    const now = Date.now();
    const late = giveUpBeforeSending(m, now, p);
    if (late) {
      await markMailFailed(store, m.id, claim, { error: late, nextAt: now, final: true });
      return log(`mail ${m.id}: given up unsent (${late})`);
    }
    let reply: string;
    try {
      reply = await transport.send(composeMail(m, c.from), AbortSignal.timeout(p.sendTimeoutMs));
    } catch (e) {
      const f = failureOf(e);
      const next = afterFailure(m.attempts, f.permanent, Date.now(), p);
      await persist(() => markMailFailed(store, m.id, claim, { error: f.text, ...next }));
      return log(
        next.final
          ? `mail ${m.id}: attempt ${m.attempts} failed, given up (${f.text})`
          : `mail ${m.id}: attempt ${m.attempts} failed, next in ${duration(next.nextAt - Date.now())} (${f.text})`,
      );
    }
    // Accepted: from here the row must end up marked sent, whatever the store does for a moment.
    const first = await persist(() => markMailSent(store, m.id, reply));
    log(
      first
        ? `mail ${m.id}: sent (attempt ${m.attempts}): ${reply}`
        : `mail ${m.id}: sent again, another process had sent it after this one's lease ended (same Message-ID)`,
    );
  };

  /** One round: claims and sends due rows until none is left; whether any was claimed. */
  const round = async (): Promise<boolean> => {
    let claimed = false;
    for (const id of await dueMailIds(store, Date.now(), p.batch)) {
      if (stopped) break;
      const claim = randomBytes(9).toString('base64url');
      const now = Date.now();
      const m = await claimMail(store, id, claim, now, now + p.leaseMs);
      if (!m) continue;
      claimed = true;
      await deliver(m, claim);
    }
    return claimed;
  };

  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await round();
      } catch (e) {
        // The store is away (PostgreSQL restarting): the next round tries again. No row is lost: a claim left behind
        // ends with its lease. The store says so itself, once per outage (docs/decisions/store-outages.md): not a line
        // per round.
        if (!(e instanceof StoreUnavailable)) log(`mail queue: ${failureOf(e).text}`);
      }
      if (!busy && !stopped)
        await new Promise<void>((r) => {
          const t = setTimeout(r, p.pollMs);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
      wake = null;
    }
  })();

  let stopping: Promise<void> | null = null;
  return {
    stop: () =>
      (stopping ||= (async () => {
        stopped = true;
        (wake as (() => void) | null)?.();
        await loop;
        transport.close();
      })()),
  };
};
