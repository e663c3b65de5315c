/**
 * What the embed's long tasks are made of (issue 12.2): samples the blog's home page of this build as the bench does
 * (bench/page-cost.ts `sample`: CPU slowed 4x, Lighthouse's slow 4G, scrolled to the trigger of its form) and prints
 * every main-thread task over `LIMIT_MS` (default 40 ms), the embed's marked, each with its events over 1.5 ms in time
 * order (script evaluations and calls by URL, parsing, style, layout) and its time from the start of the scroll. MODE
 * is one of the bench's opened cases (bench/cost-cases.ts): `intent` (the default: scrolled at a reader's pace), `cold`
 * or `cached`; or one of its bare cases (bench/bare-cases.ts: Chromium on a bare DevTools pipe; no scroll time is
 * printed there): `bare-cold`, `bare-intent`, `bare-submit`. `TRACE_CATS` adds trace categories (`blink,fonts` shows a
 * layout's font look-ups and a frame's creation; it slows both). A tool for finding what to split, not a figure for
 * RESULTS.md: `node bench/tsrun.mjs bench/long-tasks.ts [runs]`.
 */
import { join } from 'node:path';
import { launch } from '../test/browser/harness';
import { BareChromium } from './bare-cdp';
import { type BareCase, bareSample } from './bare-cases';
import { embedFrames, holdsEmbedWork, READER_PACE, SLOW_4G, sample, throttledPage, type TraceEvent } from './page-cost';
import { startServer } from './server';

const LIMIT_MS = Number(process.env.LIMIT_MS) || 40;
const RUNS = Number(process.argv[2]) || 3;
const MODE = process.env.MODE || 'intent';
/** Events shorter than this (µs) are left out of a task's lines. */
const INNER_US = (Number(process.env.INNER_MS) || 1.5) * 1000;

/** A trace event, with what is read here of layout and style events. */
interface Ev extends TraceEvent {
  args?: TraceEvent['args'] & {
    data?: { functionName?: string };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    elementCount?: number;
  };
}

/** One event's label: its name, and for script work the file and function. */
const label = (e: Ev) => {
  const d = e.args?.data;
  const url = d?.url ? d.url.replace(/^.*\//, '') : '';
  const b = e.args?.beginData;
  // Layout: how much of which document; style: how many elements.
  const what = b?.totalObjects ? `${b.dirtyObjects}/${b.totalObjects} objects` : '';
  const count = e.args?.elementCount ? `${e.args.elementCount} elements` : '';
  return [e.name, url, d?.functionName, what, count].filter(Boolean).join(' ');
};

/** Prints the tasks of one load over LIMIT_MS, the embed's marked, each with its events over 1.5 ms. */
function explain(run: number, events: Ev[]) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: Ev) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && !!e.dur;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur! > LIMIT_MS * 1000);
  const frames = embedFrames(events);
  // Task times relative to the scroll that fires the trigger (negative: before it).
  const scroll = events.find((e) => e.name === 'TimeStamp' && JSON.stringify(e.args).includes('bench-scroll'));
  const at = (e: Ev) => (scroll ? ` at ${((e.ts - scroll.ts) / 1000).toFixed(0)} ms` : '');
  console.log(`run ${run}: ${tasks.length} task(s) over ${LIMIT_MS} ms`);
  for (const t of tasks) {
    const inside = events.filter(
      (e) => onMain(e) && e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e.pid === t.pid,
    );
    // The bench's rule (bench/page-cost.ts): embed script, or work in a frame of the popup.
    const embed = holdsEmbedWork(t, frames, events);
    // In time order, indented by nesting: what runs inside what.
    const open: Ev[] = [];
    const lines = inside
      .filter((e) => e.dur! > INNER_US)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
      .map((e) => {
        while (open.length && open[open.length - 1].ts + open[open.length - 1].dur! <= e.ts) open.pop();
        const depth = open.length;
        open.push(e);
        return `    ${(e.dur! / 1000).toFixed(1).padStart(6)} ms  ${'  '.repeat(depth)}${label(e)}`;
      });
    console.log(`  ${(t.dur! / 1000).toFixed(1)} ms${at(t)}${embed ? ' (embed)' : ''}\n${lines.join('\n')}`);
  }
}

/** The bare cases, as bench/run.ts runs them (Lighthouse's slow 4G, 1500 ms of quiet after the settings answer). */
async function bare(url: string, k: BareCase) {
  const c = BareChromium.start();
  try {
    for (let run = 1; run <= RUNS; run++)
      await bareSample(c, url, k, {
        network: SLOW_4G,
        settleMs: 1500,
        run,
        onTrace: (events) => explain(run, events as Ev[]),
      });
  } finally {
    await c.stop();
  }
}

/** The Playwright cases, as bench/cost-cases.ts samples them. */
async function playwright(url: string) {
  const browser = await launch();
  try {
    // `cached`, as the bench does (bench/cost-cases.ts): one context for every run, sampled once before them (its
    // HTTP cache, and V8's code cache, which Chromium fills from the second load on), a new page per run.
    const shared = MODE === 'cached' ? await throttledPage(browser, null) : null;
    if (shared) {
      await sample(browser, shared.page, shared.cdp, url, { popup: true });
      await shared.page.close();
    }
    for (let run = 1; run <= RUNS; run++) {
      const t = await throttledPage(browser, shared?.context ?? null);
      await sample(browser, t.page, t.cdp, url, {
        popup: true,
        pace: MODE === 'intent' ? READER_PACE : undefined,
        settleMs: MODE === 'cold' ? 0 : undefined,
        onTrace: (events) => explain(run, events as Ev[]),
      });
      if (shared) await t.page.close();
      else await t.context.close();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const server = await startServer(join(process.cwd(), 'dist-node/main.mjs'));
  const url = server.origin + '/';
  try {
    if (MODE.startsWith('bare-')) await bare(url, MODE.slice(5) as BareCase);
    else await playwright(url);
  } finally {
    await server.stop();
  }
}

await main();
