/**
 * The reference provider (issue 5): one HTTP server with the content host (dist/), the calls of spec 7.1, the
 * captcha path and the owner's studio (issue 33) over one store (a SQLite file, or a PostgreSQL database shared by N
 * provider processes, issue 15); in demo mode also the double opt-in mailbox and the demo host page, in production
 * mode the owner's sign-in instead (issue 13, src/server/site.ts).
 */
import type { Server } from 'node:http';
import { RATE_ADDRESS_MAX, RATE_ADDRESS_WINDOW_MS, RATE_CLIENT_MAX, RATE_CLIENT_WINDOW_MS } from './constants';
import { type BadgeOptions, checkBadge } from './badge';
import { counter } from './db/counters';
import { openDb } from './db/open';
import { type RetentionOptions, retentionOf, startRetention } from './db/retention';
import { checkMail, type MailOptions } from './mail/config';
import { type Sender, startSender } from './mail/sender';
import { smtpTransport } from './mail/smtp';
import { logSink } from './http/log';
import { serveRoutes } from './http/serve';
import { directClient, proxiedClient, type Limit, type Limiters } from './http/ratelimit';
import { staticFiles } from './http/static';
import { assetsRoute } from './pages/assets';
import { captchaRoute } from './pages/captcha';
import { hostedRoute } from './hosted/route';
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
   * What its routes are given (store, Site, clients, mailbox limit): for another server over the same provider, the
   * blog's on its own origin (issue 35 item 2), which must be closed before this provider.
   */
  context: RouteContext;
  /**
   * Stops accepting (new connections are refused) and ends idle connections; requests in flight are answered, each
   * answer closing its connection, and connections still open after the request timeout are ended. The mail sender
   * stops taking rows and finishes the send in flight. Then closes the store. Safe to call twice.
   */
  close(): Promise<void>;
}

/** What `startProvider` reads from its options and the environment before anything opens. */
interface Config {
  mode: Mode;
  mailbox: ReturnType<typeof mailboxLimitOf>;
  retention: ReturnType<typeof retentionOf>;
  mail: ReturnType<typeof checkMail> | null;
  badge: ReturnType<typeof checkBadge>;
  /** The store to open: a PostgreSQL URL or a SQLite file. */
  target: string;
}

/**
 * Every check before anything opens: a production server without its public URL or owner secret does not start, nor
 * one whose yes-or-no settings say neither, nor one with a DATABASE_URL of another scheme (postgress://, mysql://),
 * which is refused, never opened as a SQLite file of that name.
 */
const checkConfig = (opts: ProviderOptions): Config => {
  const mode = checkMode(opts);
  envFlags(process.env);
  const config = {
    mode,
    mailbox: mailboxLimitOf(opts.mailboxDailyMax, process.env),
    retention: retentionOf(opts.retention, process.env),
    mail: opts.mail ? checkMail(opts.mail, mode) : null,
    badge: checkBadge(opts.badge),
  };
  if (opts.databaseUrl) checkDatabaseUrl(opts.databaseUrl);
  const target = opts.databaseUrl || opts.dbPath;
  if (!target) throw Error('startProvider needs dbPath or databaseUrl');
  return { ...config, target };
};

/** What the provider's routes are made from, known once it listens. */
interface RouteParts {
  opts: ProviderOptions;
  mode: Mode;
  bind: string;
  store: Store;
  limiters: ReturnType<typeof limitersFor>;
}

/** The provider's routes, in the order a request meets them. */
const routesFor = ({ opts, mode, bind, store, limiters }: RouteParts): Route[] => {
  const demo = mode.mode === 'demo';
  const owner = mode.ownerSecret
    ? ownerRoutes({ secret: mode.ownerSecret, secure: mode.publicUrl?.protocol === 'https:' }, store, limiters)
    : null;
  return [
    ...(opts.routes || []),
    jsonpRoute(limiters),
    beaconRoute(limiters.perBeacon ?? null),
    hostedRoute,
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
  ];
};

/** Starts the provider and resolves once it listens. */
export async function startProvider(opts: ProviderOptions): Promise<Provider> {
  const { mode, mailbox, retention, mail, badge, target } = checkConfig(opts);
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

  const log = opts.quiet ? null : logSink(opts.logWrite || ((chunk) => process.stdout.write(chunk)));
  const served = await serveRoutes({
    port: opts.port ?? 0,
    host: bind,
    routes,
    context: () => ctx,
    log,
    timeouts: opts.timeouts,
  }).catch(async (e: unknown) => {
    await store.close();
    throw e;
  });
  const self = listeningHost(bind, served.port);
  ctx.site = siteFor(mode, self, badge);
  if (opts.warnings !== false) for (const w of startWarnings(mode, bind, served.port)) console.warn(w);
  const sender: Sender | null = mail ? startSender(store, smtpTransport(mail.target, mail.policy), mail) : null;
  const sweeper = startRetention(store, retention, (line) => console.log(line));
  routes.push(...routesFor({ opts, mode, bind, store, limiters }));

  let closing: Promise<void> | null = null;
  return {
    origin: `http://${self}`,
    host: self,
    store,
    server: served.server,
    context: ctx,
    close: () =>
      (closing ||= (async () => {
        // The sender stops at once; its send in flight ends (and is recorded) while the requests drain.
        const mailStopped = sender?.stop();
        const sweepStopped = sweeper.stop();
        await served.close();
        log?.flush();
        await mailStopped;
        await sweepStopped;
        await store.close().catch((e: Error) => console.error(`closing the store: ${e.message}`));
      })()),
  };
}
