/**
 * When the mail sender (docs/decisions/outbox-queue.md, sender.ts) tries a row again, and when it gives up: pure
 * functions of the attempt count, unit-tested as a table (test/unit/mail-backoff.test.ts).
 */
import { CONFIRM_TTL_HOURS } from '../constants';

/** The sender's timings and limits, all in ms but the counts. */
export interface MailPolicy {
  /** How often an idle sender asks the store for due rows. */
  pollMs: number;
  /** How long a claim keeps every other process off a row: longer than any send may take (sendTimeoutMs). */
  leaseMs: number;
  /** A send not answered by then is aborted and counts as a failed attempt. */
  sendTimeoutMs: number;
  /** The wait after the first failed attempt; each later failure doubles it, up to capMs. */
  baseMs: number;
  capMs: number;
  /** Attempts before a row is given up (marked failed, kept). */
  maxAttempts: number;
  /** A row older than this is given up unsent: its confirmation link has expired (CONFIRM_TTL_HOURS). */
  maxAgeMs: number;
  /** Rows read per query of due rows. */
  batch: number;
}

/**
 * The defaults: a failed row is tried again after 30 s, 1, 2, 4 … minutes, at most an hour apart; the tenth failure
 * gives it up (about 3 hours after the first), as does its confirmation link's expiry. A lease of 10 minutes is
 * five times the longest a send may take.
 */
export const DEFAULT_MAIL_POLICY: Readonly<MailPolicy> = {
  pollMs: 1000,
  leaseMs: 10 * 60_000,
  sendTimeoutMs: 2 * 60_000,
  baseMs: 30_000,
  capMs: 60 * 60_000,
  maxAttempts: 10,
  maxAgeMs: CONFIRM_TTL_HOURS * 3600_000,
  batch: 20,
};

/** The policy with `o` over the defaults; throws when it could let a lease end while its send may still run. */
export const mailPolicy = (o: Partial<MailPolicy> = {}): MailPolicy => {
  const p = { ...DEFAULT_MAIL_POLICY, ...o };
  for (const [k, v] of Object.entries(p))
    if (!Number.isFinite(v) || v <= 0) throw Error(`mail policy: ${k} must be a positive number, not ${v}`);
  if (p.leaseMs < 2 * p.sendTimeoutMs)
    throw Error('mail policy: leaseMs must be at least twice sendTimeoutMs, so no lease ends while its send runs');
  if (p.capMs < p.baseMs) throw Error('mail policy: capMs must be at least baseMs');
  return p;
};

/** The wait after failed attempt `attempt` (1 for the first): baseMs doubled per earlier failure, at most capMs. */
export const retryDelayMs = (attempt: number, p: Pick<MailPolicy, 'baseMs' | 'capMs'>): number => {
  const n = Math.max(1, Math.floor(attempt));
  // 2 ** 1100 is Infinity: min() still gives capMs.
  return Math.min(p.capMs, p.baseMs * 2 ** (n - 1));
};

/** What to do with a row whose attempt number `attempts` failed (`permanent`: the server refused it for good). */
export const afterFailure = (
  attempts: number,
  permanent: boolean,
  now: number,
  p: Pick<MailPolicy, 'baseMs' | 'capMs' | 'maxAttempts'>,
): { final: boolean; nextAt: number } => {
  const final = permanent || attempts >= p.maxAttempts;
  return { final, nextAt: final ? now : now + retryDelayMs(attempts, p) };
};

/** `ms` for a person: '48 h', '90 s', '250 ms'. */
export const duration = (ms: number): string =>
  ms >= 3600_000 ? `${+(ms / 3600_000).toFixed(2)} h` : ms >= 1000 ? `${+(ms / 1000).toFixed(2)} s` : `${ms} ms`;

/**
 * Why a freshly claimed row is not sent at all, or null to send it: too old (its link expired), or claimed more
 * than maxAttempts times (processes died while sending it: its last attempt's outcome is unknown).
 */
export const giveUpBeforeSending = (
  m: { created_at: string; attempts: number },
  now: number,
  p: Pick<MailPolicy, 'maxAgeMs' | 'maxAttempts'>,
): string | null => {
  const created = Date.parse(m.created_at);
  if (!(now - created <= p.maxAgeMs)) return `too old: not sent within ${duration(p.maxAgeMs)} of queueing`;
  if (m.attempts > p.maxAttempts) return `claimed ${m.attempts} times without a recorded outcome`;
  return null;
};
