/**
 * The embed's long tasks as a visitor's browser runs them (issue 12.2), beside the Playwright runs of
 * bench/page-cost.ts. Playwright enables the Runtime domain and adds its own script world to every frame, so each new
 * frame gets two script contexts (the page's and Playwright's) and DevTools' context notifications the moment it is
 * made: in the popup's frame-creation task, `LocalWindowProxy::Initialize` ran twice (4-15 ms at 4x CPU) where a
 * visitor's browser makes the page's context only when script first touches the frame (src/popup/piece.ts builds it
 * in the next task) and never makes Playwright's. Here Chromium is driven over a bare DevTools pipe with only what the
 * figure needs: CPU and network emulation, the page's load event, one trace. No Runtime domain, no init script, no
 * script in the page until the trace has ended (then one check that the popup showed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/browser/harness';
import { embedFromTrace, type Network, type TraceEvent } from './page-cost';

/** The categories page-cost.ts traces (its long tasks and frames are read the same way). */
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel';

type Params = Record<string, unknown>;
/** One protocol message: an answer to a call (id) or an event (method), of the browser or of a session. */
interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
}

/** Chromium on a DevTools pipe (fd 3 in, fd 4 out, messages ended by NUL). */
export class BareChromium {
  private next = 1;
  private calls = new Map<number, { ok: (r: Params) => void; no: (e: Error) => void }>();
  private listeners = new Set<(m: Message) => void>();
  private constructor(
    private child: ChildProcess,
    private profile: string,
  ) {
    const out = child.stdio[4] as Readable;
    let buf = '';
    out.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      for (let i = buf.indexOf('\0'); i >= 0; i = buf.indexOf('\0')) {
        const m = JSON.parse(buf.slice(0, i)) as Message;
        buf = buf.slice(i + 1);
        const call = m.id === undefined ? undefined : this.calls.get(m.id);
        if (call) {
          this.calls.delete(m.id!);
          if (m.error) call.no(Error(m.error.message));
          else call.ok(m.result || {});
        } else for (const l of this.listeners) l(m);
      }
    });
  }

  /** Starts headless Chromium with the flags this machine needs and a throw-away profile. */
  static start(): BareChromium {
    const profile = mkdtempSync(join(tmpdir(), 'bare-cdp-'));
    const child = spawn(
      process.env.CHROME_PATH || CHROMIUM,
      ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new BareChromium(child, profile);
  }

  /** Calls `method` on the browser, or on a page's session. */
  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.next++;
    return new Promise((ok, no) => {
      this.calls.set(id, { ok, no });
      (this.child.stdio[3] as Writable).write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  }

  /** Resolves with the first event `method` (of `sessionId`, when given) that `when` accepts; rejects after `ms`. */
  once(method: string, sessionId: string | undefined, ms: number, when: (p: Params) => boolean = () => true) {
    return new Promise<Params>((ok, no) => {
      const t = setTimeout(() => {
        this.listeners.delete(l);
        no(Error(`no ${method} within ${ms} ms`));
      }, ms);
      const l = (m: Message) => {
        if (m.method == method && (!sessionId || m.sessionId == sessionId) && when(m.params || {})) {
          clearTimeout(t);
          this.listeners.delete(l);
          ok(m.params || {});
        }
      };
      this.listeners.add(l);
    });
  }

  /** Hears every event (of the browser and of every session). */
  listen(l: (m: Message) => void): void {
    this.listeners.add(l);
  }

  unlisten(l: (m: Message) => void): void {
    this.listeners.delete(l);
  }

  /** Collects a trace while `during` runs. */
  async trace(during: () => Promise<void>): Promise<TraceEvent[]> {
    const events: TraceEvent[] = [];
    const l = (m: Message) => {
      if (m.method == 'Tracing.dataCollected') events.push(...((m.params!.value as TraceEvent[]) || []));
    };
    this.listeners.add(l);
    await this.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    try {
      await during();
    } finally {
      const complete = this.once('Tracing.tracingComplete', undefined, 60000);
      await this.send('Tracing.end');
      await complete;
      this.listeners.delete(l);
    }
    return events;
  }

  /** Stops Chromium and removes its profile. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((r) => this.child.on('exit', () => r()));
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await exited;
    // Chromium's helper processes can still be writing to the profile when the browser has exited (ENOTEMPTY, as in
    // bench/lighthouse.ts): left behind with a line, never the measurement's failure.
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      process.stderr.write(`bare-cdp: profile ${this.profile} left behind: ${(e as Error).message}\n`);
    }
  }
}

/** One bare load's long tasks holding embed work, and whether the popup showed. */
export interface BareSample {
  /** Tasks over 50 ms holding embed work, and the longest of them (0 when none). */
  longTasks: number;
  longestMs: number;
  /** The longest task holding embed work, whatever its length (over 10 ms; 0 when none). */
  longestAnyMs: number;
  shown: boolean;
}

/**
 * Loads `url` in a fresh browser context of `c` (CPU 4x slower, `network`), 1280x800, traced; `settleMs` after its
 * load and settings answer, scrolls to the bottom (the blog's form opens past the middle) and waits `openMs` for the
 * popup. Then, the trace ended, asks the page once whether the popup's dialog is visible.
 */
export async function bareSample(
  c: BareChromium,
  url: string,
  o: { network: Network | null; settleMs: number; openMs?: number; onTrace?: (events: TraceEvent[]) => void },
): Promise<BareSample> {
  const { browserContextId } = await c.send('Target.createBrowserContext');
  try {
    const { targetId } = await c.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = (await c.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    const s = (method: string, params: Params = {}) => c.send(method, params, sessionId);
    await s('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
    await s('Emulation.setCPUThrottlingRate', { rate: 4 });
    await s('Network.enable');
    if (o.network) await s('Network.emulateNetworkConditions', { offline: false, ...o.network });
    await s('Page.enable');
    // The settings answer: its request, and every request finished so far (an answer may finish before it is asked
    // about).
    let settingsId = '';
    const finished = new Set<string>();
    const seen = (m: Message) => {
      if (m.sessionId != sessionId) return;
      if (
        m.method == 'Network.responseReceived' &&
        (m.params!.response as { url: string }).url.includes('/form-settings')
      )
        settingsId = m.params!.requestId as string;
      if (m.method == 'Network.loadingFinished') finished.add(m.params!.requestId as string);
    };
    c.listen(seen);
    const events = await c.trace(async () => {
      const loaded = c.once('Page.loadEventFired', sessionId, 30000);
      await s('Page.navigate', { url });
      await loaded;
      for (let waited = 0; !(settingsId && finished.has(settingsId)); waited += 50) {
        if (waited > 30000) throw Error('no settings answer within 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, o.settleMs));
      // Script in the top frame only, whose context exists already: the popup's frames are not touched.
      await s('Runtime.evaluate', { expression: 'scrollTo(0, document.documentElement.scrollHeight)' });
      await new Promise((r) => setTimeout(r, o.openMs ?? 4000));
    });
    const shown = await s('Runtime.evaluate', {
      returnByValue: true,
      expression: `[...document.querySelectorAll('iframe')].some((f) => {
        const d = f.contentDocument && f.contentDocument.querySelector('[role="dialog"]');
        return !!d && getComputedStyle(f).visibility == 'visible' && d.offsetHeight > 0;
      })`,
    });
    c.unlisten(seen);
    if (o.onTrace) o.onTrace(events);
    const e = embedFromTrace(events);
    return {
      longTasks: e.longTasks,
      longestMs: e.longestMs,
      longestAnyMs: e.longestAnyMs,
      shown: (shown.result as { value?: boolean }).value === true,
    };
  } finally {
    await c.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/** The cases run bare: the popup opened as soon as the settings answer, and after the page settled. */
export const BARE_CASES = ['cold', 'warmed'] as const;
export type BareCase = (typeof BARE_CASES)[number];
/** Bare samples by build name, then by case. */
export type BareSamples = Record<string, Record<BareCase, BareSample[]>>;

/**
 * Runs the bare cases `runs` times on the blog's home page of every build, interleaved build by build as
 * bench/cost-cases.ts does; a load whose popup did not show, or that failed, is retried twice at most.
 */
export async function bareCosts(
  builds: { name: string; origin: string }[],
  o: { runs: number; network: Network | null; settleMs: number },
): Promise<BareSamples> {
  const c = BareChromium.start();
  const out: BareSamples = {};
  try {
    for (const b of builds) out[b.name] = { cold: [], warmed: [] };
    for (let i = 0; i < o.runs; i++) {
      for (const k of BARE_CASES)
        for (const b of builds)
          for (let attempt = 1; ; attempt++) {
            try {
              const r = await bareSample(c, b.origin + '/', {
                network: o.network,
                settleMs: k == 'cold' ? 0 : o.settleMs,
              });
              if (!r.shown) throw Error('the popup did not show');
              out[b.name][k].push(r);
              break;
            } catch (e) {
              process.stderr.write(
                `bare: ${b.name}, run ${i + 1}, ${k}, attempt ${attempt}: ${(e as Error).message}\n`,
              );
              if (attempt == 3) throw e;
            }
          }
      process.stderr.write(`bare: run ${i + 1}/${o.runs}\n`);
    }
  } finally {
    await c.stop();
  }
  return out;
}
