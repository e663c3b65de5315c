/**
 * Shared set-up of the popup's browser tests: a fixture provider whose accounts carry the settings under test, a host
 * page carrying the real embed snippet, and handles on the popup's frames. The popup is the shipped dist/ popup.js.
 */
import { suite, type Test } from 'uvu';
import type { Browser, BrowserContext, ElementHandle, Frame, Page } from 'playwright-core';
import { BANNER_FRAME_TITLE, FRAME_TITLE } from '../../src/constants';
import { launch, newPage, plain, snippetPage, startFixture, type Fixture, type PageLog } from './harness';

/** The host page's body: a heading, a focusable control to return focus to, and enough text to scroll. */
export const HOST_BODY =
  '<main><h1>Host page</h1><p><button id="host-button" type="button">Host button</button></p></main>';

/** A minimal form: one required e-mail field (spec 3.4). */
export const EMAIL_FIELD = { type: 'email', name: 'EMAIL', label: 'Email address', required: true, merge_id: 0 };

/** One opened host page. */
export interface Opened {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  uuid: string;
}

let accounts = 0;
const logs = new WeakMap<Page, PageLog>();

/** Options of `openHost`. */
export interface HostOptions {
  viewport?: { width: number; height: number };
  /** Extra loader parameters (spec 3.1). */
  params?: Record<string, unknown>;
  reducedMotion?: 'reduce' | 'no-preference';
  /** Focus the host button before the popup opens (popupDelay must leave time for it). */
  focusHost?: boolean;
  /**
   * Serve the host page from the provider's own host (127.0.0.1). By default it is served as 'localhost', so that it
   * is not the provider's own site, where closing sets no cookie (spec 4.3).
   */
  sameHost?: boolean;
  /** Requests whose path ends with this (a file's plain name: harness.ts `plain`) are aborted, as a blocked fetch. */
  block?: string;
  /** Runs on the page before it is opened (init scripts, routes). */
  before?: (page: Page) => Promise<unknown>;
  /**
   * A page this suite opened before, navigated to the new host page instead of a new context and page, its cookies
   * cleared (a new visitor): for tests that look at many forms one after another (a context costs the machine a
   * renderer process each). The options that set up a page (viewport, reducedMotion, block, before, focusHost) are
   * the first opening's.
   */
  on?: Opened;
}

/** Registers `settings` under a new account and opens a host page whose snippet starts the loader for it. */
export async function openHost(
  browser: Browser,
  fx: Fixture,
  settings: Record<string, unknown>,
  o: HostOptions = {},
): Promise<Opened> {
  const uuid = `acct${++accounts}`;
  fx.forms.set(uuid, { settings: { fields: [EMAIL_FIELD], ...settings } });
  const url = fx.page(
    `${uuid}.html`,
    snippetPage(fx, { baseUrl: fx.host, uuid, lid: 'list1', ...o.params }, HOST_BODY),
  );
  if (o.on) {
    await o.on.context.clearCookies();
    await o.on.page.goto(o.sameHost ? url : url.replace('//127.0.0.1:', '//localhost:'));
    return { ...o.on, uuid };
  }
  const { context, page, log } = await newPage(browser, o.viewport, {
    reducedMotion: o.reducedMotion || 'no-preference',
  });
  if (o.block)
    await page.route(
      (u) => plain(u.pathname).endsWith(o.block!),
      (r) => r.abort(),
    );
  if (o.before) await o.before(page);
  // The host button is focused by the page itself once its document is parsed: the loader asks for the settings only
  // after the load and counts the delay from their answer, so the focus is there before any reveal however slow the
  // machine (a focus from here after the load came after the reveal on a loaded machine, and the close returned focus
  // to the body).
  if (o.focusHost)
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => document.getElementById('host-button')?.focus()),
    );
  await page.goto(o.sameHost ? url : url.replace('//127.0.0.1:', '//localhost:'));
  logs.set(page, log);
  return { context, page, log, uuid };
}

/**
 * Emulates a connection (the Network Information API) before any page script runs: with Save-Data or on 2G the
 * loader warms nothing before the trigger (issue 12.1), so the page before the trigger is the page without the popup.
 */
export const connection =
  (c: { saveData: boolean; effectiveType: string }) =>
  (page: Page): Promise<unknown> =>
    page.addInitScript((v) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => v });
    }, c);

/** The selector of a popup frame by its title. */
export const frameSel = (title: string): string => `iframe[title="${title}"]`;
export const MODAL = frameSel(FRAME_TITLE);
export const BANNER = frameSel(BANNER_FRAME_TITLE);

/** Waits until the frame with this selector is shown (its stylesheets settled) and returns it and its content frame. */
export async function shown(page: Page, sel: string): Promise<{ el: ElementHandle<HTMLIFrameElement>; frame: Frame }> {
  await page
    .waitForFunction(
      (s) => {
        const f = document.querySelector<HTMLIFrameElement>(s);
        return !!f && f.style.visibility === '';
      },
      sel,
      // Generous: a shared 2-core machine running several Chromium pages at once (a bound on hanging, not a timing).
      { timeout: 20000 },
    )
    .catch(async (e: Error) => {
      // Say what the page holds, so a failure names its cause.
      const frames = await page.evaluate(() =>
        [...document.querySelectorAll('iframe')].map(
          (f) => `${f.title} [${f.style.cssText}] ${f.contentDocument?.body?.innerHTML.slice(0, 200)}`,
        ),
      );
      throw Error(`${e.message}\nframes: ${JSON.stringify(frames)}\nlog: ${JSON.stringify(logs.get(page))}`);
    });
  const el = (await page.$(sel)) as ElementHandle<HTMLIFrameElement>;
  return { el, frame: (await el.contentFrame())! };
}

/** Waits until no frame matches `sel`. */
export const gone = (page: Page, sel: string): Promise<unknown> =>
  page.waitForFunction((s) => !document.querySelector(s), sel);

/**
 * Waits until a modal dialog holds the host page (src/popup/host.ts): its main inert, its root unscrollable. That
 * comes a task after the dialog shows, so a check right after `shown` waits for it.
 */
export const held = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () => (document.querySelector('main') as HTMLElement).inert && document.documentElement.style.overflow === 'hidden',
  );

/** Whether the host page is held at this moment: [main inert, the root's overflow]. */
export const holdState = (page: Page): Promise<[boolean, string]> =>
  page.evaluate(() => [(document.querySelector('main') as HTMLElement).inert, document.documentElement.style.overflow]);

/** The popup's cookies on the host page, by name. */
export async function cookies(
  context: BrowserContext,
): Promise<Record<string, { value: string; expires: number; sameSite: string }>> {
  const out: Record<string, { value: string; expires: number; sameSite: string }> = {};
  for (const c of await context.cookies()) out[c.name] = { value: c.value, expires: c.expires, sameSite: c.sameSite };
  return out;
}

/** How many frames on the page are shown: not `visibility: hidden` (a popup prepared hidden is not). */
export const shownFrames = (page: Page): Promise<number> =>
  page.$$eval('iframe', (fs) => fs.filter((f) => getComputedStyle(f).visibility !== 'hidden').length);

/** Presses Tab `n` times and returns where focus was after each press (`focusAt`). */
export async function tabStops(page: Page, n: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focusAt(page));
  }
  return stops;
}

/** Where focus is: 'host:<id or tag>' on the host page, or 'frame:<class or tag>' inside the modal frame. */
export const focusAt = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (a && a.tagName === 'IFRAME') {
      const inner = (a as HTMLIFrameElement).contentDocument!.activeElement;
      const what = inner
        ? inner.getAttribute('data-action') || inner.getAttribute('name') || inner.className || inner.tagName
        : '';
      return `frame:${what}`;
    }
    return `host:${a ? a.id || a.tagName : ''}`;
  });

/**
 * The part of a popup frame that shows and takes clicks: the frame's box minus the top inset of its clip-path
 * (slide, fixed and the banner are viewport-tall frames clipped to their content, src/popup/piece.ts fitTo).
 */
export async function visibleBox(
  el: ElementHandle<HTMLIFrameElement>,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = (await el.boundingBox())!;
  const top = await el.evaluate((f) => {
    const m = /inset\((\d+(?:\.\d+)?)px/.exec(f.style.getPropertyValue('clip-path'));
    return m ? +m[1] : 0;
  });
  return { x: box.x, y: box.y + top, width: box.width, height: box.height - top };
}

/** What a popup suite's tests share: one Chromium and one fixture provider. */
export interface PopupCtx {
  browser: Browser;
  fx: Fixture;
}

/**
 * A uvu suite named `name` that launches Chromium and a fixture provider before its tests and closes both after;
 * `ctx` holds them for the tests.
 */
export function popupSuite(name: string): { T: Test<PopupCtx>; ctx: PopupCtx } {
  const ctx = { browser: null as unknown as Browser, fx: null as unknown as Fixture };
  const T = suite<PopupCtx>(name, ctx);
  T.before(async () => {
    ctx.browser = await launch();
    ctx.fx = await startFixture();
  });
  T.after(async () => {
    await ctx.browser.close();
    await ctx.fx.close();
  });
  return { T, ctx };
}

/**
 * Tracks the host window's pending timers: setTimeout and clearTimeout wrapped before any script runs (the top
 * document only; the frames' own timers die with them). `window.__timers` maps each pending id to its delay and the
 * line that set it, so a failure says which timer was left.
 */
export const trackTimers = (page: Page) =>
  page.addInitScript(() => {
    if (window.top !== window) return;
    const live = new Map<number, string>();
    const set = window.setTimeout;
    const clear = window.clearTimeout;
    window.setTimeout = ((f: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id = set(
        (...a: unknown[]) => {
          live.delete(id);
          if (typeof f === 'function') f(...a);
        },
        ms,
        ...args,
      );
      live.set(id, `${ms || 0} ms from ${(Error().stack || '').split('\n')[2] || '?'}`);
      return id;
    }) as typeof setTimeout;
    window.clearTimeout = ((id?: number) => {
      live.delete(id!);
      clear(id);
    }) as typeof clearTimeout;
    (window as unknown as { __timers: Map<number, string> }).__timers = live;
  });

/**
 * The host window's pending timers (delay and origin), once two animation frames and a zero-delay timer have passed:
 * Preact's effects settle on a frame, and what they hand to setTimeout(…, 0) runs right after.
 */
export const pendingTimers = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await new Promise((r) => setTimeout(r));
    return [...(window as unknown as { __timers: Map<number, string> }).__timers.values()];
  });
