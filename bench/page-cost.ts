/**
 * What the embed costs a host page, measured in Chromium with the CPU slowed 4x through the DevTools Protocol
 * (issue 7): total blocking time, long tasks (all, and those holding embed work), layout shift, the embed's own
 * main-thread time before and after the trigger, time from the trigger firing to the popup painted visible (popup.js
 * cold and cached), script bytes on the wire, JS heap.
 *
 * How the two ends of "trigger → visible" are taken:
 * - the trigger: the loader's call that shows the popup, taken through accessors installed on `__mcsf` before any page
 *   script: a hand-off stored to show (`handoff` without `show: false`, the reference build's only kind), a warm
 *   hand-off's `show` turned true while popup.js is on its way, or a call of popup.js's `show` with `reveal` (issue
 *   12.1: the popup was prepared before the trigger). That moment drops a `console.timeStamp` into the trace (to
 *   split embed time before/after it). Steps a build did before the trigger count as 0 ms after it. The warm-up's
 *   start (a hand-off or `show` call with `show: false`: issue 37's intent, or a delay's idle time) is taken too;
 * - visible: the first frame in which the popup's iframe is no longer `visibility: hidden` (it stays hidden until its
 *   stylesheets settle, src/popup/piece.ts) and its dialog has a box, taken after that frame's paint (a message
 *   posted from the requestAnimationFrame callback runs once the frame is rendered). The dialog then animates in
 *   (0.2-0.3 s, spec 4.3); `triggerToSettled` is when its animations have finished.
 * Embed main-thread time comes from a Chromium trace: the union of script evaluations and function calls whose
 * script is one of the embed's files (the loaders, popup.js and the files beside them) or a provider JSONP answer
 * (/subscribe/). A long task (a RunTask over 50 ms) is counted as the embed's when it holds any of that time, or any
 * work in a frame of the popup (its creation, its style and layout): that work runs no script of a URL of ours (the
 * frame is made in a promise continuation, laid out by the browser), so script time alone missed such a task.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** One page load's figures. */
export interface Sample {
  /** Sum over long tasks of their time past 50 ms, in ms (all tasks of the page, PerformanceObserver 'longtask'). */
  tbt: number;
  /** Tasks over 50 ms, the page's and the embed's. */
  longTasks: number;
  /** Tasks over 50 ms that hold embed work (trace). */
  embedLongTasks: number;
  /** The longest of those tasks, in ms; 0 when there is none (trace). */
  embedLongestMs: number;
  /** Cumulative layout shift (without recent input). */
  cls: number;
  /** Main-thread script time of the whole page, in ms (CDP Performance.getMetrics ScriptDuration). */
  scriptMs: number;
  /** The embed's main-thread script time before the trigger (all of it when there is none), in ms (trace). */
  embedBeforeMs: number;
  /** The embed's main-thread script time from the trigger on, in ms (trace). */
  embedAfterMs: number;
  /** Trigger firing to the popup painted visible, in ms; null when no popup was expected or seen. */
  triggerToVisible: number | null;
  /** Trigger firing to the popup's opening animation finished, in ms; null as above. */
  triggerToSettled: number | null;
  /** Trigger firing to popup.js starting to run (fetched, compiled), in ms; null as above. */
  triggerToScript: number | null;
  /** Trigger firing to the popup mounted: its frame added and rendered, still hidden, in ms; null as above. */
  triggerToFrame: number | null;
  /** Trigger firing to the frame shown (its stylesheets settled; not yet painted), in ms; null as above. */
  triggerToStyled: number | null;
  /**
   * From the warm-up's start (the loader handing popup.js the popup to prepare hidden: issue 37's intent) to the
   * trigger, in ms; 0 when they came together or there was no warm-up before the trigger; null without a trigger.
   */
  warmToTrigger: number | null;
  /** Bytes of script transferred (resource timing transferSize of the top document's scripts; 0 from cache). */
  scriptBytes: number;
  /**
   * Bytes the embed fetched before the trigger (all it fetched when there was none): transfer sizes of embed.js,
   * popup.js, the files beside it, the stylesheets and the provider's answers, in the page and in its frames.
   */
  embedBytes: number;
  /** popup.js was fetched before the trigger (at all, when there was none): issue 37 item 2 wants it not. */
  popupBefore: boolean;
  /** JS heap used after a collection, in bytes. */
  heap: number;
}

/** What the init script collects on `window.__bench`. */
interface Collected {
  lt: number[];
  cls: number;
  /**
   * performance.now() of: the trigger, popup.js starting to run (it publishes `mount` first), the popup's frame added
   * and rendered (mutation records arrive once the synchronous mount has returned), the frame's `visibility: hidden`
   * removed (its stylesheets settled), that frame painted, the opening animation finished.
   */
  trigger: number | null;
  /** The first hand-off to prepare hidden (issue 37: the reader's intent), before the trigger. */
  warm: number | null;
  script: number | null;
  frame: number | null;
  styled: number | null;
  visible: number | null;
  settled: number | null;
  /** Resolves once `settled` is set (awaited by one evaluate, so nothing polls the page). */
  done: Promise<void>;
}

/**
 * Installed before any page script: long tasks, layout shifts, the trigger moment and the popup painted visible.
 * Nothing runs per frame: a mutation observer sees the frame added and its `visibility: hidden` removed.
 */
const OBSERVE = () => {
  // Init scripts run in every frame: the popup's own frames get none, or their creation (a task counted as the
  // embed's) would carry the bench's observers and accessors too.
  if (window !== window.top) return;
  const w = window as unknown as { __bench: Collected; __mcsf?: Record<string, unknown> };
  let finish = () => {};
  const b: Collected = (w.__bench = {
    lt: [],
    cls: 0,
    trigger: null,
    warm: null,
    script: null,
    frame: null,
    styled: null,
    visible: null,
    settled: null,
    done: new Promise<void>((r) => (finish = r)),
  });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) b.lt.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) b.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // The loader and popup.js keep an existing `__mcsf` (`window.__mcsf ||= {}`), so these accessors see the loader's
  // hand-off and calls (see the module comment) and popup.js publishing `mount` as it runs.
  const shared: Record<string, unknown> = {};
  const markAt = (mark: 'trigger' | 'warm' | 'script') => {
    if (b[mark] !== null) return;
    b[mark] = performance.now();
    if (mark === 'trigger') console.timeStamp('bench-trigger');
  };
  /** An accessor on `on[key]` that sees each value stored, `seen` deciding what to keep. */
  const watch = (on: Record<string, unknown>, key: string, seen: (v: unknown) => unknown) => {
    let value: unknown;
    Object.defineProperty(on, key, {
      configurable: true,
      enumerable: true,
      get: () => value,
      set: (v: unknown) => {
        value = seen(v);
      },
    });
  };
  // Bytes the embed fetched before `until` (performance.now() of this page; all when null), frames included: a
  // popup prepared before the trigger loads its stylesheets inside its frames.
  (window as unknown as { __embedBytes: (until: number | null) => number }).__embedBytes = (until) => {
    const embed = /\/(js|css)\/signup-forms\/|\/subscribe\//;
    const sum = (p: Performance, shift: number) =>
      (p.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => embed.test(e.name) && (until === null || e.startTime + shift < until))
        .reduce((n, e) => n + e.transferSize, 0);
    let total = sum(performance, 0);
    for (const f of Array.from(document.querySelectorAll('iframe'))) {
      try {
        const p = f.contentWindow?.performance;
        if (p) total += sum(p, p.timeOrigin - performance.timeOrigin);
      } catch {
        // A cross-origin frame is not ours.
      }
    }
    return total;
  };
  watch(shared, 'handoff', (h) => {
    if (h && typeof h === 'object') {
      if ((h as { show?: boolean }).show !== false) markAt('trigger');
      else {
        if (b.trigger === null) markAt('warm');
        watch(h as Record<string, unknown>, 'show', (v) => {
          if (v) markAt('trigger');
          return v;
        });
      }
    }
    return h;
  });
  watch(shared, 'show', (f) =>
    typeof f === 'function'
      ? (...a: unknown[]) => {
          if (a[2]) markAt('trigger');
          else if (b.trigger === null) markAt('warm');
          return f(...a);
        }
      : f,
  );
  watch(shared, 'mount', (f) => {
    if (f) markAt('script');
    return f;
  });
  w.__mcsf = shared;
  // After a rendering step's paint: a message posted from its animation-frame callback is handled once the frame
  // has been produced.
  const afterPaint = (then: (t: number) => void) =>
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => then(performance.now());
      c.port2.postMessage(0);
    });
  const shown = (): HTMLElement | null => {
    for (const f of Array.from(document.querySelectorAll('iframe'))) {
      try {
        const dialog = f.contentDocument?.querySelector<HTMLElement>('[role="dialog"]');
        if (dialog && getComputedStyle(f).visibility === 'visible' && f.offsetHeight > 0 && dialog.offsetHeight > 0)
          return dialog;
      } catch {
        // A cross-origin frame is not ours.
      }
    }
    return null;
  };
  const seen = new MutationObserver((records) => {
    if (b.frame === null && records.some((r) => Array.from(r.addedNodes).some((n) => n.nodeName === 'IFRAME')))
      b.frame = performance.now();
    // Only a change of a frame's own style can show the popup (src/popup/piece.ts `show`). Read at any other time, in
    // the task that appends a frame above all, a frame's document would have the frame's window and script context
    // made there, inside the embed's task: 13-31 ms at 4x CPU in the traces (bench/long-tasks.ts), which a visitor's
    // page, with no such observer, never pays.
    if (!records.some((r) => r.type === 'attributes' && r.target.nodeName === 'IFRAME')) return;
    const dialog = shown();
    if (!dialog) return;
    b.styled = performance.now();
    seen.disconnect();
    afterPaint((t) => {
      b.visible = t;
      const settle = () => {
        if (dialog.getAnimations().every((a) => a.playState === 'finished'))
          afterPaint((t2) => {
            b.settled = t2;
            finish();
          });
        else requestAnimationFrame(settle);
      };
      settle();
    });
  });
  // The frame's dialog is rendered inside it (no mutation here), so the frame's own style change is what is seen.
  seen.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
};

/** Network conditions for DevTools emulation: round trip in ms, throughputs in bytes per second. */
export interface Network {
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/**
 * Lighthouse's mobile network profile ("slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), so that
 * popup.js cold (fetched) and cached (from the HTTP cache, no request) differ as they do off loopback.
 */
export const SLOW_4G: Network = {
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * A page whose CPU runs `rate` times slower and whose network is `network` (none: loopback as it is), in `context`
 * (a new 1280x800 one when null).
 */
export async function throttledPage(
  browser: Browser,
  context: BrowserContext | null,
  rate = 4,
  network: Network | null = SLOW_4G,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const ctx = context || (await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  const page = await ctx.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  }
  await cdp.send('Performance.enable');
  return { context: ctx, page, cdp };
}

/** One Chromium trace event (the fields used here and in bench/long-tasks.ts). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { url?: string; message?: string; frame?: string; isMainFrame?: boolean };
    beginData?: { frame?: string };
  };
}

/**
 * Scripts that are the embed: the loaders (embed.js, embed-full.js, embed-extras.js, embed-rules.js, embed.dev.js),
 * popup.js, the files beside it, and the provider's JSONP answers.
 */
const EMBED_URL = new RegExp(
  String.raw`\/(embed(-full|-extras|-rules|\.dev)?|popup|form-(extras|actions)|countries)(\.[0-9a-f]{8})?\.js(\?|$)` +
    String.raw`|\/subscribe\/`,
);

/**
 * More trace categories, for bench/long-tasks.ts only (`TRACE_CATS=blink,fonts`: what a layout or a frame's creation
 * is made of). They slow what they trace: never set for a run whose figures are reported.
 */
export const EXTRA_CATEGORIES = process.env.TRACE_CATS ? process.env.TRACE_CATS.split(',') : [];

/** The frame an event ran in, where the trace names one. */
const frameOf = (e: TraceEvent) => e.args?.data?.frame || e.args?.beginData?.frame;

/**
 * The popup's frames: child frames committed as about:srcdoc (src/popup/piece.ts), or as about:blank (builds before
 * srcdoc frames, such as the reference). The blog's pages have no frame of their own before a video is clicked, and a
 * video player's frame commits its own URL. (An SVG image makes a document of its own too, but commits nothing.)
 */
export const embedFrames = (events: TraceEvent[]): Set<string> =>
  new Set(
    events
      .filter(
        (e) =>
          e.name === 'CommitLoad' &&
          e.args?.data?.isMainFrame === false &&
          /^about:(blank|srcdoc)$/.test(e.args.data.url || ''),
      )
      .map((e) => e.args!.data!.frame!),
  );

/** A script evaluation or call of one of the embed's files. */
const isEmbedScript = (e: TraceEvent) =>
  /^(EvaluateScript|FunctionCall|v8\.compile)$/.test(e.name) && EMBED_URL.test(e.args?.data?.url || '');

/**
 * Whether a task holds embed work: embed script, or any event in a frame of the popup (`frames`), on the task's own
 * thread while it runs. (Matched by time alone, a long task of another renderer, such as the page an earlier run of
 * the cached case left, was counted whenever embed script ran meanwhile.)
 */
export const holdsEmbedWork = (t: TraceEvent, frames: Set<string>, events: TraceEvent[]): boolean => {
  const end = t.ts + (t.dur || 0);
  return events.some(
    (e) =>
      e.pid === t.pid &&
      e.tid === t.tid &&
      e.ts < end &&
      e.ts + (e.dur || 0) >= t.ts &&
      (isEmbedScript(e) || frames.has(frameOf(e) || '')),
  );
};

/**
 * Embed time before/after the trigger mark, long tasks holding embed work, the longest of them (0 when none) and the
 * longest task holding embed work of any length over 10 ms (0 when none), from a trace (times in ms). With `from`,
 * the tasks are those from the trace's TimeStamp of that name on.
 */
export const embedFromTrace = (
  events: TraceEvent[],
  from?: string,
): { beforeMs: number; afterMs: number; longTasks: number; longestMs: number; longestAnyMs: number } => {
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => main.has(`${e.pid}:${e.tid}`);
  /** When the trace's TimeStamp `message` was dropped; Infinity when it never was. */
  const stamp = (message: string) =>
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message)?.ts ?? Infinity;
  const mark = stamp('bench-trigger');
  const spans = events
    .filter((e) => e.ph === 'X' && e.dur && onMain(e) && isEmbedScript(e))
    .map((e) => [e.ts, e.ts + (e.dur as number)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  // Nested calls (a function called inside an evaluation) are merged, not counted twice.
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  let before = 0;
  let after = 0;
  for (const [a, z] of merged) {
    before += Math.max(0, Math.min(z, mark) - a);
    after += Math.max(0, z - Math.max(a, mark));
  }
  // Tasks over 10 ms (from the `from` mark on, when named): the longest of those holding embed work shows the room
  // left under 50 ms.
  const since = from ? stamp(from) : -Infinity;
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && (e.dur as number) > 10000 && e.ts >= since,
  );
  const frames = embedFrames(events);
  const held = tasks.filter((t) => holdsEmbedWork(t, frames, events)).map((t) => (t.dur as number) / 1000);
  const longest = held.reduce((n, ms) => Math.max(n, ms), 0);
  return {
    beforeMs: before / 1000,
    afterMs: after / 1000,
    longTasks: held.filter((ms) => ms > 50).length,
    longestMs: longest > 50 ? longest : 0,
    longestAnyMs: longest,
  };
};

/** A reader's scrolling (issue 37: "intent, then trigger"): `stepPx` by mouse wheel every `everyMs`. */
export interface Pace {
  stepPx: number;
  everyMs: number;
}

/**
 * A reader's pace: a wheel notch (100 px, four or five lines of the blog's text) every half second, reading as they
 * go. On the blog's home (about 2,500 px at 800 px high) the middle is some nine notches away. BENCH_PACE=px/ms sets
 * another (a skimming reader: 300/150) for a trial.
 */
export const READER_PACE: Pace = (([stepPx, everyMs]) => ({ stepPx, everyMs }))(
  (process.env.BENCH_PACE || '100/500').split('/').map(Number),
);

/** How to sample a load. */
export interface SampleOptions {
  /** Refuse embed.js: the page alone. */
  block?: boolean;
  /**
   * Once the page has settled, scroll to fire the trigger (the blog's form opens past the middle) and wait for the
   * popup: to the bottom at once, or at `pace` from the top until the trigger fires.
   */
  popup?: boolean;
  pace?: Pace;
  /** Quiet time after load before scrolling or sampling, ms. */
  settleMs?: number;
  /**
   * The settings' popupDelay replaced by this in flight (so one host page shows every trigger kind); the rewritten
   * answer counts in the embed's bytes as its body's length.
   */
  popupDelay?: number | string;
  /** Handed the load's trace events (bench/long-tasks.ts explains its long tasks). */
  onTrace?: (events: TraceEvent[]) => void;
}

/**
 * Answers the settings call with popupDelay set to `delay`; returns what tells the rewritten answer's length (0 until
 * it was answered).
 */
async function rewriteDelay(page: Page, delay: number | string): Promise<() => number> {
  let length = 0;
  await page.route('**/subscribe/form-settings?*', async (route) => {
    const r = await route.fetch();
    const text = await r.text();
    const m = /^([\s\S]*?\()(\{[\s\S]*\})(\);?\s*)$/.exec(text);
    if (!m) return route.fulfill({ response: r });
    const body = m[1] + JSON.stringify({ ...JSON.parse(m[2]), popupDelay: delay }) + m[3];
    length = body.length;
    return route.fulfill({ response: r, body });
  });
  return () => length;
}

/** Scrolls from where the page is at `pace` until the trigger has fired or the page's end is reached. */
async function scrollAtPace(page: Page, pace: Pace): Promise<void> {
  await page.mouse.move(640, 400);
  for (;;) {
    await page.mouse.wheel(0, pace.stepPx);
    await page.waitForTimeout(pace.everyMs);
    const at = await page.evaluate(() => ({
      fired: (window as unknown as { __bench: Collected }).__bench.trigger !== null,
      end: scrollY + innerHeight >= document.documentElement.scrollHeight - 2,
    }));
    if (at.fired || at.end) return;
  }
}

/**
 * Loads `url` in `page` (traced) and samples it. Without `popup` the sample is taken `settleMs` after load, so the
 * loader has had its settings answer and armed its trigger; with `popup` the page is then scrolled to fire the
 * trigger (at once, or at `pace`) and the sample waits for the popup's opening animation to end (up to 15 s).
 */
export async function sample(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  url: string,
  opts: SampleOptions,
): Promise<Sample> {
  if (opts.block) await page.route('**/embed.js', (r) => r.abort());
  const rewritten = opts.popupDelay === undefined ? null : await rewriteDelay(page, opts.popupDelay);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', ...EXTRA_CATEGORIES],
  });
  let trace: Buffer;
  try {
    // Waiting is done from outside or by one awaited promise: a polling wait would itself run script in the page
    // (the paced scroll asks once per step whether the trigger has fired).
    const settings = opts.block
      ? null
      : page.waitForResponse((r) => r.url().includes('/form-settings'), { timeout: 15000 });
    await page.goto(url, { waitUntil: 'load' });
    await settings;
    await page.waitForTimeout(opts.settleMs ?? 1500);
    if (opts.popup) {
      await page.evaluate(() => console.timeStamp('bench-scroll'));
      if (opts.pace) await scrollAtPace(page, opts.pace);
      else await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() =>
        Promise.race([
          (window as unknown as { __bench: Collected }).__bench.done,
          new Promise((_, no) => setTimeout(() => no(new Error('no popup within 15 s')), 15000)),
        ]),
      );
    }
  } finally {
    trace = await browser.stopTracing();
  }
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value || 0) * 1000;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const r = await page.evaluate(() => {
    const b = (window as unknown as { __bench: Collected }).__bench;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // A step done before the trigger (a build that prepared the popup before it) took 0 ms after it.
    const since = (t: number | null) => (b.trigger !== null && t !== null ? Math.max(0, t - b.trigger) : null);
    // The settings answer a route rewrote counts as whatever the browser makes of a fulfilled response: taken out
    // here, and its body's length put in below.
    const routed = (res as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/form-settings'))
      .reduce((n, e) => n + e.transferSize, 0);
    return {
      lt: b.lt,
      cls: b.cls,
      triggerToVisible: since(b.visible),
      triggerToSettled: since(b.settled),
      triggerToScript: since(b.script),
      triggerToFrame: since(b.frame),
      triggerToStyled: since(b.styled),
      scriptBytes: res.filter((e) => e.initiatorType === 'script').reduce((s, e) => s + e.transferSize, 0),
      warmToTrigger: b.trigger === null ? null : b.warm === null ? 0 : b.trigger - b.warm,
      popupBefore: res.some((e) => /\/popup\.js(\?|$)/.test(e.name) && (b.trigger === null || e.startTime < b.trigger)),
      embedBytes: (window as unknown as { __embedBytes: (t: number | null) => number }).__embedBytes(b.trigger),
      routed,
    };
  });
  if (opts.block) await page.unroute('**/embed.js');
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  if (opts.onTrace) opts.onTrace(events);
  const embed = embedFromTrace(events);
  return {
    tbt: r.lt.reduce((s, d) => s + Math.max(0, d - 50), 0),
    longTasks: r.lt.length,
    embedLongTasks: embed.longTasks,
    embedLongestMs: embed.longestMs,
    cls: r.cls,
    scriptMs,
    embedBeforeMs: embed.beforeMs,
    embedAfterMs: embed.afterMs,
    triggerToVisible: r.triggerToVisible,
    triggerToSettled: r.triggerToSettled,
    triggerToScript: r.triggerToScript,
    triggerToFrame: r.triggerToFrame,
    triggerToStyled: r.triggerToStyled,
    warmToTrigger: r.warmToTrigger,
    scriptBytes: r.scriptBytes,
    embedBytes: rewritten ? r.embedBytes - r.routed + rewritten() : r.embedBytes,
    popupBefore: r.popupBefore,
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
