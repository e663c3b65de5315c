/**
 * Shared guards of the hardening tests (issue 8, 'In the browser'): what a third-party script must never do to the
 * page it is on. An init script, added before the host page loads, records layout shifts of the host document, the
 * most popup frames ever on the page at once, and whether any hostile payload ran; `verdict` reads them back with the
 * page's uncaught errors and dialogs.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { BANNER_FRAME_TITLE, FRAME_TITLE } from '../../src/constants';
import { CHROMIUM, CHROMIUM_ARGS, watch, type PageLog } from './harness';

/**
 * Chromium as the harness launches it, but with the back/forward cache left on: playwright-core turns it off by
 * default (`--disable-back-forward-cache`), and the bfcache test needs it.
 */
export const launchWithBfcache = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
    args: CHROMIUM_ARGS,
  });

/** What the guard init script leaves on the host window. */
interface Guarded {
  __cls: number;
  __shifts: string[];
  __maxPopups: number;
  __pwned: number;
  __restored: number;
}

/**
 * The guard, run in every document before its own scripts (it returns at once inside frames). Layout shifts are
 * summed whether or not input preceded them: the host page must not move at all, once it is parsed. A shift while the
 * host's own HTML is still being parsed is its own: Chromium on a loaded machine painted a host button between its
 * start tag and its text, which then widened it (CI, 2026-11-27), while the embed, whose settings had been blocked,
 * had added nothing but its script element. Such shifts are listed but not summed. The popup count is sampled on every
 * DOM change, so two frames that live together for a moment are seen even if one is removed soon after. Every shift is
 * listed in `__shifts` for the failure message.
 */
const guard = (titles: string[]) => {
  if (window.top !== window) return;
  const w = window as unknown as Guarded;
  w.__cls = 0;
  w.__shifts = [];
  w.__maxPopups = 0;
  w.__pwned = 0;
  w.__restored = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      // As the Cumulative Layout Shift metric counts: a shift within 500 ms of the reader's own input (a click on
      // Subscribe that swaps the form for its message) is expected by them and not counted.
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // 0 until DOMContentLoaded: an entry seen before it happened before it too.
      const parsed = nav ? nav.domContentLoadedEventStart : 0;
      const parsing = !parsed || e.startTime < parsed;
      if (!e.hadRecentInput && !parsing) w.__cls += e.value;
      const r = (d: DOMRectReadOnly) => [d.x, d.y, d.width, d.height].join(',');
      w.__shifts.push(
        `${e.value}${e.hadRecentInput ? ' after input' : ''}${parsing ? ' while the host parsed' : ''} ` +
          (e.sources || [])
            .map((s) => `${s.node?.nodeName || '?'} ${r(s.previousRect)} -> ${r(s.currentRect)}`)
            .join('; '),
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const sel = titles.map((t) => `iframe[title="${t}"]`).join(',');
  // The records are replayed in order, so two frames that were on the page together only within one script task
  // (added, then one removed before the observer runs) still count as two.
  const frames = (n: Node): Element[] =>
    n instanceof Element ? [...(n.matches(sel) ? [n] : []), ...n.querySelectorAll(sel)] : [];
  const live = new Set<Element>();
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) for (const f of frames(n)) live.add(f);
      if (live.size > w.__maxPopups) w.__maxPopups = live.size;
      for (const n of r.removedNodes) for (const f of frames(n)) live.delete(f);
    }
  }).observe(document, { childList: true, subtree: true });
  addEventListener('pageshow', (e) => {
    if (e.persisted) w.__restored++;
  });
};

/** A page under guard: its log (uncaught errors, console) and the dialogs it tried to open. */
export interface Guard {
  log: PageLog;
  dialogs: string[];
}

/** Puts `page` under guard; call before its first navigation. Dialogs are recorded and dismissed. */
export async function guardPage(page: Page): Promise<Guard> {
  await page.addInitScript(guard, [FRAME_TITLE, BANNER_FRAME_TITLE]);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()} ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  return { log: watch(page), dialogs };
}

/** What the guard saw on a page. */
export interface Verdict {
  errors: string[];
  cls: number;
  shifts: string[];
  maxPopups: number;
  pwned: number;
  dialogs: string[];
  /** Popup frames on the page now. */
  popups: number;
  /** Times the page came back from the back/forward cache. */
  restored: number;
}

/** Reads the guard's findings. */
export async function verdict(page: Page, g: Guard): Promise<Verdict> {
  const v = await page.evaluate((sel) => {
    const w = window as unknown as Guarded;
    return {
      cls: w.__cls,
      shifts: w.__shifts,
      maxPopups: w.__maxPopups,
      pwned: w.__pwned,
      restored: w.__restored,
      popups: document.querySelectorAll(sel).length,
    };
  }, `iframe[title="${FRAME_TITLE}"],iframe[title="${BANNER_FRAME_TITLE}"]`);
  return { ...v, errors: [...g.log.errors], dialogs: [...g.dialogs] };
}

/**
 * The promises every hardening test keeps: no uncaught error on the host page, no layout shift of the host, never two
 * popup frames at once, no dialog, no payload run. Returns the verdict for more checks.
 */
export async function assertHostUnharmed(page: Page, g: Guard, label: string): Promise<Verdict> {
  const v = await verdict(page, g);
  const problems = [
    v.errors.length && `uncaught errors: ${JSON.stringify(v.errors)}`,
    v.cls > 0 && `layout shift ${v.cls} without recent input: ${JSON.stringify(v.shifts)}`,
    v.maxPopups > 1 && `${v.maxPopups} popup frames at once`,
    v.dialogs.length && `dialogs: ${JSON.stringify(v.dialogs)}`,
    v.pwned && `a payload ran ${v.pwned} time(s)`,
  ].filter(Boolean);
  if (problems.length) throw Error(`${label}: ${problems.join('; ')}`);
  return v;
}

/** Console warnings of a page so far. */
export const warnings = (g: Guard): string[] => g.log.console.filter((m) => m.type === 'warning').map((m) => m.text);

/** Waits until the page has warned with a text that contains `part`, for at most `ms`. */
export async function warned(g: Guard, part: string, ms = 10000): Promise<void> {
  for (const end = Date.now() + ms; !warnings(g).some((w) => w.includes(part)); ) {
    if (Date.now() > end) throw Error(`no warning with "${part}" within ${ms} ms: ${JSON.stringify(warnings(g))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
