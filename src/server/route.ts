import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Limit } from './db/counters';
import type { Site } from './site';
import type { Store } from './store/types';

/**
 * What every route may use besides the request: the provider's store (SQLite or PostgreSQL), mode and addresses, and
 * who is asking as the rate limits count clients.
 */
export interface RouteContext {
  store: Store;
  site: Site;
  /**
   * The client a request is counted under (src/server/http/ratelimit.ts): its IP address (an IPv6 one by its /64), or
   * behind a trusted proxy (PROVIDER_TRUST_PROXY) the last X-Forwarded-For entry.
   */
  client: (req: IncomingMessage) => string;
  /**
   * What one mailbox may be sent in a day from the whole provider (docs/decisions/mailbox-limit.md,
   * src/server/subscribe/mailbox.ts), counted by every mail queued; null when lifted.
   */
  mailbox: Limit | null;
}

/**
 * One route of the provider. Routes are tried in order; a route that answers the request returns true, one that
 * does not know the path returns false and leaves the response untouched. Extra routes given to `startProvider`
 * (the blog's) run before the provider's own.
 */
export type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
) => boolean | Promise<boolean>;
