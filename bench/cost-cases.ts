/**
 * The page-cost cases of `npm run bench`, run against several builds side by side (issue 12): each case's runs
 * interleaved build by build (A B A B …), so a slow moment of the shared machine touches every build alike, and what
 * a reader who never reaches each kind of trigger pays (issue 37).
 */
import type { Browser } from 'playwright-core';
import { launch } from '../test/browser/harness';
import { type Network, READER_PACE, sample, type Sample, throttledPage } from './page-cost';

/** A build under test: its name in the tables and the origin of its server (the blog at /). */
export interface Build {
  name: string;
  origin: string;
  /** Only these page-cost cases (all when not given): the build before issue 37 runs `intent` alone. */
  cases?: Case[];
}

/** The page-cost cases. */
export type Case = 'alone' | 'idle' | 'cold' | 'intent' | 'cached';
export const CASES: Case[] = ['alone', 'idle', 'cold', 'intent', 'cached'];
/** The cases that open the popup. */
export const OPENED: Case[] = ['cold', 'intent', 'cached'];
export const LABEL: Record<Case, string> = {
  alone: 'blog page alone (embed.js refused)',
  idle: 'with the embed, trigger not reached',
  cold: 'scrolled to the bottom as soon as the settings answer: intent and trigger together (popup.js not cached)',
  intent: "intent, then trigger: scrolled toward the middle at a reader's pace after the page settled (not cached)",
  cached: 'scrolled to the bottom after the page settled: intent and trigger together, popup.js cached',
};

/** How the cases are run. */
export interface CostOptions {
  runs: number;
  network: Network | null;
  /** Quiet time after load and the settings answer before the scroll (intent, cached) or the sample (idle). */
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
      out[b.name] = { alone: [], idle: [], cold: [], intent: [], cached: [] };
      if (b.cases && !b.cases.includes('cached')) continue;
      const w = await throttledPage(browser, null, 4, o.network);
      await sample(browser, w.page, w.cdp, b.origin + '/', { popup: true, settleMs: o.settleMs });
      await w.page.close();
      warm.set(b.name, w);
    }
    for (let i = 0; i < o.runs; i++) {
      for (const c of CASES)
        for (const b of builds)
          if (!b.cases || b.cases.includes(c))
            out[b.name][c].push(await once(browser, b, c, o, warm.get(b.name)?.context, i));
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
  warm: Awaited<ReturnType<typeof throttledPage>>['context'] | undefined,
  run: number,
): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    const t = await throttledPage(browser, c === 'cached' ? warm! : null, 4, o.network);
    try {
      return await sample(browser, t.page, t.cdp, b.origin + '/', {
        block: c === 'alone',
        popup: OPENED.includes(c),
        pace: c === 'intent' ? READER_PACE : undefined,
        settleMs: c === 'cold' ? 0 : o.settleMs,
      });
    } catch (e) {
      process.stderr.write(
        `page cost: ${b.name}, run ${run + 1}, ${c}, attempt ${attempt} failed: ` +
          `${(e as Error).message.split('\n')[0]}\n`,
      );
      if (attempt === 3) throw e;
    } finally {
      if (c === 'cached') await t.page.close();
      else await t.context.close();
    }
  }
}

/** The trigger kinds of spec 3.2 popupDelay, as set in the settings for the trigger-never-reached runs. */
export const KINDS: [string, number | string][] = [
  // Longer than the quiet time, so it never fires: the one kind whose trigger is certain, prepared when idle.
  ['delay (seconds)', 60],
  ['exit', 'exit'],
  ['middle', 'middle'],
  ['bottom', 'bottom'],
];

/** Trigger-never-reached samples by build name, then by kind. */
export type KindSamples = Record<string, Record<string, Sample[]>>;

/**
 * What a reader who never reaches the trigger pays (issue 37 item 4), for every build and trigger kind, `runs` times,
 * interleaved: the blog's home (about three screens long) with its form's popupDelay set in flight to each kind, in a
 * fresh context, then `o.settleMs` of quiet after the settings answer, with no scroll and no pointer movement.
 */
export async function neverReached(builds: Build[], o: CostOptions): Promise<KindSamples> {
  const browser = await launch();
  const out: KindSamples = {};
  try {
    for (const b of builds) out[b.name] = Object.fromEntries(KINDS.map(([k]) => [k, []]));
    for (let i = 0; i < o.runs; i++) {
      for (const [kind, delay] of KINDS)
        for (const b of builds)
          for (let attempt = 1; ; attempt++) {
            const t = await throttledPage(browser, null, 4, o.network);
            try {
              out[b.name][kind].push(
                await sample(browser, t.page, t.cdp, b.origin + '/', { popupDelay: delay, settleMs: o.settleMs }),
              );
              break;
            } catch (e) {
              // A failed load (others rebuilding meanwhile) is retried twice at most, as in `once`.
              process.stderr.write(`never reached: ${b.name}, ${kind}, attempt ${attempt}: ${(e as Error).message}\n`);
              if (attempt === 3) throw e;
            } finally {
              await t.context.close();
            }
          }
      process.stderr.write(`trigger never reached: run ${i + 1}/${o.runs}\n`);
    }
  } finally {
    await browser.close();
  }
  return out;
}
