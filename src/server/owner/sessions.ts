/**
 * The owner's sessions end when the owner signs out (docs/decisions/owner-sessions.md). A session stays a signed cookie
 * (auth.ts), valid on every process with the same secret, but it carries its issue time, and the store keeps one time,
 * "sessions valid after" (meta 'owner_sessions_after', ms): a session issued at or before it is refused. Signing out
 * moves it forward, so a cookie copied before the sign-out opens nothing after it, on any process: each reads the time
 * from the store on every owner request that brings a session (one row by its key).
 *
 * Times are each process's clock, so two rules keep processes whose clocks differ by a little in agreement: a
 * sign-out moves the time at least one past where it stood, and a sign-in issues its session at least one past it.
 * A sign-in just after a sign-out on a process whose clock is ahead thus still opens the pages here, and a sign-out
 * in the same millisecond as a sign-in still ends that session.
 */
import type { Queryable } from '../store/types';

const KEY = 'owner_sessions_after';

/** The time (ms) at or before which sessions were issued that a sign-out has ended; 0 before the first sign-out. */
export const sessionsEndedAt = async (q: Queryable): Promise<number> =>
  Number((await q.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [KEY]))?.value ?? 0);

/** The issue time (ms) of a session made now: `now`, or one past the last sign-out when that is later. */
export const issueTime = async (q: Queryable, now = Date.now()): Promise<number> =>
  Math.max(now, (await sessionsEndedAt(q)) + 1);

/** Whether a session issued at `issued` (ms) is still open: issued after the last sign-out. */
export const sessionOpen = async (q: Queryable, issued: number): Promise<boolean> =>
  issued > (await sessionsEndedAt(q));

/**
 * Ends every session issued so far: moves the stored time to `now`, or one past where it stood when that is later,
 * in one statement (two sign-outs at once, on two processes, both move it). Returns the new time.
 */
export const endSessions = async (q: Queryable, now = Date.now()): Promise<number> => {
  const r = await q.get<{ value: string }>(
    `INSERT INTO meta (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = CASE WHEN CAST(meta.value AS BIGINT) < ? THEN excluded.value
      ELSE CAST(CAST(meta.value AS BIGINT) + 1 AS TEXT) END
    RETURNING value`,
    [KEY, String(now), now],
  );
  return Number(r?.value);
};
