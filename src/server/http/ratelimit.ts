/**
 * Rate limits of the provider (issue 8): fixed-window counters per key, in memory, with a bounded number of keys so
 * that a script inventing a new address per request cannot grow the map without end. The provider keeps one per
 * client (IP address) and one per address; what they count is decided in src/server/subscribe/routes.ts.
 */
import type { IncomingMessage } from 'node:http';

/** At most `max` hits per `windowMs` per key. */
export interface Limit {
  max: number;
  windowMs: number;
}

interface Window {
  n: number;
  /** When this key's window ends (ms since the epoch). */
  end: number;
}

/** Keys kept before the oldest windows are dropped early (about 10 MB of counters at most). */
const MAX_KEYS = 100_000;

/** A fixed-window counter per key. */
export class RateLimiter {
  /** Insertion order is window-start order: the first entries always end first. */
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: Limit,
    private readonly maxKeys = MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key`; false when that makes more than `max` in the current window. */
  hit(key: string): boolean {
    const t = this.now();
    this.sweep(t);
    let w = this.windows.get(key);
    if (!w || w.end <= t) {
      // A new window goes to the end of the map, keeping the map ordered by window start.
      if (w) this.windows.delete(key);
      w = { n: 0, end: t + this.limit.windowMs };
      this.windows.set(key, w);
    }
    w.n++;
    return w.n <= this.limit.max;
  }

  /** Keys currently counted (for tests of the bound). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops ended windows from the front, then the oldest ones while over the key bound (they restart at zero). */
  private sweep(t: number): void {
    for (const [k, w] of this.windows) {
      if (w.end > t && this.windows.size < this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}

/** The limiters the submit routes consult; null where a limit is lifted. */
export interface Limiters {
  /** Counts every form-post-json request and captcha answer of a client. */
  perClient: RateLimiter | null;
  /** Counts every submit that passed validation and would be stored, per e-mail address (or SMS number). */
  perAddress: RateLimiter | null;
  /** The client a request is counted under (see clientKey); behind a trusted proxy, from X-Forwarded-For. */
  client: (req: IncomingMessage) => string;
}

/** The client of a request from its socket: the provider faces visitors directly. */
export const directClient = (req: IncomingMessage): string => clientKey(req.socket.remoteAddress);

/**
 * The client of a request behind one trusted reverse proxy: the last X-Forwarded-For entry, the address the proxy
 * itself saw (earlier entries are whatever the visitor sent). Without the header, the socket's address.
 */
export const proxiedClient = (req: IncomingMessage): string => {
  const h = req.headers['x-forwarded-for'];
  const last = (Array.isArray(h) ? h.join(',') : h || '').split(',').pop()?.trim();
  return clientKey(last || req.socket.remoteAddress);
};

/** Expands an IPv6 literal into its eight groups; null when it is not one. */
const ipv6Groups = (ip: string): string[] | null => {
  const [head, tail, ...rest] = ip.split('::');
  if (rest.length) return null;
  const a = head ? head.split(':') : [];
  const b = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - a.length - b.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...a, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...b];
  return groups.every((g) => /^[\da-f]{1,4}$/i.test(g)) ? groups : null;
};

/**
 * The key a client is counted under: its IPv4 address (also when mapped into IPv6), or the /64 network of an IPv6
 * address, because one IPv6 host usually holds a whole /64 and could otherwise take a new address per request.
 */
export const clientKey = (remoteAddress: string | undefined): string => {
  const ip = (remoteAddress || '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip || '-';
  const g = ipv6Groups(ip);
  return g
    ? `${g
        .slice(0, 4)
        .map((x) => x.toLowerCase().replace(/^0+(?=.)/, ''))
        .join(':')}::/64`
    : ip.toLowerCase();
};
