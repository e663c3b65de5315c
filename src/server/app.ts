/**
 * The reference provider (issue 5): one HTTP server with the content host (dist/), the calls of spec 7.1, the
 * captcha path and the owner's studio (issue 33) over one store (a SQLite file, or a PostgreSQL database shared by N
 * provider processes, issue 15); in demo mode also the double opt-in mailbox and the demo host page, in production
 * mode the owner's sign-in instead (issue 13, src/server/site.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROVIDER_HEADERS_TIMEOUT_MS,
  PROVIDER_MAX_URL,
  PROVIDER_REQUEST_TIMEOUT_MS,
  RATE_ADDRESS_MAX,
  RATE_ADDRESS_WINDOW_MS,
  RATE_CLIENT_MAX,
  RATE_CLIENT_WINDOW_MS,
} from '../constants';
import { type BadgeOptions, checkBadge } from './badge';
import { counter } from './db/counters';
import { openDb } from './db/open';
import { type RetentionOptions, retentionOf, startRetention } from './db/retention';
import { checkMail, type MailOptions } from './mail/config';
import { type Sender, startSender } from './mail/sender';
import { smtpTransport } from './mail/smtp';
import { ClientGone } from './http/body';
import { logLine, logPath, logSink } from './http/log';
import { maskAddresses } from './mask';
import { directClient, proxiedClient, type Limit, type Limiters } from './http/ratelimit';
import { sendText } from './http/respond';
import { staticFiles } from './http/static';
import { assetsRoute } from './pages/assets';
import { captchaRoute } from './pages/captcha';
import { demoRoute } from './pages/demo';
import { spaRoute } from './pages/demo-spa';
import { confirmRoute } from './pages/confirm';
import { mailboxRoute } from './pages/mailbox';
import { ownerRoutes } from './owner/routes';
import { studioApi } from './studio/api';
import { studioPages } from './studio/pages';
import type { Route, RouteContext } from './route';
import { hostsFromEnv, localOnly, notProxied } from './owner/local';
import { checkMode, envFlag, isLoopback, listeningHost, type Mode, type ModeOptions, siteFor } from './site';
import { StoreUnavailable } from './store/availability';
import { checkDatabaseUrl, redactSecrets, StoreOpenError } from './store/open';
import type { Store } from './store/types';
import { mailboxLimitOf } from './subscribe/mailbox';
import { BEACON_CLIENT_MAX, BEACON_CLIENT_WINDOW_MS, beaconRoute } from './subscribe/beacon';
import { jsonpRoute } from './subscribe/routes';

/**
 * How to start the provider. The mode options (ModeOptions: `mode`, `publicUrl`, `ownerSecret`) say what it serves:
 * 'demo' by default; 'production' needs a public URL and the owner secret, or startProvider rejects.
 */
export interface ProviderOptions extends ModeOptions {
  /** SQLite file; created with its folder, migrated and seeded. ':memory:' for a throwaway store. */
  dbPath?: string;
  /**
   * A PostgreSQL database (postgres://…, what DATABASE_URL holds): used instead of dbPath when set, migrated and
   * seeded the same way. Several providers, in one process or many, may share one store.
   */
  databaseUrl?: string;
  /** The built content host (dist/). */
  distDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the provider is for this machine unless told otherwise (in demo mode, a warning says so). */
  host?: string;
  /**
   * Names besides localhost and 127.0.0.1 by which this machine reaches a demo bound to loopback (an /etc/hosts
   * alias): its owner pages answer only those (src/server/owner/local.ts). Default PROVIDER_HOSTS.
   */
  hosts?: string[];
  /** Routes tried before the provider's own (the blog's). */
  routes?: Route[];
  /** No request log. */
  quiet?: boolean;
  /** Where the request log goes, in batches of whole lines; default standard output. */
  logWrite?: (chunk: string) => void;
  /**
   * Print the start warnings (startWarnings: a demo beyond this machine, production over plain http); default true.
   * The workers of PROVIDER_WORKERS leave them to their primary, which prints them once (issue 32, Retention).
   */
  warnings?: boolean;
  /**
   * Rate limits of form-post-json (issue 8) and of the popup's beacons per client (`beacons`, issue 36 item 2; its
   * default beside src/server/subscribe/beacon.ts). Each limit left out takes its default from src/constants.ts; null
   * lifts it, `false` lifts them all. When the option is absent, PROVIDER_RATE_LIMIT=off (or 0, false, no) in the
   * environment lifts them all (for load runs: one client sending thousands of submits a second). `trustProxy` (or
   * PROVIDER_TRUST_PROXY=1, true, yes, on) counts clients by the last X-Forwarded-For entry: set it only behind
   * exactly one reverse proxy that sets it.
   */
  rateLimit?:
    | { perClient?: Limit | null; perAddress?: Limit | null; beacons?: Limit | null; trustProxy?: boolean }
    | false;
  /** Connection timeouts in ms (slow-header clients); defaults from src/constants.ts. */
  timeouts?: { headersMs?: number; requestMs?: number };
  /**
   * Real e-mail (issue 15 item 4, SMTP_URL and SMTP_FROM): the outbox's rows go out over SMTP, from every provider
   * on the store, each row claimed by one (src/server/mail/). Without it mail stays in the outbox (the demo mailbox).
   */
  mail?: MailOptions;
  /**
   * Mails one mailbox may be sent in a day, across lists, forms and clients (issue 32 item 2,
   * src/server/subscribe/mailbox.ts): beyond it a signup is stored and answered as any other, its mail kept unsent.
   * 0 lifts the limit. Default PROVIDER_MAILBOX_DAILY_MAX (a number, or 0 or off), else 5.
   */
  mailboxDailyMax?: number;
  /**
   * How long what is done with is kept (issue 32, src/server/db/retention.ts): expired confirmations and outbox rows
   * sent or given up are deleted `days` after, by one process of those on the store at a time, shortly after the
   * start and then hourly. Default PROVIDER_RETENTION_DAYS, else 30 days.
   */
  retention?: RetentionOptions;
  /**
   * The popup's powered-by badge (issue 33 item 5, src/server/badge.ts): false turns it off; `text` and `url` replace
   * the default "Powered by <public host>" linking to the public URL (demo: the listening address). main.ts reads
   * PROVIDER_BADGE, PROVIDER_BADGE_TEXT and PROVIDER_BADGE_URL into it.
   */
  badge?: BadgeOptions;
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

/**
 * PROVIDER_RATE_LIMIT (false lifts the limits) and PROVIDER_TRUST_PROXY (true trusts one proxy's X-Forwarded-For),
 * undefined when unset; throws on a value that is neither yes nor no (see envFlag).
 */
export const envFlags = (env: NodeJS.ProcessEnv): { rateLimit?: boolean; trustProxy?: boolean } => ({
  rateLimit: envFlag(env, 'PROVIDER_RATE_LIMIT'),
  trustProxy: envFlag(env, 'PROVIDER_TRUST_PROXY'),
});

/**
 * The limiters for `opt` (see ProviderOptions.rateLimit), counting in `store` (src/server/db/counters.ts): every
 * process on one store shares the counts.
 */
export const limitersFor = (
  store: Store,
  opt: ProviderOptions['rateLimit'],
  env: NodeJS.ProcessEnv = process.env,
): Limiters => {
  const flags = envFlags(env);
  const o = opt ?? (flags.rateLimit === false ? false : {});
  // The client also serves limits beyond these (the blog's comments): a proxy is trusted whatever is lifted.
  const trustEnv = flags.trustProxy ?? false;
  const trust = o === false ? trustEnv : (o.trustProxy ?? trustEnv);
  const client = trust ? proxiedClient : directClient;
  if (o === false) return { perClient: null, perAddress: null, perBeacon: null, client };
  const pick = (name: string, l: Limit | null | undefined, max: number, windowMs: number) =>
    l === null ? null : counter(store, name, l || { max, windowMs });
  return {
    perClient: pick('submit-client', o.perClient, RATE_CLIENT_MAX, RATE_CLIENT_WINDOW_MS),
    perAddress: pick('submit-address', o.perAddress, RATE_ADDRESS_MAX, RATE_ADDRESS_WINDOW_MS),
    perBeacon: pick('beacon-client', o.beacons, BEACON_CLIENT_MAX, BEACON_CLIENT_WINDOW_MS),
    client,
  };
};

/**
 * The warnings a provider of `mode` listening on `bind`:`port` prints at start: a demo reachable beyond this machine,
 * a production server whose public URL is plain http beyond it.
 */
export const startWarnings = (mode: Mode, bind: string, port: number): string[] => {
  const out: string[] = [];
  if (mode.mode === 'demo' && !isLoopback(bind))
    out.push(
      `\n!!! DEMO MODE listening on ${bind}:${port}, beyond this machine: anyone who can reach it reads the mailbox ` +
        '(every confirmation link) and the owner studio. On a network, run PROVIDER_MODE=production ' +
        '(docs/security.md, "Demo and production").\n',
    );
  const url = mode.publicUrl;
  if (mode.mode === 'production' && url?.protocol === 'http:' && !isLoopback(url.hostname.replace(/^\[|\]$/g, '')))
    out.push(
      `\n!!! PRODUCTION over plain http (${url.origin}): the owner secret and its session cookie cross the network ` +
        'unencrypted. Put TLS in front and make PROVIDER_PUBLIC_URL https.\n',
    );
  return out;
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

/** A running provider. */
export interface Provider {
  /** 'http://127.0.0.1:PORT' */
  origin: string;
  /** '127.0.0.1:PORT', what a snippet passes as baseUrl. */
  host: string;
  /** The provider's store. */
  store: Store;
  /** The HTTP server (its timeouts are what the options asked for). */
  server: Server;
  /**
   * Stops accepting (new connections are refused) and ends idle connections; requests in flight are answered, each
   * answer closing its connection, and connections still open after the request timeout are ended. The mail sender
   * stops taking rows and finishes the send in flight. Then closes the store. Safe to call twice.
   */
  close(): Promise<void>;
}

/** Starts the provider and resolves once it listens. */
export async function startProvider(opts: ProviderOptions): Promise<Provider> {
  // Before anything opens: a production server without its public URL or owner secret does not start, nor one whose
  // yes-or-no settings say neither.
  const mode = checkMode(opts);
  envFlags(process.env);
  const mailbox = mailboxLimitOf(opts.mailboxDailyMax, process.env);
  const retention = retentionOf(opts.retention, process.env);
  const mail = opts.mail ? checkMail(opts.mail, mode) : null;
  const badge = checkBadge(opts.badge);
  // A DATABASE_URL of another scheme (postgress://, mysql://) is refused, never opened as a SQLite file of that name.
  if (opts.databaseUrl) checkDatabaseUrl(opts.databaseUrl);
  const target = opts.databaseUrl || opts.dbPath;
  if (!target) throw Error('startProvider needs dbPath or databaseUrl');
  const store = await openDb(target).catch((e: Error) => {
    throw new StoreOpenError(redactSecrets(e.message), { cause: e });
  });
  const bind = opts.host || '127.0.0.1';
  const limiters = limitersFor(store, opts.rateLimit);
  // Filled in once the port is known (before the first request).
  const ctx: RouteContext = {
    store,
    site: siteFor(mode, listeningHost(bind, opts.port ?? 0), badge),
    client: limiters.client,
    mailbox,
  };
  // Filled right after listen: the provider's own routes name links with its host, known only then. The first
  // connection is accepted in a later event-loop turn, so no request finds the list empty.
  const routes: Route[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
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
    for (const r of routes) {
      const done = r(req, res, url, ctx);
      // Most routes answer synchronously: only a promise is awaited (no microtask per route on the hot path).
      if (done === true || (done !== false && (await done))) return;
    }
    sendText(res, 404, 'Not Found');
  };

  // Slow-header clients (slowloris) hold a connection each: the head must arrive within headersMs, the whole request
  // within requestMs, and Node checks for both every second rather than its default 30 s.
  const headersTimeout = opts.timeouts?.headersMs ?? PROVIDER_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(headersTimeout, opts.timeouts?.requestMs ?? PROVIDER_REQUEST_TIMEOUT_MS);
  const connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4)));
  const log = logSink(opts.logWrite || ((chunk) => process.stdout.write(chunk)));
  /** Set by close(): the server drains (see close). */
  let draining = false;
  /**
   * Handlers still running. A handler may outlive its connection (a client that hangs up while its submit awaits the
   * store): the store is closed only once none is left, never under a handler's feet.
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
        if (!opts.quiet) {
          const bytes = req.socket.bytesWritten - sent0;
          log.line(logLine(req.method || '-', req.url || '/', res.statusCode, bytes, performance.now() - t0));
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
    server.listen(opts.port ?? 0, bind, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    await store.close();
    throw e;
  });
  const port = (server.address() as AddressInfo).port;
  const self = listeningHost(bind, port);
  ctx.site = siteFor(mode, self, badge);
  const demo = mode.mode === 'demo';
  if (opts.warnings !== false) for (const w of startWarnings(mode, bind, port)) console.warn(w);
  const sender: Sender | null = mail ? startSender(store, smtpTransport(mail.target, mail.policy), mail) : null;
  const sweeper = startRetention(store, retention, (line) => console.log(line));
  const owner = mode.ownerSecret
    ? ownerRoutes({ secret: mode.ownerSecret, secure: mode.publicUrl?.protocol === 'https:' }, store, limiters)
    : null;
  routes.push(
    ...(opts.routes || []),
    jsonpRoute(limiters),
    beaconRoute(limiters.perBeacon ?? null),
    captchaRoute(limiters),
    confirmRoute,
    // The demo's owner pages to no request that came through a proxy (from anywhere, then), and on loopback only to
    // this machine's names (DNS rebinding): before every route that serves them.
    ...(demo ? [notProxied] : []),
    ...(demo && isLoopback(bind) ? [localOnly(opts.hosts ?? hostsFromEnv(process.env.PROVIDER_HOSTS))] : []),
    ...(demo ? [mailboxRoute, demoRoute, spaRoute] : []),
    ...(owner ? [owner] : []),
    studioApi,
    studioPages(opts.distDir),
    assetsRoute,
    staticFiles(opts.distDir),
  );

  let closing: Promise<void> | null = null;
  return {
    origin: `http://${self}`,
    host: self,
    store,
    server,
    close: () =>
      (closing ||= new Promise<void>((resolve) => {
        draining = true;
        // The sender stops at once; its send in flight ends (and is recorded) while the requests drain.
        const mailStopped = sender?.stop();
        const sweepStopped = sweeper.stop();
        // Stops listening (a new connection is refused) and ends the idle connections; requests in flight go on.
        server.close(async () => {
          // A handler stuck on something that never answers holds the close no longer than a request may take.
          if (inflight)
            await new Promise<void>((r) => {
              idle = r;
              setTimeout(r, requestTimeout).unref();
            });
          log.flush();
          await mailStopped;
          await sweepStopped;
          await store.close().catch((e: Error) => console.error(`closing the store: ${e.message}`));
          resolve();
        });
        // Node stops enforcing the head and request timeouts once closed, so the longest a request may take stands
        // in for them: a request in flight within its limits is answered, a stalled client holds the close no longer.
        setTimeout(() => server.closeAllConnections(), requestTimeout).unref();
      })),
  };
}
