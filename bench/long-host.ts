/**
 * A modal on a long host page (issue 36 part 4): the tasks over 20 ms around its reveal, each with its style, layout,
 * paint and script events over 1.5 ms, in Chromium slowed 4x. The host is N articles (default 1,500, some 12,000
 * elements; bench/long-page.ts); the form's delay is DELAY seconds (default 3: prepared when idle, then revealed; 0:
 * prepared on the trigger). Serves this build's dist/ (the current folder's) through the test harness. A tool for
 * finding where the host's style recalculation lands, not a figure for RESULTS.md:
 * `node bench/tsrun.mjs bench/long-host.ts [runs]`.
 */
import { launch, snippetPage, startFixture } from '../test/browser/harness';
import { longBody } from './long-page';
import { throttledPage, type TraceEvent } from './page-cost';

const N = Number(process.env.N) || 1500;
const RUNS = Number(process.argv[2]) || 3;
const SHOWN = /UpdateLayoutTree|^Layout$|FunctionCall|EvaluateScript|Paint$|ParseHTML/;

/** A trace event with the fields read here. */
type Ev = TraceEvent & { args?: { elementCount?: number; data?: { url?: string } } };

/** One event's label: its name, the elements a style recalculation touched, the file of a script, its time. */
const label = (e: Ev) => {
  const count = e.args?.elementCount ? `(${e.args.elementCount})` : '';
  const url = e.args?.data?.url ? `[${e.args.data.url.replace(/.*\//, '').slice(0, 20)}]` : '';
  return `${e.name}${count}${url} ${(e.dur! / 1000).toFixed(1)}`;
};

const fx = await startFixture();
const browser = await launch();
const fields = [{ type: 'email', name: 'EMAIL', label: 'Email', required: true, merge_id: 0 }];
fx.forms.set('acctLong', { settings: { fields, popupDelay: Number(process.env.DELAY ?? 3) } });
const url = fx.page('long.html', snippetPage(fx, { baseUrl: fx.host, uuid: 'acctLong', lid: 'list1' }, longBody(N)));
for (let r = 0; r < RUNS; r++) {
  const { context, page } = await throttledPage(browser, null, 4, null);
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];
  await browser.startTracing(page, { categories });
  await page.goto(url.replace('//127.0.0.1:', '//localhost:'));
  // Waited from outside: a polling wait would run script in the page, and a layout read there would take the work.
  await page.waitForTimeout(8000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Ev[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: Ev) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && !!e.dur;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur! > 20000).sort((a, b) => a.ts - b.ts);
  console.log(`run ${r + 1}`);
  for (const t of tasks.slice(-8)) {
    const inner = events.filter(
      (e) => onMain(e) && e.ts >= t.ts && e.ts < t.ts + t.dur! && SHOWN.test(e.name) && e.dur! > 1500,
    );
    console.log(`  ${(t.dur! / 1000).toFixed(1)} ms: ${inner.map(label).join(', ')}`);
  }
  await context.close();
}
await browser.close();
await fx.close();
