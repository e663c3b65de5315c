/**
 * What the embed's long tasks are made of (issue 12.2): loads the blog's home page of this build (its form opens past
 * the middle of the page) in Chromium with the CPU slowed 4x and the network at Lighthouse's slow 4G, lets the warm-up
 * run, scrolls to the trigger, and prints every main-thread task over `LIMIT_MS` (default 40 ms), the embed's marked,
 * each with its events over 1.5 ms in time order (script evaluations and calls by URL and function, parsing, style,
 * layout). MODE as the bench's cases (bench/cost-cases.ts): `warmed` (the default: scrolled 2.5 s after load), `cold`
 * (scrolled as soon as the settings call is made) or `cached` (warmed, after earlier visits filled the caches).
 * A tool for finding what to split, not a figure for RESULTS.md: `node bench/tsrun.mjs bench/long-tasks.ts [runs]`.
 */
import { join } from 'node:path';
import { launch } from '../test/browser/harness';
import { throttledPage, type TraceEvent } from './page-cost';
import { startServer } from './server';

const LIMIT_MS = Number(process.env.LIMIT_MS) || 40;
const RUNS = Number(process.argv[2]) || 3;
const MODE = process.env.MODE || 'warmed';

/** A trace event, with what is read here of layout and style events. */
interface Ev extends TraceEvent {
  args?: TraceEvent['args'] & {
    data?: { functionName?: string };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    elementCount?: number;
  };
}

const EMBED = /\/(embed(-full|-extras)?\.js|popup\.js|form-(extras|actions)\.js)|\/subscribe\//;

/** One event's label: its name, and for script work the file and function. */
const label = (e: Ev) => {
  const d = e.args?.data;
  const url = d?.url ? d.url.replace(/^.*\//, '') : '';
  const b = e.args?.beginData;
  // Layout: how much of which document; style: how many elements.
  const what = b && b.totalObjects ? `${b.dirtyObjects}/${b.totalObjects} objects` : '';
  const count = e.args?.elementCount ? `${e.args.elementCount} elements` : '';
  return [e.name, url, d?.functionName, what, count].filter(Boolean).join(' ');
};

async function main() {
  const server = await startServer(join(process.cwd(), 'dist-node/main.mjs'));
  const browser = await launch();
  try {
    for (let run = 1; run <= RUNS; run++) {
      const { context, page } = await throttledPage(browser, null);
      // Three earlier visits: the HTTP cache, and V8's code cache, which Chromium fills from the second load on.
      for (let i = 0; MODE == 'cached' && i < 3; i++) {
        await page.goto(server.origin + '/', { waitUntil: 'load' });
        await page.waitForTimeout(2500);
      }
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'],
      });
      const settings = page.waitForRequest((r) => r.url().includes('/subscribe/form-settings'));
      await page.goto(server.origin + '/', { waitUntil: 'load' });
      if (MODE == 'cold') await settings;
      else await page.waitForTimeout(2500);
      await page.evaluate(() => {
        console.timeStamp('long-tasks-scroll');
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.waitForTimeout(2500);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: Ev[] };
      await context.close();
      const events = trace.traceEvents;
      const mains = new Set(
        events
          .filter((e) => e.ph == 'M' && e.name == 'thread_name' && e.args?.name == 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const onMain = (e: Ev) => mains.has(`${e.pid}:${e.tid}`) && e.ph == 'X' && !!e.dur;
      const tasks = events.filter((e) => onMain(e) && e.name == 'RunTask' && e.dur! > LIMIT_MS * 1000);
      // Task times are printed relative to the scroll that fires the trigger (negative: before it).
      const scroll = events.find((e) => e.name == 'TimeStamp' && JSON.stringify(e.args).includes('long-tasks-scroll'));
      const at = (e: Ev) => (scroll ? `${((e.ts - scroll.ts) / 1000).toFixed(0)} ms` : '');
      console.log(`run ${run}: ${tasks.length} task(s) over ${LIMIT_MS} ms`);
      for (const t of tasks) {
        const inside = events.filter(
          (e) => onMain(e) && e != t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e.pid == t.pid,
        );
        const embed = inside.some((e) => EMBED.test(e.args?.data?.url || ''));
        // In time order, indented by nesting: what runs inside what.
        const open: Ev[] = [];
        const top = inside
          .filter((e) => e.dur! > 1500)
          .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
          .map((e) => {
            while (open.length && open[open.length - 1].ts + open[open.length - 1].dur! <= e.ts) open.pop();
            const depth = open.length;
            open.push(e);
            return `    ${(e.dur! / 1000).toFixed(1).padStart(6)} ms  ${'  '.repeat(depth)}${label(e)}`;
          });
        console.log(`  ${(t.dur! / 1000).toFixed(1)} ms at ${at(t)}${embed ? ' (embed)' : ''}\n${top.join('\n')}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
