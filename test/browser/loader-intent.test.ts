/**
 * Prepared on intent, not on idle (issue 37), on the shipped embed.js, embed-extras.js and popup.js in Chromium: for
 * exit, middle and bottom triggers a reader who never gets near the trigger fetches what the reference build fetched
 * (embed.js, the settings call, embed-extras.js) and nothing more: no popup.js, no stylesheet, no frame. popup.js and
 * the stylesheets come, and the popup is prepared hidden, once the reader is on the way: scrolled a third of the way
 * to the point, the pointer heading for the top of the window, a pointer over or focus on an opener. The trigger then
 * shows the prepared popup without fetching again. Under Save-Data nothing comes before the trigger, which still
 * shows it. The exit fallback of small screens (a 1 s delay) is a delay: prepared at once.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { OPEN_ATTR } from '../../src/loader/constants';
import { plain, sleep } from './harness';
import { MODAL, connection, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('loader: prepared on intent (issue 37)');

/** After the loader has settled, how long nothing more may be asked for: a bound, not a timing of the loader. */
const QUIET_MS = 1000;

/**
 * Before any page script: the body 4000 px tall (at 800 px high the scrollable range is about 3200 px, its middle
 * about 1600 px, a third of the way there about 530 px, a third of the way to the bottom about 1070 px); the host
 * button made an opener when `opener`; the loader's arming of its trigger (embed-extras.js's `arm`) and every hand-off
 * to popup.js recorded on `window.__seen`.
 */
const longPage =
  (opener = false) =>
  (page: Page): Promise<unknown> =>
    page.addInitScript(
      ([attr, mark]) => {
        if (window.top !== window) return;
        const seen = { armed: false, handoffs: [] as boolean[] };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        addEventListener('DOMContentLoaded', () => {
          document.body.style.setProperty('min-height', '4000px');
          if (mark) document.getElementById('host-button')!.setAttribute(attr, '');
        });
        // The loader and popup.js keep an existing `__mcsf`: these accessors see embed-extras.js publish its parts
        // and the loader hand off to a popup.js on its way.
        const g: Record<string, unknown> = {};
        let lx: { arm: (...a: unknown[]) => unknown } | undefined;
        let handoff: { show: boolean } | undefined;
        Object.defineProperty(g, 'lx', {
          get: () => lx,
          set: (v: typeof lx) => {
            lx = v && {
              ...v,
              arm: (...a: unknown[]) => {
                seen.armed = true;
                return v.arm(...a);
              },
            };
          },
        });
        Object.defineProperty(g, 'handoff', {
          get: () => handoff,
          set: (v: typeof handoff) => {
            if (v) seen.handoffs.push(v.show);
            handoff = v;
          },
        });
        (window as unknown as { __mcsf: unknown }).__mcsf = g;
      },
      [OPEN_ATTR, opener] as const,
    );

/** The embed's requests of `page` and its frames from now on, by plain file name (harness.ts `plain`), in order. */
const requests = (page: Page) => {
  const names: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/(js|css)\/signup-forms\/|\/subscribe\//.test(path)) names.push(plain(path).replace(/.*\//, ''));
  });
  return names;
};

/**
 * Opens a long host page (`longPage`) for these settings, with a Save-Data connection when `saveData`; returns it
 * with the list of the embed's requests from the start (`requests`).
 */
const open = async (
  settings: Record<string, unknown>,
  o: { opener?: boolean; saveData?: boolean; viewport?: { width: number; height: number } } = {},
) => {
  let asked: string[] = [];
  const opened = await openHost(ctx.browser, ctx.fx, settings, {
    viewport: o.viewport,
    before: async (p) => {
      asked = requests(p);
      await longPage(o.opener)(p);
      if (o.saveData) await connection({ saveData: true, effectiveType: '4g' })(p);
    },
  });
  return { ...opened, asked };
};

/** What the reference build asked for before any trigger (issue 37 item 2). */
const BEFORE_INTENT = ['embed.js', 'form-settings', 'embed-extras.js'];

/**
 * Waits until the loader has settled: its settings answered, embed-extras.js run and the trigger armed, then the
 * browser idle once (today's warm-up ran when idle), then `QUIET_MS` more for anything asked late.
 */
const settled = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { __seen: { armed: boolean } }).__seen.armed);
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
  await sleep(QUIET_MS);
};

/** Waits until popup.js has prepared the popup hidden: its frame's form rendered and its stylesheet loaded. */
const prepared = (page: Page) =>
  page.waitForFunction(() => {
    const f = document.querySelector<HTMLIFrameElement>('iframe');
    const d = f?.contentDocument;
    const links = d ? Array.from(d.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) : [];
    return !!d && !!d.querySelector('form') && links.length > 0 && links.every((l) => !!l.sheet);
  });

/** How many frames on the page are shown (a popup prepared hidden is not). */
const visibleFrames = (page: Page) =>
  page.$$eval('iframe', (fs) => fs.filter((f) => getComputedStyle(f).visibility !== 'hidden').length);

/** Scrolls by wheel (real input) by `dy` and waits until the page has moved at least to `atLeast`. */
const wheel = async (page: Page, dy: number, atLeast: number) => {
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, dy);
  await page.waitForFunction((y) => scrollY >= y, atLeast);
};

for (const kind of ['exit', 'middle', 'bottom'])
  T(
    `${kind}: a reader who never gets near the trigger fetches embed.js, the settings and embed-extras.js only`,
    async () => {
      const { context, page, log, asked } = await open({ popupDelay: kind, modalVariation: 'slide' });
      await settled(page);
      assert.equal(asked, BEFORE_INTENT, 'no popup.js, no stylesheet');
      assert.is(await page.$('iframe'), null, 'no frame');
      assert.equal(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen), {
        armed: true,
        handoffs: [],
      });
      assert.equal(log.errors, []);
      await context.close();
    },
  );

for (const [kind, short, ahead, point] of [
  ['middle', 300, 1200, 2000],
  ['bottom', 700, 1200, 4000],
] as const)
  T(
    `${kind}: scrolled toward the point, popup.js and the stylesheet come before it; the point shows the prepared \
popup without fetching again`,
    async () => {
      const { context, page, log, asked } = await open({ popupDelay: kind, modalVariation: 'slide' });
      await settled(page);
      await wheel(page, short, short);
      await sleep(QUIET_MS);
      assert.equal(asked, BEFORE_INTENT, `not on the way yet at ${short} px`);
      await wheel(page, ahead - short, ahead);
      await prepared(page);
      assert.ok(asked.includes('popup.js'), 'popup.js on the way to the point');
      assert.ok(asked.includes('slide-1.css'), "and the slide-in's stylesheet");
      assert.is(await visibleFrames(page), 0, 'prepared hidden');
      const before = [...asked];
      await wheel(page, point - ahead, Math.min(point, 3100));
      await shown(page, MODAL);
      assert.equal(asked, before, 'the trigger fetched nothing more');
      assert.equal(log.errors, []);
      await context.close();
    },
  );

T('exit: the pointer heading up in the top of the window prepares the popup; leaving the window shows it', async () => {
  const { context, page, log, asked } = await open({ popupDelay: 'exit' });
  await settled(page);
  // Moving down inside the top quarter (the pointer starts at the top left), and about below it, is reading.
  await page.mouse.move(600, 50);
  await page.mouse.move(600, 150, { steps: 4 });
  await page.mouse.move(600, 700, { steps: 4 });
  await page.mouse.move(600, 300, { steps: 8 });
  await sleep(QUIET_MS);
  assert.equal(asked, BEFORE_INTENT, 'not heading for the top');
  await page.mouse.move(600, 100, { steps: 4 });
  await prepared(page);
  assert.ok(asked.includes('popup.js'), 'popup.js on the way to the top');
  assert.ok(asked.includes('modal-1.css'), "and the modal's stylesheet");
  assert.is(await visibleFrames(page), 0, 'prepared hidden');
  const before = [...asked];
  await page.mouse.move(600, -20, { steps: 4 });
  await shown(page, MODAL);
  assert.equal(asked, before, 'the trigger fetched nothing more');
  assert.equal(log.errors, []);
  await context.close();
});

for (const how of ['pointer over', 'focus on'] as const)
  T(`${how} an opener prepares the popup, so that its click fetches nothing more`, async () => {
    const { context, page, log, asked } = await open({ popupDelay: 'bottom' }, { opener: true });
    await settled(page);
    assert.equal(asked, BEFORE_INTENT);
    if (how === 'pointer over') await page.hover('#host-button');
    else await page.keyboard.press('Tab');
    await prepared(page);
    assert.ok(asked.includes('popup.js') && asked.includes('modal-1.css'), 'popup.js and the stylesheet');
    assert.is(await visibleFrames(page), 0, 'prepared hidden');
    const before = [...asked];
    if (how === 'pointer over') await page.click('#host-button');
    else await page.keyboard.press('Enter');
    await shown(page, MODAL);
    assert.equal(asked, before, 'the open fetched nothing more');
    assert.equal(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen), {
      armed: true,
      handoffs: [false],
    });
    assert.equal(log.errors, []);
    await context.close();
  });

T('Save-Data: neither the way to the trigger nor an opener fetches anything; the trigger still shows it', async () => {
  const { context, page, log, asked } = await open({ popupDelay: 'middle' }, { opener: true, saveData: true });
  await settled(page);
  await page.hover('#host-button');
  await wheel(page, 1200, 1200);
  await sleep(QUIET_MS);
  assert.equal(asked, BEFORE_INTENT);
  await wheel(page, 800, 1700);
  await shown(page, MODAL);
  assert.ok(asked.includes('popup.js'), 'the trigger fetched popup.js');
  assert.equal(log.errors, []);
  await context.close();
});

T('exit on a screen under 640 px is a 1 s delay: prepared at once, as for a delay, then shown', async () => {
  const { context, page, log } = await open({ popupDelay: 'exit' }, { viewport: { width: 390, height: 800 } });
  await shown(page, MODAL);
  assert.equal(
    (await page.evaluate(() => (window as unknown as { __seen: { handoffs: boolean[] } }).__seen)).handoffs[0],
    false,
    'handed off to prepare first',
  );
  assert.equal(log.errors, []);
  await context.close();
});

T.run();
