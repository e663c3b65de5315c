/**
 * Fixed-window counters in the store (docs/decisions/shared-state-in-the-store.md, migration 3), so that every provider
 * process on one store counts together: the rate limits of src/server/http/ratelimit.ts, and any later limit (comments
 * per client per minute and per hour, signups per address per list) is a name and a key. One statement per hit, atomic
 * on both stores: the upsert starts a new window when the old one has ended, else adds one, and returns the count.
 */
import { createHash } from 'node:crypto';
import type { Queryable, Store } from '../store/types';

/** At most `max` hits per `windowMs` per key. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** How often a process deletes ended windows, at most (ms). */
const SWEEP_EVERY_MS = 60_000;
const swept = new WeakMap<Queryable, number>();

/**
 * The stored key of `key` under counter `name`: a hash, so the table never holds an e-mail address or a client's IP
 * address, only whether one was seen (and names cannot collide with keys: the name is length-prefixed).
 */
export const counterKey = (name: string, key: string): string =>
  createHash('sha256').update(`${name.length}:${name}${key}`).digest('base64url').slice(0, 32);

/** One hit as counted: the hits in the current window, this one included, and when that window ends (ms). */
export interface Hit {
  hits: number;
  windowEnd: number;
}

/**
 * Counts one hit of `key` under counter `name` at time `now` (ms) and returns the count in the current window,
 * this hit included, and the window's end. A window starts at the first hit after the previous one ended and lasts
 * `windowMs`. On `q`, a store or a transaction: inside a transaction the count commits (or rolls back, or is run
 * again on PostgreSQL) with what it counted (the mailbox limit, src/server/subscribe/mailbox.ts).
 */
export const countHit = async (
  q: Queryable,
  name: string,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<Hit> => {
  const r = await q.get<{ hits: number; window_end: number | string }>(
    `INSERT INTO rate_counters (key, window_end, hits) VALUES (?, ?, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_counters.window_end <= ? THEN 1 ELSE rate_counters.hits + 1 END,
      window_end = CASE WHEN rate_counters.window_end <= ? THEN excluded.window_end ELSE rate_counters.window_end END
    RETURNING hits, window_end`,
    [counterKey(name, key), now + windowMs, now, now],
  );
  // PostgreSQL's BIGINT comes back as text (pg keeps 64-bit integers exact); these are milliseconds, well within 2^53.
  const { hits, window_end } = r as { hits: number; window_end: number | string };
  return { hits, windowEnd: Number(window_end) };
};

/** countHit on `store`, then the ended windows swept (at most once a minute per process). */
export const hitWindow = async (
  store: Store,
  name: string,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<Hit> => {
  const hit = await countHit(store, name, key, windowMs, now);
  await sweep(store, now);
  return hit;
};

/** hitWindow's count alone. */
export const hitCounter = async (
  store: Store,
  name: string,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<number> => (await hitWindow(store, name, key, windowMs, now)).hits;

/**
 * Deletes the windows that ended, at most once a minute per process: the table holds only windows still counting,
 * however many keys a script invents. Any process may sweep; the others' sweeps find less to do.
 */
export const sweep = async (store: Store, now = Date.now(), force = false): Promise<number> => {
  const last = swept.get(store);
  if (!force && last !== undefined && now - last < SWEEP_EVERY_MS && now >= last) return 0;
  swept.set(store, now);
  return (await store.run('DELETE FROM rate_counters WHERE window_end <= ?', [now])).changes;
};

/** The counter `name` limited to `limit`: `hit(key)` counts and says whether the key is still within it. */
export interface Counter {
  readonly limit: Limit;
  hit(key: string): Promise<boolean>;
  /**
   * Counts like `hit`; within the limit null, else how many seconds remain until the window ends (at least 1): what a
   * Retry-After header says.
   */
  retryAfter(key: string): Promise<number | null>;
  /** Takes back one hit of `key` in its current window (a hit that turned out not to count). */
  refund(key: string): Promise<void>;
}

/** A counter `name` over `store` with `limit`; `now` is the clock (tests move it). */
export const counter = (store: Store, name: string, limit: Limit, now: () => number = Date.now): Counter => ({
  limit,
  hit: async (key) => (await hitCounter(store, name, key, limit.windowMs, now())) <= limit.max,
  retryAfter: async (key) => {
    const t = now();
    const h = await hitWindow(store, name, key, limit.windowMs, t);
    return h.hits <= limit.max ? null : Math.max(1, Math.ceil((h.windowEnd - t) / 1000));
  },
  refund: async (key) => {
    await store.run('UPDATE rate_counters SET hits = hits - 1 WHERE key = ? AND hits > 0 AND window_end > ?', [
      counterKey(name, key),
      now(),
    ]);
  },
});
