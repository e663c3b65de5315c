/**
 * Lighthouse in the bench (issue 12 item 6): the `lighthouse` package's default run (mobile, simulated throttling)
 * with Debian's Chromium, on the blog's home and a post and on the provider's /demo page, each with the embed and
 * with embed.js blocked. Performance, accessibility, best practices and SEO scores, Total Blocking Time, and the
 * audits that cost a point (so a score under 100 says why). A fresh Chromium and profile per run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../test/browser/harness';

/** The four categories, in Lighthouse's order. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run's figures. */
export interface LighthouseResult {
  /** Scores 0–100 by category (null when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  /** Total Blocking Time (simulated), ms. */
  tbt: number | null;
  /** Audits scored under 1 that count in a category, as 'id (score)'. */
  failing: string[];
}

/** The flags the task names for Debian's Chromium, headless. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Starts Chromium with a DevTools port and a throw-away profile; resolves with the port once it listens. */
async function chromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH || CHROMIUM,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    // Chromium's helper processes can still be writing to the profile (its cache) when the browser process has
    // exited: an ENOTEMPTY there failed a measurement that had succeeded. Retried, and never the measurement's fault.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      process.stderr.write(`lighthouse: profile ${profile} left behind: ${(e as Error).message}\n`);
    }
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let err = '';
      const t = setTimeout(() => reject(new Error(`Chromium gave no DevTools port within 20 s: ${err}`)), 20000);
      child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
      child.stderr!.on('data', (d: Buffer) => {
        err += d;
        const m = err.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
        if (m) {
          clearTimeout(t);
          resolve(Number(m[1]));
        }
      });
    });
    return { port, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * Lighthouse's desktop profile at a 1280 px wide screen (issue 35 item 1 asks for 390 and 1280): its own preset's
 * throttling (40 ms, 10 Mbit/s, CPU not slowed) and no mobile emulation.
 */
const DESKTOP_1280 = {
  formFactor: 'desktop',
  screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
  throttling: {
    rttMs: 40,
    throughputKbps: 10240,
    cpuSlowdownMultiplier: 1,
    requestLatencyMs: 0,
    downloadThroughputKbps: 0,
    uploadThroughputKbps: 0,
  },
} as const;

/** The default mobile profile's emulated phone, narrowed to a 390 px wide screen (an iPhone 12 to 15's width). */
const MOBILE_390 = {
  formFactor: 'mobile',
  screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
} as const;

/** A screen to run Lighthouse at: the default (its mobile profile) or one of the widths above. */
export type Screen = 'default' | 390 | 1280;

/**
 * Runs Lighthouse once on `url`; with `block`, requests whose URL matches it (e.g. '*embed.js') fail; `screen` picks
 * the emulated screen.
 */
export async function runLighthouse(
  url: string,
  block?: string,
  screen: Screen = 'default',
): Promise<LighthouseResult> {
  const c = await chromium();
  try {
    const r = await lighthouse(
      url,
      {
        port: c.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        blockedUrlPatterns: block ? [block] : [],
      },
      screen === 'default'
        ? undefined
        : { extends: 'lighthouse:default', settings: screen === 390 ? MOBILE_390 : DESKTOP_1280 },
    );
    if (!r) throw Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = r;
    if (lhr.runtimeError) throw Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const scores = {} as Record<Category, number | null>;
    const failing = new Set<string>();
    for (const id of CATEGORIES) {
      const cat = lhr.categories[id];
      scores[id] = cat && cat.score !== null ? Math.round(cat.score * 100) : null;
      for (const ref of cat ? cat.auditRefs : []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.add(`${ref.id} (${a.score})`);
      }
    }
    return { scores, tbt: lhr.audits['total-blocking-time']?.numericValue ?? null, failing: [...failing] };
  } finally {
    await c.stop();
  }
}
