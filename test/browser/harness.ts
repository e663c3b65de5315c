/**
 * Browser-layer harness: Chromium through playwright-core, a test server on 127.0.0.1 that serves the built dist/
 * (the content host) and host pages registered by each test, and a fixture provider answering the JSONP calls of
 * spec 7.1 with per-form behaviour (including faults: hang, 404, 500, text/html, never, late).
 * The reference provider (src/server) is used by the end-to-end tests; this fixture is for exact, faulty answers.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, SHARED_BROWSER } from './chromium.mjs';

/** Root of the built content host. */
export const DIST = join(process.cwd(), 'dist');

/**
 * A content-host address or path as the popup's sources name it, with this build's ids left out (build/release.mjs,
 * issue 32): the side id in the name of a file beside popup.js (`modal-1.{id}.css` is `modal-1.css`) and the build id
 * the loader asks for popup.js with (`popup.js?b={id}` is `popup.js`).
 */
export const plain = (u: string): string =>
  u.replace(/\.[0-9a-f]{8}(\.(?:js|css))(?=$|\?)/, '$1').replace(/\?b=[0-9a-f]{8}$/, '');

/**
 * The build id the built loader should ask for popup.js with (`?b=`): the first 8 hex digits of the built popup.js's
 * SHA-256 (build/release.mjs), worked out here on its own.
 */
export const buildId = (): string =>
  createHash('sha256')
    .update(readFileSync(join(DIST, 'js/signup-forms/popup/1.0/popup.js')))
    .digest('hex')
    .slice(0, 8);

/** The address of a file beside popup.js as the build named it, by its plain name: `beside('form-actions.js')`. */
export const beside = (file: string): RegExp => {
  const [name, ext] = file.split('.');
  return new RegExp(`/${name}\\.[0-9a-f]{8}\\.${ext}$`);
};

export { CHROMIUM, CHROMIUM_ARGS };

/**
 * Headless Chromium with `CHROMIUM_ARGS`. Under the runner, the one its worker started for the files it runs one
 * after another (a Chromium's start costs more than most test files' contexts; see docs/testing.md): closing it then
 * closes this file's contexts and leaves it running for the next file.
 */
export const launch = (): Promise<Browser> => {
  const shared = process.env[SHARED_BROWSER];
  return shared
    ? chromium.connect(shared)
    : chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
};

/** How the fixture provider answers for one account (keyed by uuid). */
export interface FixtureForm {
  /** The settings object returned by form-settings. */
  settings?: Record<string, unknown>;
  /**
   * 'ok' (default) answers; 'hang' never ends the response; '404' and '500' answer with that status; 'html' answers
   * text/html under nosniff; 'never' answers a script that does not call back; 'late' calls back after `delayMs`.
   */
  mode?: 'ok' | 'hang' | '404' | '500' | 'html' | 'never' | 'late';
  /** For 'late' and 'ok': ms before the answer is sent. */
  delayMs?: number;
  /** is-email-subscribed answer. */
  subscribed?: boolean;
  /**
   * form-post-json answer for a query (spec 3.6); default
   * `{ result: 'success', msg: 'Thank you for subscribing!' }`.
   */
  submit?: (query: Record<string, string>) => Record<string, unknown>;
}

/** One request the fixture saw. */
export interface Seen {
  path: string;
  query: Record<string, string>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The running test server. */
export interface Fixture {
  /** 'http://127.0.0.1:PORT' */
  origin: string;
  /** '127.0.0.1:PORT', what a snippet passes as baseUrl. */
  host: string;
  /** Accounts of the fixture provider, by uuid. */
  forms: Map<string, FixtureForm>;
  /** Every provider request seen, in order. */
  seen: Seen[];
  /** Registers a host page at `/host/<name>` (HTML given whole) and returns its URL. */
  page(name: string, html: string, headers?: Record<string, string>): string;
  /** Provider requests to `path` (e.g. 'form-settings') seen so far. */
  calls(path: string): Seen[];
  close(): Promise<void>;
}

/** Starts the test server on 127.0.0.1 with an ephemeral port. */
export async function startFixture(): Promise<Fixture> {
  const forms = new Map<string, FixtureForm>();
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const seen: Seen[] = [];
  const hanging = new Set<ServerResponse>();

  const jsonp = (res: ServerResponse, cb: string, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end(`/**/${cb}(${JSON.stringify(body)});`);
  };

  const provider = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.slice('/subscribe/'.length);
    seen.push({ path, query });
    const cb = query.c || '';
    if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(cb) || cb.length > 64) {
      res.writeHead(400).end('bad callback');
      return;
    }
    const form = forms.get(query.u || '') || {};
    const mode = form.mode || 'ok';
    const answer = (body: unknown) => {
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === '404' || mode === '500') {
        res.writeHead(Number(mode), { 'Content-Type': 'text/plain' }).end('no');
        return;
      }
      if (mode === 'html') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
        res.end(`${cb}(${JSON.stringify(body)});`);
        return;
      }
      if (mode === 'never') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end('/* no callback */');
        return;
      }
      const send = () => jsonp(res, cb, body);
      if (form.delayMs) setTimeout(send, form.delayMs);
      else send();
    };
    if (path === 'form-settings') answer(form.settings || { result: 'error' });
    else if (path === 'is-email-subscribed') answer({ isEmailSubscribed: !!form.subscribed });
    else if (path === 'form-post-json')
      answer(form.submit ? form.submit(query) : { result: 'success', msg: 'Thank you for subscribing!' });
    else res.writeHead(404).end();
    void req;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://x');
    if (url.pathname.startsWith('/subscribe/')) return provider(req, res, url);
    if (url.pathname.startsWith('/host/')) {
      const p = pages.get(url.pathname.slice('/host/'.length));
      if (!p) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...p.headers });
      return void res.end(p.html);
    }
    const file = normalize(join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    forms,
    seen,
    page(name, html, headers = {}) {
      pages.set(name, { html, headers });
      return `http://127.0.0.1:${port}/host/${name}`;
    },
    calls: (path) => seen.filter((s) => s.path === path),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** What a page did wrong: uncaught errors and console errors/warnings, collected from the moment it is watched. */
export interface PageLog {
  errors: string[];
  console: { type: string; text: string }[];
}

/** Collects uncaught page errors and console messages of a page. */
export function watch(page: Page): PageLog {
  const log: PageLog = { errors: [], console: [] };
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('console', (m) => log.console.push({ type: m.type(), text: m.text() }));
  return log;
}

/** A fresh context and page with the given viewport; close the context when done. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  return { context, page, log: watch(page) };
}

/** A host page carrying the Mailchimp-style snippet: embed.js, then dojoRequire + L.start(options). */
export const snippetPage = (
  fx: Fixture,
  options: Record<string, unknown>,
  body = '<main><h1>Host page</h1></main>',
  embedPath = '/js/signup-forms/popup/embed.js',
): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${body}
<script src="${fx.origin}${embedPath}"></script>
<script>window.dojoRequire(["mojo/signup-forms/Loader"], function (L) { L.start(${JSON.stringify(options)}) })</script>
</body></html>`;

/** A host page carrying the data-attribute start: `<script async src=embed.js data-…>`. */
export const dataAttrPage = (
  fx: Fixture,
  attrs: Record<string, string>,
  body = '<main><h1>Host page</h1></main>',
): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${body}
<script async src="${fx.origin}/js/signup-forms/popup/embed.js" ${Object.entries(attrs)
    .map(([k, v]) => `data-${k}="${v.replace(/"/g, '&quot;')}"`)
    .join(' ')}></script></body></html>`;

const AXE = readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');
/** The axe-core rule tags every state must pass with zero violations. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One axe violation, flattened for a readable assertion message. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page, frames included (axe is injected into every frame so it can descend into them),
 * and returns the violations. A frame replaced while axe runs never answers it (the studio's stage mounts its popup
 * again 150 ms after each change: CI, studio-axe, "Axe in frame timed out: #stage" after axe's 60 s); such a run is
 * tried again on the frames there are then, each try given 15 s. A frame that came after the injection has no axe,
 * and axe passes over a frame without it in silence: a run after which some frame lacks axe was not a run over the
 * whole page, and is tried again too; after three tries the test fails, never passes unchecked.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  for (let tries = 1; ; tries++) {
    try {
      const violations = await axeOnce(page);
      const missed = await framesWithoutAxe(page);
      if (!missed.length) return violations;
      if (tries === 3) throw Error(`axe did not reach ${missed.length} frame(s): ${missed.join(', ')}`);
    } catch (e) {
      if (tries === 3 || !/Axe in frame timed out/.test(String(e))) throw e;
    }
  }
}

/** The addresses of the page's frames that have no axe (a frame detached meanwhile is gone, not missed). */
async function framesWithoutAxe(page: Page): Promise<string[]> {
  const missed: string[] = [];
  for (const f of page.frames()) {
    if (f.isDetached()) continue;
    const has = await f.evaluate(() => 'axe' in window).catch(() => f.isDetached());
    if (!has) missed.push(f.url() || f.name() || 'a frame');
  }
  return missed;
}

async function axeOnce(page: Page): Promise<AxeViolation[]> {
  const inject = async (f: Frame) => {
    if (!(await f.evaluate(() => 'axe' in window).catch(() => true))) await f.evaluate(AXE).catch(() => undefined);
  };
  for (const f of page.frames()) await inject(f);
  return page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: unknown,
          o: unknown,
        ): Promise<{
          violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
        }>;
      };
    };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      iframes: true,
      frameWaitTime: 15000,
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, AXE_TAGS);
}

/**
 * Waits `ms` milliseconds: only where a test checks that something does NOT happen within a time, each use saying why
 * that time (issue 34 item 6); anything that does happen is waited for as a condition.
 */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Two animation frames and a task in `target`: what the page does in answer to something that has happened (a
 * load, an error, a reply, an event) has run by then, and what it changed has been drawn.
 */
export const settle = (target: Page | Frame): Promise<void> =>
  target.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await new Promise((r) => setTimeout(r));
  });

/**
 * Every target of a page or frame smaller than 24 px either way (WCAG 2.5.8), each as its name (or class or tag) and
 * size; not a link inside a sentence (the criterion's inline exception) nor what is hidden from everyone (a honeypot).
 */
export const smallTargets = (target: Page | Frame): Promise<string[]> =>
  target.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"])')]
      .filter((e) => e.getClientRects().length && !e.closest('[aria-hidden="true"]'))
      .filter((e) => !(e.tagName === 'A' && e.closest('p')))
      .map((e) => [e.getAttribute('name') || e.className || e.tagName, e.getBoundingClientRect()] as const)
      .filter(([, r]) => r.width < 24 || r.height < 24)
      .map(([n, r]) => `${n} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );

/** WCAG 1.4.12's spacing, as a reader's own style sheet sets it over the page's. */
export const TEXT_SPACING =
  '*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}' +
  'p{margin-bottom:2em!important}';

/**
 * What cuts text off in a page or frame: a box that hides its overflow and whose text no longer fits it (but what is
 * visually hidden on purpose, a box of 1 px), and a sideways scroll.
 */
export const cutOff = (target: Page | Frame): Promise<string[]> =>
  target.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button,label,legend,h1,h2,h3,p,a,li,.mc-error,.mc-help')) {
      const cs = getComputedStyle(el);
      if (!el.getClientRects().length || el.clientWidth <= 1) continue;
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        out.push(
          `${el.tagName}.${el.className}: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
        );
    }
    const r = document.scrollingElement!;
    if (r.scrollWidth > r.clientWidth) out.push(`${r.scrollWidth} px wide in ${r.clientWidth}`);
    return out;
  });

/**
 * Installs the page's clock before it loads (Playwright's fake timers, at the normal pace until a test runs them on
 * with `quiet`) and returns the paths the page asks for, as it asks: the fake `performance` lists no resource.
 */
export async function installClock(page: Page): Promise<string[]> {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  await page.clock.install();
  return paths;
}

/**
 * Runs every timer of the page's next `ms` at once, then lets what they started run (`settle`): where a test checks
 * that nothing happens within a time, what the page would do in it is done, without waiting it out. The page's clock
 * must have been installed before it loaded (`installClock`).
 */
export async function quiet(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await settle(page);
}

/** Waits until `fn` is true, or throws after `ms` with `what`. */
export async function until(fn: () => boolean | Promise<boolean>, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
