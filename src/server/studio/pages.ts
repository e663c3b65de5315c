/**
 * The studio's pages (issue 33; STUDIO.md "Studio pages"): the home (`/studio`), a form's editor
 * (`/studio/forms/{lid}/{fId}`) and a list's subscribers (`/studio/lists/{lid}`) are each a shell the studio's script
 * renders (dist/studio/studio.js and studio.css, served here and only here, never by the content host); the stage
 * (`/studio/stage`) is what the editor frames. The old `/preview` answers a permanent redirect to the studio. In
 * production all of it is behind the owner gate, in demo mode this machine's (src/server/app.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { GLOBAL_KEY } from '../../constants';
import { getForm } from '../db/form-edits';
import { getList } from '../db/lists';
import { ownSources, type PagePolicy } from '../http/csp';
import { sendPage, sendText } from '../http/respond';
import { noneMatch, TYPES } from '../http/static';
import { esc, inlineJson, page } from '../pages/html';
import type { Route, RouteContext } from '../route';
import type { Site } from '../site';
import { stagePage, stageRoot } from './stage';

/** The stage's path, as the studio's data names it. */
export const STAGE_PATH = '/studio/stage';

/** What a shell hands the studio's script in `#studio-data`. */
export interface StudioData {
  page: 'home' | 'editor' | 'subscribers' | 'stats';
  lid?: string;
  fId?: string;
  stage: string;
  globalKey: string;
  production: boolean;
  badge: Site['badge'];
}

/**
 * A shell's policy: its script and stylesheet from here, its nonce'd data and base styles, the stage framed, calls
 * to the API only, form images from anywhere on https, and the sign-out form. Its calls carry its origin, which the
 * API checks (a browser sends `Origin: null` with a post under Referrer-Policy no-referrer).
 */
const SHELL_POLICY: PagePolicy = {
  script: ["'self'"],
  style: ["'self'"],
  frame: ["'self'"],
  connect: ["'self'"],
  img: ["'self'", 'https:'],
  form: ["'self'"],
  referrer: 'same-origin',
};

/**
 * The shell's banner, rendered here so that it works without the script: the way home and, in production, the
 * owner's sign-out (a real form: it ends every session, docs/decisions/owner-sessions.md).
 */
const banner = (production: boolean): string =>
  `<header class="site studio-bar"><a href="/studio">Studio</a>${
    production
      ? '<form method="post" action="/owner/logout"><button type="submit" class="secondary">Sign out everywhere' +
        '</button></form>'
      : ''
  }</header>`;

/** A shell of the studio for `data`, titled `title`. */
export const shellPage = (title: string, data: StudioData, nonce: string): string =>
  page(
    title,
    `<link rel="stylesheet" href="/studio/studio.css">
${banner(data.production)}
<main id="studio"><noscript><p>The studio runs in JavaScript, which is off in this browser.
Turn it on for this page and reload.</p></noscript></main>
<script nonce="${nonce}" type="application/json" id="studio-data">${inlineJson(data)}</script>
<script nonce="${nonce}" src="/studio/studio.js" defer></script>`,
    nonce,
    '.studio-bar{display:flex;justify-content:space-between;align-items:center;gap:16px}.studio-bar form{margin:0}',
  );

/** The page of an unknown list or form, linking home. */
const missingPage = (what: string, nonce: string): string =>
  page(
    'Not found',
    `<main class="narrow"><h1>Not found</h1><p>There is no ${esc(what)}.</p><p><a href="/studio">Studio</a></p></main>`,
    nonce,
  );

/** Which shell a path is, or null when it is none. */
const shellOf = (path: string): Pick<StudioData, 'page' | 'lid' | 'fId'> | null => {
  if (path === '/studio' || path === '/studio/') return { page: 'home' };
  const form = /^\/studio\/forms\/([^/]+)\/([^/]+?)(\/stats)?$/.exec(path);
  if (form)
    return { page: form[3] ? 'stats' : 'editor', lid: decodeURIComponent(form[1]), fId: decodeURIComponent(form[2]) };
  const list = /^\/studio\/lists\/([^/]+)$/.exec(path);
  return list ? { page: 'subscribers', lid: decodeURIComponent(list[1]) } : null;
};

/** Sends the shell of `which`, or a 404 page when its list or form does not exist. */
const sendShell = async (
  res: ServerResponse,
  ctx: RouteContext,
  which: Pick<StudioData, 'page' | 'lid' | 'fId'>,
  head: boolean,
) => {
  const { lid = '', fId = '' } = which;
  let title = 'Studio';
  if (which.page === 'editor' || which.page === 'stats') {
    const form = await getForm(ctx.store, lid, fId);
    if (!form) return sendPage(res, (n) => missingPage(`form ${fId} on list ${lid}`, n), { status: 404, head });
    title = which.page === 'stats' ? `Numbers of ${form.title} · Studio` : `${form.title} · Studio`;
  } else if (which.page === 'subscribers') {
    const list = await getList(ctx.store, lid);
    if (!list) return sendPage(res, (n) => missingPage(`list ${lid}`, n), { status: 404, head });
    title = `Subscribers of ${list.name} · Studio`;
  }
  const data: StudioData = {
    ...which,
    stage: STAGE_PATH,
    globalKey: GLOBAL_KEY,
    production: ctx.site.mode === 'production',
    badge: ctx.site.badge,
  };
  sendPage(res, (n) => shellPage(title, data, n), { policy: SHELL_POLICY, head });
};

/** The studio's built files (dist/studio/), read again when they change on disk. */
const ASSETS = ['/studio/studio.js', '/studio/studio.css'];

/** Serves one of the studio's built files from `dir`: revalidated on every load (an owner page, never cached long). */
const assetServer = (dir: string) => {
  const kept = new Map<string, { key: string; body: Buffer }>();
  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const name = path.slice('/studio/'.length);
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return sendText(res, 404, 'The studio is not built: run `node build.mjs`.');
    const key = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    let entry = kept.get(file);
    if (!entry || entry.key !== key) kept.set(file, (entry = { key, body: await readFile(file) }));
    const headers = {
      'Content-Type': TYPES[name.slice(name.lastIndexOf('.'))],
      'Cache-Control': 'no-cache',
      ETag: key,
      'X-Content-Type-Options': 'nosniff',
    };
    if (noneMatch(req.headers['if-none-match'], key)) {
      res.writeHead(304, headers);
      return res.end();
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(entry.body.length) });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  };
};

/** Sends the stage: popup.js of version `v` and the files beside it, the forms' images; framed by the studio only. */
const sendStage = (res: ServerResponse, url: URL, site: Site, head: boolean) => {
  const own = ownSources(site.origin);
  const policy: PagePolicy = { script: own, style: own, img: [...own, 'https:'], ancestors: "'self'" };
  const root = stageRoot(url.searchParams);
  sendPage(res, (n) => stagePage(url.searchParams.get('v') || '', n, root), { policy, head });
};

/** The studio's pages, its built files from `distDir`/studio, the stage, and the redirects from `/preview`. */
export const studioPages = (distDir: string): Route => {
  const asset = assetServer(join(distDir, 'studio'));
  return async (req, res, url, ctx) => {
    const path = url.pathname;
    if (path === '/preview' || path === '/preview/stage') {
      req.resume();
      const to = path === '/preview' ? '/studio' : `${STAGE_PATH}${url.search}`;
      res.writeHead(308, { Location: to, 'Cache-Control': 'no-store', 'Content-Length': 0 });
      res.end();
      return true;
    }
    if (path !== '/studio' && !path.startsWith('/studio/')) return false;
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return true;
    }
    const head = req.method === 'HEAD';
    const which = shellOf(path);
    if (which) await sendShell(res, ctx, which, head);
    else if (path === STAGE_PATH) sendStage(res, url, ctx.site, head);
    else if (ASSETS.includes(path)) await asset(req, res, path);
    else sendText(res, 404, 'Not Found');
    return true;
  };
};
