/**
 * The bare runs of `npm run bench` (bench/bare-cdp.ts says why bare): the blog's home page of each build, its popup
 * opened cold (scrolled to the bottom as soon as the settings answer: intent and trigger together) and on intent
 * (after the page settled, scrolled toward the middle at a reader's pace, bench/page-cost.ts `READER_PACE`: issue
 * 37 prepares the popup on the way), and the same then subscribed to (issue 12.2 names the submit's answer among the
 * embed's work: form-actions.js, the check, the call, the answer rendered). For each load, the long tasks holding
 * embed work and the longest task holding embed work of any length. Script runs in the page's top frame only, and
 * only to scroll (a wheel step is an input event), to read whether the popup is shown (a style read, no layout: the
 * popup lays its frame out in a task of its own), then to find the e-mail input in the shown frame, and after the
 * trace to check that the popup showed.
 */
import type { BareChromium, Message, Params } from './bare-cdp';
import { embedFromTrace, type Network, READER_PACE, type TraceEvent } from './page-cost';

/** The cases run bare. */
export const BARE_CASES = ['cold', 'intent', 'submit'] as const;
export type BareCase = (typeof BARE_CASES)[number];

/** One bare load's figures. */
export interface BareSample {
  /** Tasks over 50 ms holding embed work. */
  longTasks: number;
  /** The longest task holding embed work, whatever its length (over 10 ms; 0 when none). */
  longestAnyMs: number;
  /** The popup's frame was shown. */
  shown: boolean;
  /** The submit case: the provider's answer to the subscribe arrived. */
  answered?: boolean;
}
/** Bare samples by build name, then by case. */
export type BareSamples = Record<string, Record<BareCase, BareSample[]>>;

/**
 * A popup frame shown: a frame without an address whose `visibility: hidden` is removed (src/popup/piece.ts). Read
 * from the frame element alone: touching its document would make the frame's script context in the bench's task
 * instead of the popup's, and reading a box would lay it out there.
 */
const SHOWN = `[...document.querySelectorAll('iframe')].some((f) => !f.src && f.style.visibility == '')`;
/** Whether the page is scrolled past its middle, where the blog's form opens (spec 4.2), or to its end. */
const PAST_MIDDLE = `scrollY >= (document.documentElement.scrollHeight - innerHeight) / 2 ||
  scrollY + innerHeight >= document.documentElement.scrollHeight - 2`;
/** Whether a shown frame's dialog has a box (after the trace: a layout here no longer counts). */
const VISIBLE = `[...document.querySelectorAll('iframe')].some((f) => {
  const d = f.contentDocument && f.contentDocument.querySelector('[role="dialog"]');
  return !!d && getComputedStyle(f).visibility == 'visible' && d.offsetHeight > 0;
})`;
/** The centre of the shown popup's e-mail input in the page's coordinates, or null. */
const EMAIL_AT = `(() => {
  for (const f of document.querySelectorAll('iframe')) {
    const i = f.contentDocument && f.contentDocument.querySelector('input[type=email]');
    if (!i || f.style.visibility == 'hidden') continue;
    const a = f.getBoundingClientRect();
    const b = i.getBoundingClientRect();
    return { x: a.left + b.left + b.width / 2, y: a.top + b.top + b.height / 2 };
  }
  return null;
})()`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done` holds, asking every 50 ms, for `ms` at most; resolves with whether it held. */
async function within(ms: number, done: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let waited = 0; !(await done()); waited += 50) {
    if (waited > ms) return false;
    await sleep(50);
  }
  return true;
}

/** What one load is asked to do. */
interface LoadOptions {
  network: Network | null;
  settleMs: number;
  /** A number for this run's subscriber address. */
  run: number;
  onTrace?: (events: TraceEvent[]) => void;
}

/**
 * Loads `url` in a fresh browser context of `c` (CPU 4x slower, `o.network`, 1280x800), traced: after its load and
 * settings answer, `cold` scrolls to the bottom at once (the blog's form opens past the middle); `intent` and `submit`
 * wait `o.settleMs`, then scroll by mouse wheel at a reader's pace until past the middle (or the page's end). `cold`
 * and `intent` then wait 4 s; `submit` clicks the popup's e-mail input, types an address, presses Enter, and waits for
 * the subscribe's answer and 1.5 s more for it to show. The submit's figures are of the tasks from the click on.
 */
export async function bareSample(c: BareChromium, url: string, k: BareCase, o: LoadOptions): Promise<BareSample> {
  const { browserContextId } = await c.send('Target.createBrowserContext');
  // Requests by what they are, and every request finished so far (an answer may finish before it is asked about).
  const ids: Record<string, string> = {};
  const finished = new Set<string>();
  let sessionId = '';
  const seen = (m: Message) => {
    if (m.sessionId !== sessionId) return;
    if (m.method === 'Network.requestWillBeSent') {
      const u = (m.params!.request as { url: string }).url;
      for (const call of ['form-settings', 'form-post-json'])
        if (u.includes(`/subscribe/${call}`)) ids[call] = m.params!.requestId as string;
    }
    if (m.method === 'Network.loadingFinished') finished.add(m.params!.requestId as string);
  };
  const done = (call: string) => !!ids[call] && finished.has(ids[call]);
  c.listen(seen);
  try {
    const { targetId } = await c.send('Target.createTarget', { url: 'about:blank', browserContextId });
    sessionId = ((await c.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string })
      .sessionId;
    const s = (method: string, params: Params = {}) => c.send(method, params, sessionId);
    const evaluate = async <T>(expression: string): Promise<T> =>
      ((await s('Runtime.evaluate', { expression, returnByValue: true })).result as { value: T }).value;
    await s('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
    await s('Emulation.setCPUThrottlingRate', { rate: 4 });
    await s('Network.enable');
    if (o.network) await s('Network.emulateNetworkConditions', { offline: false, ...o.network });
    await s('Page.enable');
    let shown = false;
    const events = await c.trace(async () => {
      const loaded = c.once('Page.loadEventFired', sessionId, 30000);
      await s('Page.navigate', { url });
      await loaded;
      if (!(await within(30000, () => done('form-settings')))) throw Error('no settings answer within 30 s');
      if (k === 'cold') await evaluate('scrollTo(0, document.documentElement.scrollHeight)');
      else {
        await sleep(o.settleMs);
        const wheel = { type: 'mouseWheel', x: 640, y: 400, deltaX: 0, deltaY: READER_PACE.stepPx };
        do {
          await s('Input.dispatchMouseEvent', wheel);
          await sleep(READER_PACE.everyMs);
        } while (!(await evaluate<boolean>(PAST_MIDDLE)));
      }
      if (k !== 'submit') {
        await sleep(4000);
        return;
      }
      // The popup closes a few seconds after a success (spec 9.1): seen shown here, not after the trace.
      shown = await within(15000, () => evaluate<boolean>(SHOWN));
      if (!shown) throw Error('no popup within 15 s');
      // The slide-in's animation (spec 4.3), so the input is where it stays.
      await sleep(600);
      const input = async () => evaluate<{ x: number; y: number } | null>(EMAIL_AT);
      if (!(await within(5000, async () => !!(await input())))) throw Error('no e-mail input');
      const at = (await input())!;
      // The submit's figures count from here (`embedFromTrace`'s `from`): the opening is the intent case's.
      await evaluate("console.timeStamp('bench-submit')");
      for (const type of ['mousePressed', 'mouseReleased'])
        await s('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
      await s('Input.insertText', { text: `bare-${o.run}-${Date.now()}@example.com` });
      const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
      await s('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r' });
      await s('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
      // No answer is a figure (`answered`), not a failed load.
      if (await within(15000, () => done('form-post-json'))) await sleep(1500);
    });
    if (o.onTrace) o.onTrace(events);
    const e = embedFromTrace(events, k === 'submit' ? 'bench-submit' : undefined);
    return {
      longTasks: e.longTasks,
      longestAnyMs: e.longestAnyMs,
      shown: k === 'submit' ? shown : await evaluate<boolean>(VISIBLE),
      ...(k === 'submit' ? { answered: done('form-post-json') } : {}),
    };
  } finally {
    c.unlisten(seen);
    await c.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/**
 * Runs the bare cases `runs` times on the blog's home page of every build, interleaved build by build as
 * bench/cost-cases.ts does; a load that failed or whose popup did not show is retried twice at most.
 */
export async function bareCosts(
  c: BareChromium,
  builds: { name: string; origin: string }[],
  o: { runs: number; network: Network | null; settleMs: number },
): Promise<BareSamples> {
  const out: BareSamples = {};
  for (const b of builds) out[b.name] = { cold: [], intent: [], submit: [] };
  for (let i = 0; i < o.runs; i++) {
    for (const k of BARE_CASES)
      for (const b of builds)
        for (let attempt = 1; ; attempt++) {
          try {
            const r = await bareSample(c, b.origin + '/', k, { ...o, run: i });
            if (!r.shown) throw Error('the popup did not show');
            if (r.answered === false) throw Error('the subscribe had no answer');
            out[b.name][k].push(r);
            break;
          } catch (e) {
            process.stderr.write(`bare: ${b.name}, run ${i + 1}, ${k}, attempt ${attempt}: ${(e as Error).message}\n`);
            if (attempt === 3) throw e;
          }
        }
    process.stderr.write(`bare: run ${i + 1}/${o.runs}\n`);
  }
  return out;
}
