/**
 * Shared set-up of the form's browser tests (issue 4): the reference provider (src/server/app.ts) over a temporary
 * SQLite file serving the built dist/, forms added to its store next to the seeded demo forms, and a host page at
 * /formtest/<key> carrying the real embed snippet for one of them (optionally with isPreview). Helpers reach into the
 * popup's modal frame and read what the provider stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page, Request } from 'playwright-core';
import { JS_PATH, LOADER_MODULE } from '../../src/constants';
import { startProvider, type Provider } from '../../src/server/app';
import { listSubscribers, type SubscriberView } from '../../src/server/db/subscribers';
import { DEMO_FORMS, DEMO_UUID } from '../../src/server/seed/forms';
import { inlineJson, page as htmlPage } from '../../src/server/pages/html';
import { DIST, launch, newPage, type PageLog } from './harness';
import { MODAL, shown } from './popup-env';

/** A form of the provider's store: the seeded demo forms, and the ones a test adds. */
interface StoredForm {
  lid: string;
  fId: string;
}

/** The running provider with its temporary store, a browser, and the forms by key. */
export interface Env {
  p: Provider;
  browser: Browser;
  forms: Map<string, StoredForm>;
  dir: string;
}

/**
 * Starts Chromium and a provider over a new SQLite file; host pages at /formtest/<key>[?preview=1][&embed=…]. The
 * content host is `distDir` (the built dist/ by default); `embed` is put on embed.js's URL as its query (which the
 * content host ignores), so a page can ask for embed.js by an address the browser has not cached.
 */
export async function start(distDir = DIST): Promise<Env> {
  const dir = mkdtempSync(join(tmpdir(), 'form-browser-'));
  const forms = new Map<string, StoredForm>(DEMO_FORMS.map((f) => [f.key, { lid: f.lid, fId: f.fId }]));
  let host = '';
  const p = await startProvider({
    dbPath: join(dir, 'provider.sqlite'),
    distDir,
    quiet: true,
    rateLimit: false,
    routes: [
      (_req, res, url) => {
        const m = /^\/formtest\/([\w-]+)$/.exec(url.pathname);
        const f = m && forms.get(m[1]);
        if (!f) return false;
        const start: Record<string, unknown> = { baseUrl: host, uuid: DEMO_UUID, lid: f.lid, f_id: f.fId };
        if (url.searchParams.get('preview')) start.isPreview = true;
        const embed = url.searchParams.get('embed');
        // The snippet a site owner pastes (README 'Embedding'), pointing at this provider.
        const body = `<main><h1>Host page</h1><p><a href="#top">A link on the host page</a></p></main>
<script src="//${host}/${JS_PATH}embed.js${embed ? `?v=${encodeURIComponent(embed)}` : ''}"></script>
<script>window.dojoRequire(["${LOADER_MODULE}"], function (L) { L.start(${inlineJson(start)}) })</script>`;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(htmlPage('Form test host', body, ''));
        return true;
      },
    ],
  });
  host = p.host;
  return { p, browser: await launch(), forms, dir };
}

/** Stops everything and removes the store. */
export async function stop(env: Env): Promise<void> {
  await env.browser.close();
  await env.p.close();
  rmSync(env.dir, { recursive: true, force: true });
}

let added = 0;

/**
 * Adds a form with `settings` (a demo form's settings with changes) to the provider's store under a new list, as
 * the seed does, and registers it under `key`.
 */
export async function addForm(
  env: Env,
  key: string,
  settings: Record<string, unknown>,
  requireConsent = false,
): Promise<void> {
  const lid = `t${(++added).toString().padStart(9, '0')}`;
  const fId = `0t${added}`;
  const now = new Date().toISOString();
  await env.p.store.run('INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?)', [
    lid,
    DEMO_UUID,
    `Test ${key}`,
    now,
  ]);
  await env.p.store.run(
    'INSERT INTO forms (list_id, f_id, demo_key, title, settings, require_consent, position) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?)',
    [lid, fId, `test-${key}`, `Test ${key}`, JSON.stringify(settings), requireConsent ? 1 : 0, 100 + added],
  );
  env.forms.set(key, { lid, fId });
}

/** One opened host page with the popup's modal open. */
export interface Opened {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  /** The modal frame's document. */
  frame: Frame;
  /** Submit calls (form-post-json) the page made, in order. */
  submits: Request[];
}

/** Opens the host page of form `key` and waits for the modal. `phone`: a phone-sized viewport. */
export async function open(env: Env, key: string, o: { phone?: boolean; preview?: boolean } = {}): Promise<Opened> {
  const viewport = o.phone ? { width: 375, height: 667 } : { width: 1280, height: 800 };
  const { context, page, log } = await newPage(env.browser, viewport, {
    reducedMotion: 'reduce',
    isMobile: !!o.phone,
    hasTouch: !!o.phone,
  });
  const submits: Request[] = [];
  const failed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/subscribe/form-post-json')) submits.push(r);
  });
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
  });
  await page.goto(`${env.p.origin}/formtest/${key}${o.preview ? '?preview=1' : ''}`);
  const { frame } = await shown(page, MODAL).catch((e: Error) => {
    // Say why the popup did not open: failed requests (a content host being rebuilt answers 404) and the console.
    throw Error(`${e.message.split('\n')[0]}\nfailed: ${JSON.stringify(failed)}\nlog: ${JSON.stringify(log)}`);
  });
  await frame.waitForSelector('form');
  return { context, page, log, frame, submits };
}

/** Whether the modal frame is still on the page. */
export const modalOpen = async (page: Page): Promise<boolean> => !!(await page.$(MODAL));

/** Waits until the modal frame has left the page. */
export const modalGone = (page: Page, timeout = 8000): Promise<unknown> =>
  page.waitForFunction((s) => !document.querySelector(s), MODAL, { timeout });

/** The subscribers the provider stored for form `key`. */
export const stored = (env: Env, key: string): Promise<SubscriberView[]> =>
  listSubscribers(env.p.store, env.forms.get(key)!.lid);

/** The host page's cookies by name. */
export async function cookieJar(
  context: BrowserContext,
): Promise<Record<string, { value: string; expires: number; sameSite: string; path: string; secure: boolean }>> {
  const out: Record<string, { value: string; expires: number; sameSite: string; path: string; secure: boolean }> = {};
  for (const c of await context.cookies())
    out[c.name] = { value: c.value, expires: c.expires, sameSite: c.sameSite, path: c.path, secure: c.secure };
  return out;
}

/** Text content of `sel` in the frame, trimmed ('' when absent). */
export const text = async (frame: Frame, sel: string): Promise<string> =>
  (await frame.$(sel)) ? ((await frame.textContent(sel)) || '').trim() : '';

export { launch };
