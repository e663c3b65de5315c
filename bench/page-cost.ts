/**
 * What the embed costs a host page, measured in Chromium with the CPU slowed 4x through the DevTools Protocol
 * (issue 7): total blocking time, long tasks, layout shift, the loader's main-thread time before the trigger, time
 * from trigger to a visible popup (popup.js cold and cached), script bytes on the wire, JS heap.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One page load's figures. */
export interface Sample {
  /** Sum over long tasks of their time past 50 ms, in ms. */
  tbt: number;
  /** Tasks over 50 ms. */
  longTasks: number;
  /** Cumulative layout shift (without recent input). */
  cls: number;
  /** Main-thread script time up to the sample point, in ms (CDP Performance.getMetrics ScriptDuration). */
  scriptMs: number;
  /** popup.js request start to the dialog being displayed, in ms; null when no popup was expected or seen. */
  triggerToVisible: number | null;
  /** Bytes of script transferred (resource timing transferSize of scripts). */
  scriptBytes: number;
  /** JS heap used after a collection, in bytes. */
  heap: number;
}

/** Installed before any page script: collects long tasks, layout shifts and the moment the popup dialog shows. */
const OBSERVE = () => {
  const w = window as unknown as { __bench: { lt: number[]; cls: number; visible: number | null } };
  w.__bench = { lt: [], cls: 0, visible: null };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__bench.lt.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) w.__bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const look = () => {
    for (const f of Array.from(document.querySelectorAll('iframe'))) {
      try {
        const d = f.contentDocument;
        const dialog = d && d.querySelector('[role="dialog"], [role="region"], [role="complementary"]');
        if (dialog && (f as HTMLElement).offsetHeight > 0 && (dialog as HTMLElement).offsetHeight > 0) {
          w.__bench.visible = performance.now();
          return;
        }
      } catch {
        // A cross-origin frame is not ours.
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

/** A context whose pages run with the CPU slowed `rate` times. */
export async function throttledPage(browser: Browser, context: BrowserContext | null, rate = 4): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = context || (await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  const page = await ctx.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Performance.enable');
  (page as unknown as { __cdp: typeof cdp }).__cdp = cdp;
  return { context: ctx, page };
}

/**
 * Loads `url` and samples it. With `block` the embed is refused (the page alone); with `popup` the sample waits
 * for the popup to be visible (up to 15 s), else it waits `settleMs` after load.
 */
export async function sample(page: Page, url: string, opts: { block?: boolean; popup?: boolean; settleMs?: number }): Promise<Sample> {
  const cdp = (page as unknown as { __cdp: import('playwright-core').CDPSession }).__cdp;
  if (opts.block) await page.route('**/embed.js', (r) => r.abort());
  await page.goto(url, { waitUntil: 'load' });
  if (opts.popup) await page.waitForFunction(() => (window as unknown as { __bench: { visible: number | null } }).__bench.visible !== null, null, { timeout: 15000 });
  else await page.waitForTimeout(opts.settleMs ?? 1500);
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value || 0) * 1000;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const r = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { lt: number[]; cls: number; visible: number | null } }).__bench;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const popup = res.find((e) => e.name.endsWith('/popup.js'));
    return {
      lt: b.lt,
      cls: b.cls,
      triggerToVisible: popup && b.visible !== null ? b.visible - popup.startTime : null,
      scriptBytes: res.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).reduce((s, e) => s + e.transferSize, 0),
    };
  });
  if (opts.block) await page.unroute('**/embed.js');
  return {
    tbt: r.lt.reduce((s, d) => s + Math.max(0, d - 50), 0),
    longTasks: r.lt.length,
    cls: r.cls,
    scriptMs,
    triggerToVisible: r.triggerToVisible,
    scriptBytes: r.scriptBytes,
    heap,
  };
}

/** The median of numbers (null entries dropped); null when none remain. */
export const median = (xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
