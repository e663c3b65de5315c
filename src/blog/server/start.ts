/**
 * The blog as a site of its own (issue 35 item 2): its own server on its own port, over the provider's store, clients
 * and Site (the provider's RouteContext), embedding the provider cross-origin as every real site does.
 */
import { logSink } from '../../server/http/log';
import { serveRoutes } from '../../server/http/serve';
import type { RouteContext } from '../../server/route';
import { listeningHost } from '../../server/site';
import { type BlogOptions, createBlogRoute } from './routes';

/**
 * BLOG_PORT of `env`: the blog's port, by default `port` + 1 (the provider's PORT), or 0 (a free port) when `port`
 * is 0. Throws an Error that names the setting on anything but a port number, or the provider's own port.
 */
export const blogPortFromEnv = (env: NodeJS.ProcessEnv, port: number): number => {
  const raw = (env.BLOG_PORT || '').trim();
  if (!raw) {
    if (port === 0) return 0;
    if (port + 1 > 65535) throw Error(`BLOG_PORT is PORT + 1 by default, past 65535 for PORT ${port}: set BLOG_PORT.`);
    return port + 1;
  }
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= 65535))
    throw Error(`BLOG_PORT must be a port number from 0 to 65535, not ${JSON.stringify(raw.slice(0, 40))}.`);
  if (n !== 0 && n === port) throw Error(`BLOG_PORT must differ from PORT (${port}): the blog is a site of its own.`);
  return n;
};

/** How to start the blog's server. */
export interface BlogServerOptions extends Omit<BlogOptions, 'listening'> {
  /** The provider's RouteContext (Provider.context). */
  context: RouteContext;
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1, as the provider's. */
  host?: string;
  /** No request log. */
  quiet?: boolean;
}

/** A running blog. */
export interface BlogServer {
  /** Its listening origin, 'http://127.0.0.1:8081'. */
  origin: string;
  /**
   * The address to open it by: on 127.0.0.1, as http://localhost:PORT/, a host name other than the provider's
   * (src/blog/server/place.ts).
   */
  address: string;
  /** Drains and closes its server (before the provider's store closes). */
  close(): Promise<void>;
}

/** Starts the blog's server and resolves once it listens (rejects as listen does: EADDRINUSE). */
export async function startBlogServer(o: BlogServerOptions): Promise<BlogServer> {
  const bind = o.host || '127.0.0.1';
  let self = '';
  const log = o.quiet ? null : logSink((chunk) => process.stdout.write(chunk));
  const served = await serveRoutes({
    port: o.port,
    host: bind,
    routes: [createBlogRoute({ ...o, listening: () => self })],
    context: () => o.context,
    log,
  });
  self = listeningHost(bind, served.port);
  const origin = `http://${self}`;
  return {
    origin,
    address: self.startsWith('127.0.0.1:') ? `http://localhost:${served.port}/` : `${origin}/`,
    close: () => served.close().then(() => log?.flush()),
  };
}
