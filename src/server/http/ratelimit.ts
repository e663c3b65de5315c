/**
 * Rate limits of the provider (docs/decisions/rate-limits.md), counted in the store
 * (docs/decisions/shared-state-in-the-store.md: src/server/db/counters.ts), so that N provider processes behind one
 * proxy limit a client or an address as one would. The provider keeps one limit per client (IP address) and one per
 * address on a list; what they count is decided in src/server/subscribe/routes.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Counter } from '../db/counters';

export type { Limit } from '../db/counters';

/** The limiters the submit routes consult; null where a limit is lifted. */
export interface Limiters {
  /** Counts every form-post-json request and captcha answer of a client. */
  perClient: Counter | null;
  /**
   * Counts every submit that passed validation and would be stored, per e-mail address (or SMS number) per list
   * (src/server/subscribe/submit.ts addressKey).
   */
  perAddress: Counter | null;
  /** Counts every beacon of a client (issue 36 item 2, src/server/subscribe/beacon.ts); absent or null: lifted. */
  perBeacon?: Counter | null;
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
