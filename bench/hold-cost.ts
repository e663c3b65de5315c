/**
 * What each way of holding a host page behind a modal costs its style and layout (issue 36 part 4,
 * docs/decisions/no-long-tasks.md): `inert` on the page's main, `aria-hidden`, the root's overflow (with and without
 * `scrollbar-gutter`), and a modal `<dialog>`, each on a page of N articles (default 1,500; bench/long-page.ts) in
 * Chromium slowed 4x, timed from the change to a forced layout; five runs each, the median printed.
 * `node bench/tsrun.mjs bench/hold-cost.ts`.
 */
import { launch } from '../test/browser/harness';
import { longBody } from './long-page';

const N = Number(process.env.N) || 1500;
const RUNS = 5;
/** Each way, as a script run on the page. */
const WAYS: Record<string, string> = {
  inert: `document.querySelector('main').setAttribute('inert', '')`,
  'aria-hidden': `document.querySelector('main').setAttribute('aria-hidden', 'true')`,
  overflow: `document.documentElement.style.overflow = 'hidden'`,
  'overflow, gutter': `document.documentElement.style.scrollbarGutter = 'stable';
    document.documentElement.style.overflow = 'hidden'`,
  dialog: `const d = document.createElement('dialog'); document.body.append(d); d.showModal()`,
};

const browser = await launch();
for (const [name, code] of Object.entries(WAYS)) {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setContent(`<!doctype html><html><body>${longBody(N)}</body></html>`);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
    const timed = `(() => { const t = performance.now(); ${code};
      document.body.offsetWidth; return performance.now() - t })()`;
    times.push((await page.evaluate(timed)) as number);
    await context.close();
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(18)} median ${times[RUNS >> 1].toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
}
await browser.close();
