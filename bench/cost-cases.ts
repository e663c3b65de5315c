/**
 * The page-cost cases of `npm run bench`, run against several builds side by side (issue 12): each case's runs
 * interleaved build by build (A B A B …), so a slow moment of the shared machine touches every build alike, and the
 * bytes the embed fetches before each kind of trigger.
 */
import type { Browser } from 'playwright-core';
import { launch } from '../test/browser/harness';
import { bytesBeforeTrigger, type Network, sample, type Sample, throttledPage } from './page-cost';

/** A build under test: its name in the tables and the origin of its server (the blog at /). */
export interface Build {
  name: string;
  origin: string;
}

/** The page-cost cases. */
export type Case = 'alone' | 'idle' | 'cold' | 'warmed' | 'cached';
export const CASES: Case[] = ['alone', 'idle', 'cold', 'warmed', 'cached'];
/** The cases that open the popup. */
export const OPENED: Case[] = ['cold', 'warmed', 'cached'];
export const LABEL: Record<Case, string> = {
  alone: 'blog page alone (embed.js refused)',
  idle: 'with the embed, trigger not reached',
  cold: 'popup opened as soon as the settings answer (nothing warmed, popup.js not cached)',
  warmed: 'popup opened after the page settled (whatever the build prepares meanwhile; popup.js not cached)',
  cached: 'popup opened after the page settled, popup.js cached from an earlier visit',
};

/** How the cases are run. */
export interface CostOptions {
  runs: number;
  network: Network | null;
  /** Quiet time after load and the settings answer before the trigger (warmed, cached) or the sample (idle). */
  settleMs: number;
}

/** Every sample, by build name, then by case. */
export type CostSamples = Record<string, Record<Case, Sample[]>>;

/** Runs every case `runs` times on the blog's home page of every build, interleaved. */
export async function pageCosts(builds: Build[], o: CostOptions): Promise<CostSamples> {
  const browser = await launch();
  const out: CostSamples = {};
  try {
    // The cached case: one context per build, warmed once (popup.js and its stylesheets are immutable, spec 7.2), a
    // new page per run. Playwright turns the HTTP cache off for pages with routes, so it has none.
    const warm = new Map<string, Awaited<ReturnType<typeof throttledPage>>>();
    for (const b of builds) {
      out[b.name] = { alone: [], idle: [], cold: [], warmed: [], cached: [] };
      const w = await throttledPage(browser, null, 4, o.network);
      await sample(browser, w.page, w.cdp, b.origin + '/', { popup: true, settleMs: o.settleMs });
      await w.page.close();
      warm.set(b.name, w);
    }
    for (let i = 0; i < o.runs; i++) {
      for (const c of CASES)
        for (const b of builds) out[b.name][c].push(await once(browser, b, c, o, warm.get(b.name)!.context, i));
      process.stderr.write(`page cost: run ${i + 1}/${o.runs}\n`);
    }
    for (const w of warm.values()) await w.context.close();
  } finally {
    await browser.close();
  }
  return out;
}

/** One sample of case `c` on build `b`; a failed load (others rebuilding meanwhile) is retried twice at most. */
async function once(
  browser: Browser,
  b: Build,
  c: Case,
  o: CostOptions,
  warm: Awaited<ReturnType<typeof throttledPage>>['context'],
  run: number,
): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    const t = await throttledPage(browser, c == 'cached' ? warm : null, 4, o.network);
    try {
      return await sample(browser, t.page, t.cdp, b.origin + '/', {
        block: c == 'alone',
        popup: OPENED.includes(c),
        settleMs: c == 'cold' ? 0 : o.settleMs,
      });
    } catch (e) {
      process.stderr.write(
        `page cost: ${b.name}, run ${run + 1}, ${c}, attempt ${attempt} failed: ` +
          `${(e as Error).message.split('\n')[0]}\n`,
      );
      if (attempt == 3) throw e;
    } finally {
      if (c == 'cached') await t.page.close();
      else await t.context.close();
    }
  }
}

/** The trigger kinds of spec 3.2 popupDelay, as set in the settings for the bytes-before-trigger runs. */
export const KINDS: [string, number | string][] = [
  // Longer than the quiet time, so it never fires while the bytes are counted.
  ['delay (seconds)', 60],
  ['exit', 'exit'],
  ['middle', 'middle'],
  ['bottom', 'bottom'],
];

/** Bytes before the trigger, by build name, then by kind: one figure per run. */
export type KindBytes = Record<string, Record<string, number[]>>;

/** Counts, for every build and trigger kind, what the embed fetches before the trigger, `runs` times, interleaved. */
export async function kindBytes(builds: Build[], o: CostOptions): Promise<KindBytes> {
  const browser = await launch();
  const out: KindBytes = {};
  try {
    for (const b of builds) out[b.name] = Object.fromEntries(KINDS.map(([k]) => [k, []]));
    for (let i = 0; i < o.runs; i++)
      for (const [kind, delay] of KINDS)
        for (const b of builds)
          out[b.name][kind].push(await bytesBeforeTrigger(browser, b.origin + '/', delay, o.settleMs, o.network));
  } finally {
    await browser.close();
  }
  return out;
}
