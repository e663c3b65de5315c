/**
 * Whether the store can be reached (docs/decisions/store-outages.md). A store that cannot (PostgreSQL restarting,
 * refusing connections or out of them, a SQLite file locked beyond its busy timeout) fails a statement with
 * StoreUnavailable, which the provider answers with a 503 and Retry-After, and says so once per change of state: one
 * line when the first statement fails, one when a statement works again. Never one line, let alone a stack, per
 * request: an outage under load is thousands of them.
 */
import type { Dialect } from './types';

/** A statement failed because the store could not be reached, not because of what it asked. */
export class StoreUnavailable extends Error {
  /** The driver's code, when it had one (57P01, ECONNREFUSED, SQLITE_BUSY). */
  readonly code?: string;

  constructor(
    /** What the driver said, short: never a statement's text or its parameters. */
    readonly reason: string,
    cause: unknown,
  ) {
    super(`store unavailable: ${reason}`, { cause });
    this.code = (cause as { code?: string } | null)?.code;
  }
}

/**
 * PostgreSQL's SQLSTATEs and the socket's error codes of a server that is gone, going or not taking connections:
 * class 08 (connection exception) by its prefix; admin_shutdown, crash_shutdown, cannot_connect_now (starting or
 * shutting down); too_many_connections; read_only_sql_transaction (a fail-over left this address on a standby).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** pg's own errors, which have no code: a connection that ended, could not open in time, or is no longer usable. */
const PG_MESSAGES = new RegExp(
  '^(Connection terminated|timeout exceeded when trying to connect|' +
    'Client has encountered a connection error|Client was closed)',
);
/** SQLite's: the file locked past the busy timeout, unopenable, unreadable or unwritable, the disk full. */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|PROTOCOL)/;

/** True when `e` says the store of `dialect` could not be reached, rather than that a statement was wrong. */
export const unreachable = (e: unknown, dialect: Dialect): boolean => {
  if (e instanceof StoreUnavailable) return true;
  const { code, message } = (e || {}) as { code?: unknown; message?: unknown };
  if (dialect === 'sqlite') return typeof code === 'string' && SQLITE_CODE.test(code);
  if (typeof code === 'string' && (PG_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
  return typeof message === 'string' && PG_MESSAGES.test(message);
};

/** `e` as a StoreUnavailable (itself when it is one). */
export const unavailable = (e: unknown): StoreUnavailable => {
  if (e instanceof StoreUnavailable) return e;
  // An AggregateError (every address of a host name refused) has an empty message and the code.
  const x = (e || {}) as { message?: unknown; code?: unknown };
  return new StoreUnavailable(
    String(x.message || x.code || e)
      .split('\n')[0]
      .slice(0, 200),
    e,
  );
};

/**
 * The state of one store in this process, and the line each change of it prints. A failure marks the store down; a
 * statement that started after that and worked marks it up again. A read that works does not end an outage that a
 * write began: on SQLite, readers go on while another process holds the write lock.
 */
export class Availability {
  private down: { reason: string; since: number; write: boolean } | null = null;
  /** Counts failures that took the store down: a statement begun before the latest one proves nothing about now. */
  private outages = 0;

  /** `log` takes the two lines; standard error by default, where the provider's errors go. */
  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  /** What a statement notes when it starts, and hands back to `worked`. */
  get epoch(): number {
    return this.outages;
  }

  /** A statement failed with `e`, unreachable: the first of an outage prints its line. */
  failed(e: StoreUnavailable, write: boolean): void {
    if (this.down) {
      this.down.write ||= write;
      return;
    }
    this.outages++;
    this.down = { reason: e.reason, since: Date.now(), write };
    this.log(`${new Date().toISOString()} store unavailable: ${e.reason}`);
  }

  /** A statement begun at `epoch` worked: when it is the first since the outage began, the outage ends. */
  worked(epoch: number, write: boolean): void {
    const d = this.down;
    if (!d || epoch !== this.outages || (d.write && !write)) return;
    this.down = null;
    const s = ((Date.now() - d.since) / 1000).toFixed(1);
    this.log(`${new Date().toISOString()} store available again (unavailable for ${s} s)`);
  }
}
