/**
 * `npm run bench` (issue 7): bytes of every output beside its peers, what the embed costs a host page in Chromium
 * with the CPU slowed 4x over at least 7 runs per case (BENCH_RUNS raises it; fewer runs is a trial that writes only
 * bench/raw/), as medians and ratios, and the provider under load (bench/load.ts, BENCH_LOAD_SECONDS per case).
 * Writes bench/RESULTS.md (committed) and bench/raw/results.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { createBlogRoute } from '../src/blog/server/routes';
import { startProvider } from '../src/server/app';
import { launch } from '../test/browser/harness';
import { providerLoad, type LoadResult } from './load';
import { median, sample, SLOW_4G, throttledPage, type Sample } from './page-cost';
import { snapshot } from './snapshot';
import { popupComposition, sizeTable, type Part, type SizeRow } from './sizes';

const root = process.cwd();
const MIN_RUNS = 7;
const RUNS = Number(process.env.BENCH_RUNS) || MIN_RUNS;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 10;
/** BENCH_NETWORK=loopback measures without network emulation. */
const NETWORK = process.env.BENCH_NETWORK == 'loopback' ? null : SLOW_4G;
/** Quiet time after load before the page is sampled or scrolled, ms (at 4x the blog's own scripts take ~0.5 s). */
const SETTLE_MS = 1500;

/** The page-cost cases, each sampled RUNS times. */
type Case = 'alone' | 'idle' | 'cold' | 'cached';
const CASES: Case[] = ['alone', 'idle', 'cold', 'cached'];
const LABEL: Record<Case, string> = {
  alone: 'blog page alone (embed.js refused)',
  idle: 'with the embed, trigger not reached',
  cold: 'with the embed, popup opened, popup.js cold',
  cached: 'with the embed, popup opened, popup.js cached',
};

async function pageCost(url: string): Promise<Record<Case, Sample[]>> {
  const browser = await launch();
  const out: Record<Case, Sample[]> = { alone: [], idle: [], cold: [], cached: [] };
  try {
    // The cached case: one context warmed once (popup.js and its stylesheets are immutable, spec 7.2), a new page
    // per run. Playwright turns the HTTP cache off for pages with routes, so it has none.
    const warm = await throttledPage(browser, null, 4, NETWORK);
    await sample(browser, warm.page, warm.cdp, url, { popup: true, settleMs: SETTLE_MS });
    await warm.page.close();
    // Cases interleaved run by run, so a slow moment of the machine touches all of them alike.
    for (let i = 0; i < RUNS; i++) {
      for (const c of CASES) {
        // Others rebuilding dist/ meanwhile can make one load fail: it is retried, twice at most.
        for (let attempt = 1; ; attempt++) {
          const t = await throttledPage(browser, c == 'cached' ? warm.context : null, 4, NETWORK);
          try {
            out[c].push(
              await sample(browser, t.page, t.cdp, url, {
                block: c == 'alone',
                popup: c == 'cold' || c == 'cached',
                settleMs: SETTLE_MS,
              }),
            );
            break;
          } catch (e) {
            process.stderr.write(
              `page cost: run ${i + 1}, ${c}, attempt ${attempt} failed: ${(e as Error).message.split('\n')[0]}\n`,
            );
            if (attempt == 3) throw e;
          } finally {
            if (c == 'cached') await t.page.close();
            else await t.context.close();
          }
        }
      }
      process.stderr.write(`page cost: run ${i + 1}/${RUNS}\n`);
    }
    await warm.context.close();
  } finally {
    await browser.close();
  }
  return out;
}

const fmt = (n: number | null, digits = 0) => (n === null ? 'n/a' : n.toFixed(digits));
const kb = (n: number) => (n / 1000).toFixed(2) + ' kB';
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

function sizeMarkdown(rows: SizeRow[]): string {
  const lines = ['| output | raw | gzip | brotli |', '|---|---:|---:|---:|'];
  for (const r of rows)
    lines.push(`| ${r.kind === 'peer' ? '_peer:_ ' : ''}${r.name} | ${r.raw} | ${r.gzip} | ${r.brotli} |`);
  return lines.join('\n');
}

function partsMarkdown(parts: Part[]): string {
  const total = parts.reduce((n, p) => n + p.bytes, 0);
  return parts.map((p) => `${p.name} ${p.bytes} (${Math.round((p.bytes * 100) / total)} %)`).join(', ');
}

function loadMarkdown(rows: LoadResult[] | string): string {
  if (typeof rows == 'string') return `Not measured: ${rows}`;
  const lines = [
    '| case | requests/s | p99 ms | errors | non-2xx | total | server CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p99ms} | ${r.errors} | ${r.non2xx} | ${r.total} | ` +
        `${r.cpuUsPerRequest ?? 'n/a'} |`,
    );
  return lines.join('\n');
}

/**
 * bench/load.ts's runner, given up after a bound: when its server exits before listening, the runner would wait for
 * an exit event that has already happened.
 */
async function loadWithin(seconds: number, server: string): Promise<LoadResult[]> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('the load runner did not finish (did its server start?)')),
      (seconds * 2 + 60) * 1000,
    );
  });
  try {
    return await Promise.race([providerLoad(seconds, server), bound]);
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const t0 = Date.now();
  const snap = snapshot(root, 'bench');
  const sizes = await sizeTable(root, snap.dist);
  const parts = await popupComposition(root);
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const provider = await startProvider({
    dbPath: join(dir, 'bench.db'),
    distDir: snap.dist,
    routes: [createBlogRoute({ contentDir: join(root, 'content'), distDir: snap.dist })],
    quiet: true,
  });
  let cost: Record<Case, Sample[]>;
  try {
    cost = await pageCost(provider.origin + '/');
  } finally {
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // The load runs after the browser is gone: it wants both cores.
  let load: LoadResult[] | string;
  try {
    load = await loadWithin(LOAD_SECONDS, snap.server);
  } catch (e) {
    load = String((e as Error).message || e);
  }
  const seconds = Math.round((Date.now() - t0) / 1000);

  const m = (c: Case, k: keyof Sample) => median(cost[c].map((s) => s[k]));
  const by = (name: string) => sizes.find((r) => r.name == name || r.name.includes(name));
  const loader = by('popup/embed.js')!;
  const popup = by('1.0/popup.js')!;
  const extras = by('1.0/form-extras.js');
  const countries = by('1.0/countries.js');
  const blog = by('blog/blog.js');
  const jq = by('Migrate');
  const react = by('react + react-dom');
  const ghost = by('tryghost');
  const embedLong = Math.max(
    m('idle', 'embedLongTasks') ?? 0,
    m('cold', 'embedLongTasks') ?? 0,
    m('cached', 'embedLongTasks') ?? 0,
  );
  const embedLongMax = Math.max(
    ...(['idle', 'cold', 'cached'] as Case[]).flatMap((c) => cost[c].map((s) => s.embedLongTasks)),
  );
  // Layout shift and embed long tasks are judged on every run, not the median: one shift or one long task in seven
  // loads is one too many for the claim.
  const clsAlone = Math.max(...cost.alone.map((x) => x.cls));
  const clsEmbed = Math.max(...(['idle', 'cold', 'cached'] as Case[]).flatMap((c) => cost[c].map((x) => x.cls)));
  const cachedVisible = m('cached', 'triggerToVisible');
  const targets: [string, string, string, boolean][] = [
    ['loader (embed.js) brotli', '≤ 1.0 kB', kb(loader.brotli), loader.brotli <= 1000],
    ['popup.js brotli', '≤ 12 kB', kb(popup.brotli), popup.brotli <= 12000],
    ['blog script brotli', '≤ 2.5 kB', blog ? kb(blog.brotli) : 'n/a', !!blog && blog.brotli <= 2500],
    [
      'long tasks holding embed work at 4x',
      '0 in every run',
      `median ${fmt(embedLong)}, most in one run ${embedLongMax}`,
      embedLongMax == 0,
    ],
    [
      'layout shift with the embed',
      '0 in every run',
      `largest ${fmt(clsEmbed, 4)} (page alone: largest ${fmt(clsAlone, 4)})`,
      clsEmbed == 0,
    ],
    [
      'trigger → visible, popup.js cached',
      '≤ 150 ms',
      fmt(cachedVisible) + ' ms',
      cachedVisible !== null && cachedVisible <= 150,
    ],
  ];
  // Issue 8's load targets on 2 cores, from the load run (a row each, so a miss shows as plainly as a byte miss).
  const loadRow = (part: string) => (Array.isArray(load) ? load.find((r) => r.name.includes(part)) : undefined);
  for (const [part, label, rps] of [
    ['settings', 'form-settings requests per second', 5000],
    ['post', 'subscribes (form-post-json) per second', 1000],
  ] as const) {
    const r = loadRow(part);
    const errs = r ? r.errors + r.non2xx : 0;
    targets.push([
      label + ', zero errors',
      `≥ ${rps.toLocaleString('en')}, 0 errors`,
      r ? `${Math.round(r.requestsPerSecond).toLocaleString('en')}, ${errs} errors` : 'n/a',
      !!r && r.requestsPerSecond >= rps && errs == 0,
    ]);
  }
  const alone = (k: keyof Sample) => m('alone', k) ?? 0;
  const delta = (c: Case, k: keyof Sample, digits = 0, scale = 1) => {
    const v = m(c, k);
    if (v === null) return 'n/a';
    const d = (v - alone(k)) / scale;
    return c == 'alone' ? fmt(v / scale, digits) : `${fmt(v / scale, digits)} (${d >= 0 ? '+' : ''}${fmt(d, digits)})`;
  };
  const caseRows = CASES.map(
    (c) =>
      `| ${LABEL[c]} | ${delta(c, 'tbt')} | ${delta(c, 'longTasks')} | ${fmt(m(c, 'embedLongTasks'))} | ` +
      `${fmt(m(c, 'cls'), 4)} | ${delta(c, 'scriptMs', 1)} | ${fmt(m(c, 'embedBeforeMs'), 1)} | ` +
      `${fmt(m(c, 'embedAfterMs'), 1)} | ${fmt(m(c, 'triggerToVisible'))} | ${fmt(m(c, 'triggerToSettled'))} | ` +
      `${delta(c, 'scriptBytes')} | ${delta(c, 'heap', 2, 1e6)} |`,
  );
  const spread = (c: Case, k: keyof Sample) => {
    const v = cost[c].map((s) => s[k]).filter((x): x is number => typeof x == 'number');
    return v.length ? `${fmt(Math.min(...v))}–${fmt(Math.max(...v))}` : 'n/a';
  };
  const gap = (c: Case) =>
    median(
      cost[c].map((x) =>
        x.triggerToSettled !== null && x.triggerToVisible !== null ? x.triggerToSettled - x.triggerToVisible : null,
      ),
    );
  const ratio = (a: number | undefined, b: number) => (a ? (a / b).toFixed(1) + 'x' : 'n/a');
  const costHead =
    '| case | TBT ms | long tasks | long tasks holding embed work | CLS | page script ms | embed ms before trigger | ' +
    'embed ms after trigger | trigger → visible ms | trigger → animation done ms | script bytes | JS heap MB |';
  const stepHead =
    '| case | popup.js starts running (fetched, compiled) | popup mounted (frame rendered, hidden) | ' +
    'frame shown (stylesheets loaded) | frame painted visible | animation done |';
  const stepRows = (['cold', 'cached'] as Case[]).map(
    (c) =>
      `| ${LABEL[c]} | ${fmt(m(c, 'triggerToScript'))} (${spread(c, 'triggerToScript')}) | ` +
      `${fmt(m(c, 'triggerToFrame'))} (${spread(c, 'triggerToFrame')}) | ` +
      `${fmt(m(c, 'triggerToStyled'))} (${spread(c, 'triggerToStyled')}) | ` +
      `${fmt(m(c, 'triggerToVisible'))} (${spread(c, 'triggerToVisible')}) | ` +
      `${fmt(m(c, 'triggerToSettled'))} (${spread(c, 'triggerToSettled')}) |`,
  );
  const md = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} in ${seconds} s: Debian's Chromium through
playwright-core on a ${cpus().length}-core machine, CPU slowed 4x (DevTools Protocol), ${RUNS} runs per case, medians.

## Targets

| figure | target | measured | met |
|---|---|---|---|
${targets.map(([a, b, c, ok]) => `| ${a} | ${b} | ${c} | ${yes(ok)} |`).join('\n')}

## Bytes

Every output of \`dist/\` (the 1.1/ and unique-methods/ copies are byte-identical to the rows shown), gzip level 9,
brotli quality 11, beside peers built or read from npm in the same run.

${sizeMarkdown(sizes)}

Where popup.js's bytes come from (minified bytes by source before the last minifier pass, esbuild's metafile):
${partsMarkdown(parts)}.

Ratios (brotli):
- popup.js on preact/compat against the same popup built with real react and react-dom:
  ${ratio(react?.brotli, popup.brotli)} smaller;
- embed.js + popup.js against Ghost's signup form UMD bundle: ${ratio(ghost?.brotli, popup.brotli + loader.brotli)}
  smaller; with form-extras.js and countries.js too (a form using every feature):
  ${ratio(ghost?.brotli, popup.brotli + loader.brotli + (extras?.brotli ?? 0) + (countries?.brotli ?? 0))} smaller;
- blog.js against jQuery 1.12.4 + Migrate 1.4.1 (what a classic theme loads before its own script):
  ${blog ? ratio(jq?.brotli, blog.brotli) : 'n/a'} smaller.

## Cost to the host page

The blog's home page (\`/\`) at 1280x800, served by the reference provider on loopback, ${
    NETWORK
      ? `the network emulated
as Lighthouse's mobile profile (${NETWORK.latency} ms round trip,
${Math.round((NETWORK.downloadThroughput * 8) / 1024)} kbit/s down)`
      : 'no network emulation'
  }; the browser
takes gzip over plain HTTP, so wire bytes are gzip. Its demo form is the slide-in, opened when the reader
passes the middle of the page: the bench waits ${SETTLE_MS} ms after \`load\` and the settings answer, then scrolls
to the bottom. Medians of ${RUNS} runs; in brackets, the difference from the page alone.

${costHead}
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${caseRows.join('\n')}

Where trigger → visible goes (medians, ms from the trigger; min–max over the runs in brackets):

${stepHead}
|---|---:|---:|---:|---:|---:|
${stepRows.join('\n')}

Of the dialog's 0.3 s opening animation, the reader sees ${fmt(gap('cold'))} ms with popup.js cold and
${fmt(gap('cached'))} ms with it cached (median time from the frame painted visible to the animation done). The
animation starts when the stylesheets apply, and the frame stays hidden until their load events: what is left of it
when the frame is shown is what shows.

How the figures are taken (bench/page-cost.ts):
- **TBT** is the sum over all long tasks of the page (PerformanceObserver \`longtask\`, from navigation to the sample)
  of their time past 50 ms; **long tasks** counts them. **Long tasks holding embed work** are trace \`RunTask\`s over
  50 ms that contain any embed script time.
- **Embed ms** is the embed's own main-thread script time from a Chromium trace: evaluations and calls of embed.js,
  popup.js and the provider's JSONP answers, split at the trigger. Before the trigger it is the loader's whole cost to
  a reader who never reaches the trigger. Style, layout and paint of the popup's frame are not in it.
- **Trigger → visible** runs from the loader's trigger call (the moment it hands over to popup.js, before popup.js is
  requested) to the end of the first frame painted with the popup's frame visible: the frame stays
  \`visibility: hidden\` until its stylesheets load, so a frame merely in the DOM does not count. The dialog then slides
  in (0.3 s, spec 4.3): **trigger → animation done**.
- **Page script ms** is CDP \`ScriptDuration\` of the whole page; **script bytes** is the transfer size of the top
  document's scripts (0 for those from the cache); **JS heap** is used heap after a forced collection.

## Provider under load

bench/load.ts: autocannon, 50 connections, ${LOAD_SECONDS} s per case, against \`dist-node/main.mjs\` in its own process
with a fresh SQLite file (rate limits off), after the browser runs. Issue 8's targets on 2 cores: 5,000 form-settings
requests per second, 1,000 subscribes per second, zero errors. Requests per second depend on what else the machine
runs at the time; server CPU per request much less.

${loadMarkdown(load)}
`;
  mkdirSync(join(root, 'bench/raw'), { recursive: true });
  writeFileSync(
    join(root, 'bench/raw/results.json'),
    JSON.stringify({ runs: RUNS, seconds, sizes, popupParts: parts, cost, load }, null, 2),
  );
  if (RUNS >= MIN_RUNS) writeFileSync(join(root, 'bench/RESULTS.md'), md);
  else console.error(`BENCH_RUNS=${RUNS} is a trial (fewer than ${MIN_RUNS} runs): bench/RESULTS.md left as it was`);
  console.log(md);
}

await main();
