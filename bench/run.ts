/**
 * `npm run bench` (issue 7): bytes of every output beside its peers, and what the embed costs a host page in Chromium
 * with the CPU slowed 4x, over at least 7 runs per case (BENCH_RUNS to change), as medians and ratios.
 * Writes bench/RESULTS.md (committed) and bench/raw/results.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blogRoute } from '../src/blog/server/routes';
import { startProvider } from '../src/server/app';
import { launch } from '../test/browser/harness';
import { median, sample, throttledPage, type Sample } from './page-cost';
import { sizeTable, type SizeRow } from './sizes';

const root = process.cwd();
const RUNS = Math.max(7, Number(process.env.BENCH_RUNS) || 7);

/** The page-cost cases, each sampled RUNS times. */
type Case = 'alone' | 'loaderOnly' | 'cold' | 'cached';

async function pageCost(url: string): Promise<Record<Case, Sample[]>> {
  const browser = await launch();
  const out: Record<Case, Sample[]> = { alone: [], loaderOnly: [], cold: [], cached: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      // The blog page alone: the embed is refused.
      {
        const { context, page } = await throttledPage(browser, null);
        out.alone.push(await sample(page, url, { block: true, settleMs: 2500 }));
        await context.close();
      }
      // The loader alone up to and past its trigger, popup.js refused: its main-thread cost on the host page.
      {
        const { context, page } = await throttledPage(browser, null);
        await page.route('**/popup.js', (r) => r.abort());
        out.loaderOnly.push(await sample(page, url, { settleMs: 2500 }));
        await context.close();
      }
      // Cold: a new context, nothing cached.
      {
        const { context, page } = await throttledPage(browser, null);
        out.cold.push(await sample(page, url, { popup: true }));
        await context.close();
      }
    }
    // Cached: one context, warmed once, then RUNS loads with popup.js and the stylesheets from the cache.
    const { context, page } = await throttledPage(browser, null);
    await sample(page, url, { popup: true });
    for (let i = 0; i < RUNS; i++) {
      const p = (await throttledPage(browser, context)).page;
      out.cached.push(await sample(p, url, { popup: true }));
      await p.close();
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return out;
}

const fmt = (n: number | null, digits = 0) => (n === null ? 'n/a' : n.toFixed(digits));
const kb = (n: number) => (n / 1000).toFixed(2) + ' kB';

function sizeMarkdown(rows: SizeRow[]): string {
  const lines = ['| output | raw | gzip | brotli |', '|---|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.kind === 'peer' ? '_peer:_ ' : ''}${r.name} | ${r.raw} | ${r.gzip} | ${r.brotli} |`);
  return lines.join('\n');
}

async function main() {
  const sizes = await sizeTable(root);
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const provider = await startProvider({ dbPath: join(dir, 'bench.db'), distDir: join(root, 'dist'), routes: [blogRoute], quiet: true });
  let cost: Record<Case, Sample[]>;
  try {
    cost = await pageCost(provider.origin + '/');
  } finally {
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const m = (c: Case, k: keyof Sample) => median(cost[c].map((s) => s[k]));
  const by = (name: string) => sizes.find((r) => r.name.includes(name));
  const loader = by('popup/embed.js')!;
  const popup = by('1.0/popup.js')!;
  const blog = by('blog/blog.js');
  const jq = by('Migrate');
  const react = by('react + react-dom');
  const ghost = by('tryghost');
  const loaderMs = (m('loaderOnly', 'scriptMs') ?? 0) - (m('alone', 'scriptMs') ?? 0);
  const targets: [string, string, string, boolean][] = [
    ['loader brotli', '≤ 1.0 kB', kb(loader.brotli), loader.brotli <= 1000],
    ['popup.js brotli', '≤ 12 kB', kb(popup.brotli), popup.brotli <= 12000],
    ['blog script brotli', '≤ 2.5 kB', blog ? kb(blog.brotli) : 'n/a', !!blog && blog.brotli <= 2500],
    ['long tasks from the embed at 4x', '0', fmt((m('cold', 'longTasks') ?? 0) - (m('alone', 'longTasks') ?? 0)), (m('cold', 'longTasks') ?? 0) <= (m('alone', 'longTasks') ?? 0)],
    ['layout shift with the embed', '0', fmt(m('cold', 'cls'), 4), (m('cold', 'cls') ?? 1) === 0],
    ['trigger to visible, popup.js cached', '≤ 150 ms', fmt(m('cached', 'triggerToVisible')) + ' ms', (m('cached', 'triggerToVisible') ?? 1e9) <= 150],
  ];
  const caseRows = (['alone', 'loaderOnly', 'cold', 'cached'] as Case[]).map((c) => {
    const label = { alone: 'blog page alone', loaderOnly: 'with embed.js, popup.js refused', cold: 'with the embed, popup.js cold', cached: 'with the embed, popup.js cached' }[c];
    return `| ${label} | ${fmt(m(c, 'tbt'))} | ${fmt(m(c, 'longTasks'))} | ${fmt(m(c, 'cls'), 4)} | ${fmt(m(c, 'scriptMs'), 1)} | ${fmt(m(c, 'triggerToVisible'))} | ${fmt(m(c, 'scriptBytes'))} | ${fmt((m(c, 'heap') ?? 0) / 1e6, 2)} |`;
  });
  const md = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Chromium ${'(Debian)'} through playwright-core,
CPU slowed 4x (DevTools Protocol), ${RUNS} runs per case, medians. The machine has 2 cores.

## Targets

| figure | target | measured | met |
|---|---|---|---|
${targets.map(([a, b, c, ok]) => `| ${a} | ${b} | ${c} | ${ok ? 'yes' : '**no**'} |`).join('\n')}

## Bytes

${sizeMarkdown(sizes)}

Ratios (brotli): popup.js is ${react ? (react.brotli / popup.brotli).toFixed(1) : 'n/a'}x smaller than the same popup on
real React, and ${ghost ? (ghost.brotli / (popup.brotli + loader.brotli)).toFixed(1) : 'n/a'}x smaller than Ghost's signup form
(embed.js + popup.js against its UMD bundle); blog.js is ${blog && jq ? (jq.brotli / blog.brotli).toFixed(1) : 'n/a'}x smaller than jQuery 1.12.4 + Migrate alone.

## Cost to the host page (blog home page, medians)

| case | TBT ms | long tasks | CLS | script ms | trigger→visible ms | script bytes | heap MB |
|---|---:|---:|---:|---:|---:|---:|---:|
${caseRows.join('\n')}

The loader's main-thread time on the host page (script ms with embed.js and popup.js refused, minus the page alone):
${fmt(loaderMs, 1)} ms at 4x.
`;
  mkdirSync(join(root, 'bench/raw'), { recursive: true });
  writeFileSync(join(root, 'bench/raw/results.json'), JSON.stringify({ runs: RUNS, sizes, cost }, null, 2));
  writeFileSync(join(root, 'bench/RESULTS.md'), md);
  console.log(md);
}

await main();
