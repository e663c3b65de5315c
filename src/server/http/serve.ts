/**
 * One HTTP server over a list of routes (issue 34 item 3: the platform the provider and the blog both run on): the
 * address checks every route relies on, the slow-client timeouts, the request log, the answer to a handler that
 * threw, and a close that drains the requests in flight. The provider's port and the blog's own (issue 35 item 2)
 * are each one of these over the one RouteContext.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_HEADERS_TIMEOUT_MS, PROVIDER_MAX_URL, PROVIDER_REQUEST_TIMEOUT_MS } from '../constants';
import { maskAddresses } from '../mask';
import type { Route, RouteContext } from '../route';
import { StoreUnavailable } from '../store/availability';
import { ClientGone } from './body';
import { type LogSink, logLine, logPath } from './log';
import { sendText } from './respond';

/** How to serve. */
export interface ServeOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Tried in order; read at each request, so a list filled after listen (the provider's) is seen whole. */
  routes: Route[];
  /** What every route is given; read at each request (the provider's Site is known once it listens). */
  context: () => RouteContext;
  /** The request log, or null for none. */
  log: LogSink | null;
  /** Connection timeouts in ms (slow-header clients); defaults from src/constants.ts. */
  timeouts?: { headersMs?: number; requestMs?: number };
}

/** A listening server. */
export interface Served {
  server: Server;
  port: number;
  /** The longest a request may take (ms): what close waits for a stuck handler at most. */
  requestTimeout: number;
  /**
   * Stops accepting and ends idle connections; requests in flight are answered, each answer closing its connection,
   * and connections still open after the request timeout are ended. Resolves once no handler runs. Safe to call twice.
   */
  close(): Promise<void>;
}

/** Whether `path` is valid percent-encoding (every `%` starts an escape, and the escapes make UTF-8). */
const decodable = (path: string): boolean => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

/** Seconds a 503 asks the client to wait while the store is unavailable: about a restart's or fail-over's gap. */
const RETRY_AFTER_S = 5;

/** Whether `e`, or an error it was caused by, is of class `c`. */
const causedBy = (e: unknown, c: abstract new (...a: never[]) => Error): boolean => {
  for (let x: unknown = e, depth = 0; x instanceof Error && depth < 5; x = (x as Error).cause, depth++)
    if (x instanceof c) return true;
  return false;
};

/**
 * Answers a request whose handler threw `e` (issue 32 item 4). A client that went away mid-body: nothing to answer,
 * nothing to log. The store unavailable: a 503 with Retry-After, and no line here (the store prints one per change
 * of state, not one per request). Anything else is a bug: its stack is logged, never the request (the query
 * carries the visitor's fields), and the answer is a 500.
 */
const failed = (req: IncomingMessage, res: ServerResponse, e: unknown): void => {
  if (causedBy(e, ClientGone)) return void res.destroy();
  const down = causedBy(e, StoreUnavailable);
  if (!down)
    // The stack, never the request: the query carries the visitor's fields. The path and the stack (an error's
    // message may quote input) with every address masked, as the request log's (issue 32 item 3).
    console.error(
      `provider error on ${req.method} ${logPath(req.url || '')}:`,
      maskAddresses(e instanceof Error ? e.stack || e.message : String(e)),
    );
  if (res.headersSent) res.destroy();
  else if (down)
    sendText(res, 503, 'Service Unavailable: the database cannot be reached; try again shortly.', {
      'Retry-After': String(RETRY_AFTER_S),
    });
  else sendText(res, 500, 'Internal Server Error');
};

/** The request handler over `o.routes`: the URL checks every route relies on, then the first route that answers. */
const handlerFor = (o: ServeOptions) => async (req: IncomingMessage, res: ServerResponse) => {
  const raw = req.url || '/';
  if (raw.length > PROVIDER_MAX_URL) return sendText(res, 414, 'URI Too Long');
  let url: URL;
  try {
    url = new URL(raw, 'http://provider.invalid');
  } catch {
    return sendText(res, 400, 'Bad Request');
  }
  // Issue 13 item 5: a path no route can decode (`/blog/%`, `/x/%E0%A4%A`) is the client's error, answered here
  // once for every route, so none of them can throw on it. Most paths hold no '%' and skip the decode.
  if (url.pathname.includes('%') && !decodable(url.pathname)) return sendText(res, 400, 'Bad Request');
  const ctx = o.context();
  for (const r of o.routes) {
    const done = r(req, res, url, ctx);
    // Most routes answer synchronously: only a promise is awaited (no microtask per route on the hot path).
    if (done === true || (done !== false && (await done))) return;
  }
  sendText(res, 404, 'Not Found');
};

/** Starts a server over `o.routes` and resolves once it listens (rejects as listen does: EADDRINUSE). */
export async function serveRoutes(o: ServeOptions): Promise<Served> {
  // Slow-header clients (slowloris) hold a connection each: the head must arrive within headersMs, the whole request
  // within requestMs, and Node checks for both every second rather than its default 30 s.
  const headersTimeout = o.timeouts?.headersMs ?? PROVIDER_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(headersTimeout, o.timeouts?.requestMs ?? PROVIDER_REQUEST_TIMEOUT_MS);
  const connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4)));
  const handle = handlerFor(o);
  /** Set by close(): the server drains (see close). */
  let draining = false;
  /**
   * Handlers still running. A handler may outlive its connection (a client that hangs up while its submit awaits the
   * store): close resolves only once none is left, so the store is never closed under a handler's feet.
   */
  let inflight = 0;
  let idle: (() => void) | null = null;
  const server = createServer(
    { maxHeaderSize: 64 * 1024, headersTimeout, requestTimeout, connectionsCheckingInterval },
    (req, res) => {
      const t0 = performance.now();
      // Bytes on the wire for this response, headers included (connections serve one request at a time).
      const sent0 = req.socket.bytesWritten;
      // While draining, an answer says Connection: close and Node ends the connection after it: no client sends its
      // next request on a connection that is about to go.
      if (draining) res.shouldKeepAlive = false;
      res.on('finish', () => {
        if (o.log) {
          const bytes = req.socket.bytesWritten - sent0;
          o.log.line(logLine(req.method || '-', req.url || '/', res.statusCode, bytes, performance.now() - t0));
        }
        // An answer begun before close() may have promised keep-alive: its connection, idle from now (Node's own
        // finish handler ran first), ends at once, before the client could send another request on it.
        if (draining) server.closeIdleConnections();
      });
      inflight++;
      handle(req, res)
        .catch((e: unknown) => failed(req, res, e))
        .finally(() => {
          if (--inflight === 0) idle?.();
        });
    },
  );
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closing: Promise<void> | null = null;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    requestTimeout,
    close: () =>
      (closing ||= new Promise<void>((resolve) => {
        draining = true;
        // Stops listening (a new connection is refused) and ends the idle connections; requests in flight go on.
        server.close(async () => {
          // A handler stuck on something that never answers holds the close no longer than a request may take.
          if (inflight)
            await new Promise<void>((r) => {
              idle = r;
              setTimeout(r, requestTimeout).unref();
            });
          resolve();
        });
        // Node stops enforcing the head and request timeouts once closed, so the longest a request may take stands
        // in for them: a request in flight within its limits is answered, a stalled client holds the close no longer.
        setTimeout(() => server.closeAllConnections(), requestTimeout).unref();
      })),
  };
}
