import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Site } from './site';
import type { Store } from './store/types';

/** What every route may use besides the request: the provider's store (SQLite or PostgreSQL), mode and addresses. */
export interface RouteContext {
  store: Store;
  site: Site;
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
