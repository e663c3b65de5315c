import type { IncomingMessage, ServerResponse } from 'node:http';
import type Database from 'better-sqlite3';
import type { Site } from './site';

/** What every route may use besides the request: the provider's database, and its mode and addresses. */
export interface RouteContext {
  db: Database.Database;
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
