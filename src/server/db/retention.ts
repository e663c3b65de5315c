/**
 * Retention (docs/decisions/retention.md, "Retention"): what the provider keeps about people only as long as it serves
 * them. Swept, a retention age (PROVIDER_RETENTION_DAYS, default 30 days) after they stopped serving:
 *
 * - a `confirmations` row (a confirmation link's token, and a proposed change with what was typed) once it expired
 *   (CONFIRM_TTL_HOURS after it was made), a retention age later;
 * - an `outbox` row (an e-mail: its address, its link) a retention age after it was sent or given up (failed_at: a
 *   refusal, too many attempts, too old to send, or held by the mailbox limit). A row still waiting to be sent is
 *   never swept;
 * - a `subscribers` row still pending (double opt-in never confirmed) once none of its confirmations is left and it
 *   was made a retention age ago: an address someone typed, perhaps a stranger's aimed at by a mail bomb (issue 32
 *   item 2), is not kept for good because its owner never answered. Its consents go with it (cascade);
 * - `rate_counters` windows that ended (their keys are hashes, kept only while a window counts: counters.ts sweeps
 *   them too, when counting).
 *
 * One process at a time sweeps, whatever the number of processes on the store: a lease in `meta` (RETENTION_LEASE,
 * the time before which no process starts another sweep), taken by one atomic upsert that only one process wins on
 * either store (SQLite: one writer at a time; PostgreSQL: the row lock, and the condition read again on the row as
 * the winner committed it). Every process tries shortly after its start and then every RETENTION_EVERY_MS, so the
 * store is swept about once an hour. Rows go in batches, each its own statement: a first sweep of a large store
 * never holds SQLite's write lock for long. A row is deleted by one statement only: two sweeps meeting (a lease run
 * out mid-sweep) count each row once, and what one of them leaves when it meets the other's batch, the next takes.
 */
import { maskAddresses } from '../mask';
import type { Store } from '../store/types';
import { sweep as sweepCounters } from './counters';

/** Days a row is kept after it stopped serving, by default: a month to look into a complaint or a bounce. */
export const RETENTION_DAYS = 30;
/** The longest retention the setting takes (ten years): beyond it the sweep promises nothing. */
const RETENTION_MAX_DAYS = 3650;
/** The first sweep after a start: after the start's own work, and once the N workers of a start are all up. */
export const RETENTION_FIRST_MS = 60_000;
/** How often each process tries to sweep. */
export const RETENTION_EVERY_MS = 3_600_000;
/** Rows per DELETE statement. */
const BATCH = 500;
/** The meta row holding the lease: the time (ms) before which no process starts a sweep. */
const RETENTION_LEASE = 'retention_lease';

const DAY_MS = 86_400_000;

/** Retention as startProvider takes it. */
export interface RetentionOptions {
  /** Days kept after sent, given up or expired; default PROVIDER_RETENTION_DAYS, else RETENTION_DAYS. */
  days?: number;
  /** The first sweep this long after the start (ms). */
  firstMs?: number;
  /** A sweep tried this often (ms). */
  everyMs?: number;
}

/** Retention once checked. */
export interface Retention {
  days: number;
  firstMs: number;
  everyMs: number;
}

const SETTING = 'PROVIDER_RETENTION_DAYS';
const SAYS = `a whole number of days from 0 to ${RETENTION_MAX_DAYS}`;
const validDays = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= RETENTION_MAX_DAYS;

/** PROVIDER_RETENTION_DAYS: undefined when unset; throws, quoting the value, on anything but a number of days. */
export const retentionDaysFromEnv = (env: NodeJS.ProcessEnv): number | undefined => {
  const raw = env[SETTING];
  const v = (raw || '').trim();
  if (!v) return undefined;
  const n = /^\d{1,5}$/.test(v) ? Number(v) : NaN;
  if (!validDays(n))
    throw Error(`${SETTING} must be ${SAYS} (default ${RETENTION_DAYS}), not ${JSON.stringify(raw?.slice(0, 40))}.`);
  return n;
};

/**
 * Retention of startProvider's option `o` over PROVIDER_RETENTION_DAYS in `env`; throws on a value either place does
 * not take (a wrong environment value stops the start even when the option overrides it).
 */
export const retentionOf = (o: RetentionOptions | undefined, env: NodeJS.ProcessEnv): Retention => {
  const fromEnv = retentionDaysFromEnv(env);
  const days = o?.days ?? fromEnv ?? RETENTION_DAYS;
  if (!validDays(days)) throw Error(`retention days must be ${SAYS}, not ${days}.`);
  const firstMs = o?.firstMs ?? RETENTION_FIRST_MS;
  const everyMs = o?.everyMs ?? RETENTION_EVERY_MS;
  if (!(firstMs >= 0 && everyMs > 0 && Number.isFinite(firstMs + everyMs)))
    throw Error('retention firstMs and everyMs must be numbers of ms, everyMs above 0.');
  return { days, firstMs, everyMs };
};

/** What one sweep deleted. */
export interface Swept {
  confirmations: number;
  /** Pending subscribers who never confirmed, their every link swept. */
  pending: number;
  outbox: number;
  counters: number;
}

/**
 * Takes the lease of the sweep at `now` (ms) until `until`, when no process holds it: one statement, won by one
 * process of several at once.
 */
const takeLease = async (store: Store, now: number, until: number): Promise<boolean> =>
  !!(await store.get(
    `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
      WHERE CAST(meta.value AS BIGINT) <= ? RETURNING value`,
    [RETENTION_LEASE, String(until), now],
  ));

/**
 * Deletes rows of `table` (keyed by `key`) matching `where` (one `?`: `cutoff`) in batches, until none is left or
 * `stopped()`; how many went.
 */
const deleteAll = async (
  store: Store,
  table: string,
  key: string,
  where: string,
  cutoff: string,
  stopped: () => boolean,
): Promise<number> => {
  let n = 0;
  for (;;) {
    const r = await store.run(
      `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${BATCH})`,
      [cutoff],
    );
    n += r.changes;
    if (r.changes < BATCH || stopped()) return n;
  }
};

/** A pending subscriber made before the cut-off with no confirmation left: its links expired and were swept. */
const UNCONFIRMED = `status = 'pending' AND created_at < ?
  AND NOT EXISTS (SELECT 1 FROM confirmations c WHERE c.subscriber_id = subscribers.id)`;

/**
 * One sweep of `store` at `now` (ms) keeping `r.days`, when this process takes the lease; null when another process
 * holds it. The lease lasts most of `r.everyMs`: each process tries every everyMs, and the first to try after the
 * lease ends sweeps. `stopped()` true ends it between two batches (the provider closing).
 */
export const sweepRetention = async (
  store: Store,
  r: Pick<Retention, 'days' | 'everyMs'>,
  now = Date.now(),
  stopped: () => boolean = () => false,
): Promise<Swept | null> => {
  if (!(await takeLease(store, now, now + Math.floor(r.everyMs * 0.9)))) return null;
  const cutoff = new Date(now - r.days * DAY_MS).toISOString();
  // The expressions of migration 6's indexes (retention): each batch reads an index range, not the whole table.
  const confirmations = await deleteAll(store, 'confirmations', 'token', 'expires_at < ?', cutoff, stopped);
  const pending = await deleteAll(store, 'subscribers', 'id', UNCONFIRMED, cutoff, stopped);
  const outbox = await deleteAll(store, 'outbox', 'id', 'COALESCE(sent_at, failed_at) < ?', cutoff, stopped);
  const counters = stopped() ? 0 : await sweepCounters(store, now, true);
  return { confirmations, pending, outbox, counters };
};

/** The periodic sweep of a provider. */
export interface RetentionTimer {
  /** No sweep starts from now on, and the one under way stops after its batch; resolves once it has. */
  stop(): Promise<void>;
}

/**
 * Sweeps `store` `r.firstMs` after now, then every `r.everyMs`, on timers that keep no process alive. `log` gets one
 * line per sweep that deleted something, and one per failed sweep (the store away: the next one tries again).
 */
export const startRetention = (store: Store, r: Retention, log: (line: string) => void): RetentionTimer => {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped || running) return;
    running = sweepRetention(store, r, Date.now(), () => stopped)
      .then(
        (s) => {
          if (s && s.confirmations + s.pending + s.outbox)
            log(
              `retention: deleted ${s.confirmations} confirmation(s), ${s.pending} never-confirmed subscriber(s) ` +
                `and ${s.outbox} outbox row(s) expired, sent or given up over ${r.days} day(s) ago`,
            );
        },
        (e: Error) => log(`retention: the sweep failed (tried again at the next one): ${maskAddresses(e.message)}`),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, r.firstMs);
  const every = setInterval(run, r.everyMs);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
};
