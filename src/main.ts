/**
 * `npm start`: the reference provider on 127.0.0.1:8080 (PORT and HOST change that), serving the built dist/ next to
 * this file's folder, and the blog as a site of its own on the next port (BLOG_PORT, issue 35 item 2), over
 * DATABASE_URL (PostgreSQL) when set, else a SQLite file (PROVIDER_DB, default ./data/).
 * PROVIDER_WORKERS=N runs N provider processes on the one port (node:cluster), each with its own connections to the
 * one store; meant for PostgreSQL (issue 15). SIGTERM or Ctrl-C closes the server(s) and the store cleanly. The demo
 * by default; PROVIDER_MODE=production, with PROVIDER_PUBLIC_URL and PROVIDER_OWNER_SECRET, for a server on a
 * network (issue 13, src/server/site.ts): without them it does not start. SMTP_URL (and SMTP_FROM) send the outbox's
 * mail over SMTP from every process (issue 15, src/server/mail/). Here, above both, the provider and the blog are
 * composed (issue 34 item 3: server code never imports the blog's).
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BlogServer, blogPortFromEnv, startBlogServer } from './blog/server/start';
import { JS_PATH, PROVIDER_DB_PATH, PROVIDER_PORT } from './constants';
import { envFlags, type Provider, startProvider, startWarnings } from './server/app';
import { checkMail, type MailOptions, mailFromEnv } from './server/mail/config';
import { retentionDaysFromEnv } from './server/db/retention';
import { mailboxMaxFromEnv } from './server/subscribe/mailbox';
import { type BadgeOptions, checkBadge } from './server/badge';
import {
  badgeFromEnv,
  checkMode,
  demoWithProductionSettings,
  type Mode,
  type ModeOptions,
  modeFromEnv,
} from './server/site';
import type { Route } from './server/route';
import {
  isPostgresUrl,
  openFailure,
  redactSecrets,
  StoreOpenError,
  type StoreTarget,
  storeFromEnv,
} from './server/store/open';
import { connectionBudgetWarning, redact } from './server/store/postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const port = process.env.PORT === undefined || process.env.PORT === '' ? PROVIDER_PORT : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}
const workers = Number(process.env.PROVIDER_WORKERS || 1);
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error(`PROVIDER_WORKERS must be a number of processes from 1 to 64, not ${process.env.PROVIDER_WORKERS}`);
  process.exit(2);
}
let store: StoreTarget;
let blogPort: number;
let mode: ModeOptions;
let checked: Mode;
let mail: MailOptions | undefined;
let badge: BadgeOptions | undefined;
/** The mail line of the banner: where mail goes, never the SMTP user name, password or From address. */
let mailShown = '';
try {
  store = storeFromEnv(process.env, join(root, PROVIDER_DB_PATH));
  blogPort = blogPortFromEnv(process.env, port);
  envFlags(process.env);
  mailboxMaxFromEnv(process.env);
  retentionDaysFromEnv(process.env);
  mode = modeFromEnv(process.env);
  // Checked here too, not only by startProvider: a wrong setting stops the primary before any worker starts.
  checked = checkMode(mode);
  mail = mailFromEnv(process.env);
  badge = checkBadge(badgeFromEnv(process.env));
  if (mail) mailShown = `SMTP ${checkMail(mail, checked).target.shown}`;
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const target = store.target;
/** A file as the banner names it: relative to the working directory when inside it, else as it is. */
const fileShown = (file: string): string => {
  const inside = relative(process.cwd(), file);
  return inside && !inside.startsWith('..') ? inside : file;
};
/** The store in the banner and errors: a URL without its user name and password, or the file. */
const shown = isPostgresUrl(target) ? redact(target) : fileShown(target);

/** The start banner of `mode`, `blog` the blog's address; `pids` are the worker processes when there are several. */
const banner = (o: string, blog: string, pids: number[] = []) => {
  const procs = pids.length ? `\n  Processes        ${pids.length} (pids ${pids.join(' ')})` : '';
  const db = `  Database         ${shown}${procs}`;
  if (mode.mode === 'production')
    return `Reference provider listening on ${o} in PRODUCTION mode, public URL ${mode.publicUrl}
  Blog             ${blog}
  Owner studio     ${o}/studio (sign in with PROVIDER_OWNER_SECRET, or send it as Authorization: Bearer)
  Mail             ${mailShown || 'NOT SENT: set SMTP_URL and SMTP_FROM; until then it waits in the outbox table'}
${db}
No mailbox and no demo pages in production. Stop with Ctrl-C.`;
  return `Reference provider listening on ${o} in DEMO mode, for this machine only
  Blog             ${blog}
  Demo host page   ${o}/demo
  Owner studio     ${o}/studio
  Mailbox          ${o}/mailbox${mailShown ? `, and sent over ${mailShown}` : ''}
${db}
Subscribers: npm run subscribers (add -- --csv for CSV). On a network: PROVIDER_MODE=production (README).
Stop with Ctrl-C.`;
};

/** The blog's address, once it listens: the demo provider's / leads there (the blog was there before issue 35). */
let blogAddress = '';
const toBlog: Route = (req, res, url, { site }) => {
  if (url.pathname !== '/' || site.mode !== 'demo' || !blogAddress || (req.method !== 'GET' && req.method !== 'HEAD'))
    return false;
  res.writeHead(302, { Location: blogAddress, 'Cache-Control': 'no-store', 'Content-Length': 0 }).end();
  return true;
};

/** Starts the blog's server over `provider`; a port in use stops everything. */
const serveBlog = (provider: Provider): Promise<BlogServer> =>
  startBlogServer({
    context: provider.context,
    port: blogPort,
    host: process.env.HOST || undefined,
    contentDir: join(root, 'content'),
    distDir: dist,
  }).catch(async (e: Error & { code?: string }) => {
    console.error(
      e.code === 'EADDRINUSE'
        ? `Port ${blogPort} (the blog's) is in use: set BLOG_PORT to another one, e.g. BLOG_PORT=8091 npm start`
        : redactSecrets(e.message),
    );
    await provider.close();
    process.exit(1);
  });

/** Runs one provider and its blog in this process; in a cluster worker, tells the primary their addresses. */
async function serve(): Promise<void> {
  const routes: Route[] = [toBlog];
  const provider = await startProvider({
    ...(isPostgresUrl(target) ? { databaseUrl: target } : { dbPath: target }),
    distDir: dist,
    port,
    host: process.env.HOST || undefined,
    routes,
    ...mode,
    mail,
    badge,
    // A worker's warnings would be printed once per process: the primary prints them once instead (see primary).
    warnings: !cluster.isWorker,
  }).catch((e: Error & { code?: string }) => {
    console.error(
      e instanceof StoreOpenError
        ? openFailure(store, shown, e)
        : e.code === 'EADDRINUSE'
          ? `Port ${port} is in use: set PORT to another one, e.g. PORT=8081 npm start`
          : redactSecrets(e.message),
    );
    process.exit(1);
  });
  const blog = await serveBlog(provider);
  blogAddress = blog.address;
  if (cluster.isWorker) process.send?.({ listening: provider.origin, blog: blog.address });
  else console.log(banner(provider.origin, blog.address));

  let stopping = false;
  const stop = (why: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${why}: closing the server and the database${cluster.isWorker ? ` (process ${process.pid})` : ''}`);
    // The blog first: its requests use the provider's store, which closes with the provider.
    blog
      .close()
      .then(() => provider.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (cluster.isWorker) {
    // Ctrl-C reaches every process of the terminal's group: the primary answers it by sending SIGTERM to each worker,
    // which a worker must not take for a second, forcing signal. A worker whose primary is gone stops too.
    process.on('SIGINT', () => {});
    process.on('disconnect', () => stop('the primary process is gone'));
  } else process.on('SIGINT', () => stop('SIGINT'));
}

/** The first wait before starting again a worker that could not start, and the longest (it doubles in between). */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The wait before the next start of a replacement after `failures` failed ones in a row: 1 s, 2 s, 4 s … 30 s. */
const retryDelay = (failures: number): number => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));

/**
 * The primary of PROVIDER_WORKERS=N: starts N workers, prints the start warnings and the banner once all listen,
 * starts a new worker for one that dies after it listened (a crash, a kill -9), and on SIGTERM or SIGINT stops them
 * all and exits. Only the first start is fatal: a worker that cannot start then (port, store, settings) would fail
 * again, so all stop. A replacement that cannot start (the store down for a while) is tried again later, 1 s then
 * doubling up to 30 s, while the healthy workers keep serving.
 */
function primary(n: number): void {
  const listening = new Map<number, string>();
  let stopping = false;
  let exitCode = 0;
  let announced = false;
  /** Replacements waiting out their back-off: cancelled by a shutdown. */
  const waiting = new Set<NodeJS.Timeout>();
  const fork = (failures: number, replacing: boolean) => {
    const w = cluster.fork();
    w.on('message', (m: { listening?: string; blog?: string }) => {
      if (!m?.listening) return;
      listening.set(w.id, m.listening);
      if (replacing) {
        const after = failures ? ` (after ${failures} failed start${failures === 1 ? '' : 's'})` : '';
        console.log(`provider process ${w.process.pid} replaces it${after}`);
      }
      if (!announced && listening.size === n) {
        announced = true;
        for (const w of startWarnings(checked, process.env.HOST || '127.0.0.1', Number(new URL(m.listening).port)))
          console.warn(w);
        console.log(
          banner(
            m.listening,
            m.blog || '',
            Object.values(cluster.workers || {}).map((x) => x?.process.pid as number),
          ),
        );
      }
    });
    w.on('exit', (code, signal) => {
      const up = listening.delete(w.id);
      if (stopping) {
        if (!Object.keys(cluster.workers || {}).length) process.exit(exitCode);
        return;
      }
      const how = signal || `code ${code}`;
      if (up) {
        console.error(`provider process ${w.process.pid} exited (${how})`);
        fork(0, true);
        return;
      }
      // One that never listened at the first start: a setting is wrong (port, store), and starting again fails again.
      if (!announced) {
        console.error(`provider process ${w.process.pid} could not start (${how}): stopping`);
        return shutdown(1);
      }
      // A replacement that could not start: what it needs (the store) is down for a while, not wrong.
      const wait = retryDelay(failures + 1);
      console.error(
        `provider process ${w.process.pid} could not start (${how}): trying again in ${wait / 1000} s; ` +
          `${listening.size} of ${n} processes serving`,
      );
      const t = setTimeout(() => {
        waiting.delete(t);
        if (!stopping) fork(failures + 1, true);
      }, wait);
      waiting.add(t);
    });
    return w;
  };
  const shutdown = (code: number) => {
    if (stopping) process.exit(1);
    stopping = true;
    exitCode = code;
    for (const t of waiting) clearTimeout(t);
    const left = Object.values(cluster.workers || {});
    if (!left.length) process.exit(code);
    for (const w of left) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));
  for (let i = 0; i < n; i++) fork(0, false);
}

const misplaced = demoWithProductionSettings(process.env);
if (misplaced && cluster.isPrimary) console.warn(misplaced);
if (!existsSync(join(dist, JS_PATH, 'embed.js')) && cluster.isPrimary)
  console.warn('warning: dist/ has no embed.js: run `node build.mjs` first');
// Once, by the primary: what every process's pool together may ask of PostgreSQL, against what it accepts.
if (isPostgresUrl(target) && cluster.isPrimary) {
  const over = await connectionBudgetWarning(target, workers);
  if (over) console.warn(over);
}
if (workers > 1 && cluster.isPrimary) {
  if (!isPostgresUrl(target))
    console.warn('warning: PROVIDER_WORKERS on one SQLite file: its writers wait on each other; use DATABASE_URL');
  primary(workers);
} else await serve();
