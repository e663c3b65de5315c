/**
 * `npm start`: the reference provider on 127.0.0.1:8080 (PORT and HOST change that), serving the built dist/ next to
 * this file's folder, over DATABASE_URL (PostgreSQL) when set, else a SQLite file (PROVIDER_DB, default ./data/).
 * SIGTERM or Ctrl-C closes the server and the store cleanly. The demo by default; PROVIDER_MODE=production, with
 * PROVIDER_PUBLIC_URL and PROVIDER_OWNER_SECRET, for a server on a network (issue 13, src/server/site.ts): without
 * them it does not start.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBlogRoute } from '../blog/server/routes';
import { JS_PATH, PROVIDER_DB_PATH, PROVIDER_PORT } from '../constants';
import { startProvider } from './app';
import { type ModeOptions, modeFromEnv } from './site';
import type { Route } from './route';
import { isPostgresUrl, storeTarget } from './store/open';
import { redact } from './store/postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const target = storeTarget(process.env, join(root, PROVIDER_DB_PATH));
const port = process.env.PORT === undefined || process.env.PORT === '' ? PROVIDER_PORT : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}
const shown = isPostgresUrl(target)
  ? redact(target)
  : relative(process.cwd(), target).startsWith('..')
    ? target
    : relative(process.cwd(), target);

let mode: ModeOptions;
try {
  mode = modeFromEnv(process.env);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}

/** Routes tried before the provider's own: the blog's (issue 6), which takes / over the demo page (then at /demo). */
const routes: Route[] = [createBlogRoute({ contentDir: join(root, 'content'), distDir: dist })];

if (!existsSync(join(dist, JS_PATH, 'embed.js')))
  console.warn('warning: dist/ has no embed.js: run `node build.mjs` first');

const provider = await startProvider({
  ...(isPostgresUrl(target) ? { databaseUrl: target } : { dbPath: target }),
  distDir: dist,
  port,
  host: process.env.HOST || undefined,
  routes,
  ...mode,
}).catch((e: Error & { code?: string }) => {
  console.error(
    e.code === 'EADDRINUSE' ? `Port ${port} is in use: set PORT to another one, e.g. PORT=8081 npm start` : e.message,
  );
  process.exit(1);
});
const o = provider.origin;
if (mode.mode === 'production')
  console.log(`Reference provider listening on ${o} in PRODUCTION mode, public URL ${mode.publicUrl}
  Blog             ${o}/
  Owner preview    ${o}/preview (sign in with PROVIDER_OWNER_SECRET, or send it as Authorization: Bearer)
  Database         ${shown}
No mailbox and no demo pages in production. Stop with Ctrl-C.`);
else
  console.log(`Reference provider listening on ${o} in DEMO mode, for this machine only
  Blog             ${o}/
  Demo host page   ${o}/demo
  Owner preview    ${o}/preview
  Mailbox          ${o}/mailbox
  Database         ${shown}
Subscribers: npm run subscribers (add -- --csv for CSV). On a network: PROVIDER_MODE=production (README).
Stop with Ctrl-C.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal}: closing the server and the database`);
  provider.close().then(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
