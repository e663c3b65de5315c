/**
 * The trigger only reveals (issue 12.1, 12.3), on the shipped embed.js and popup.js in Chromium: once the settings
 * say a popup will show, popup.js and the modal's stylesheets are fetched while the page is idle after its `load`,
 * and the popup is prepared hidden; nothing shows, takes focus, holds the host page or writes a cookie before the
 * trigger, which then shows it without another request. Under Save-Data or on a 2G connection nothing beyond the
 * settings call is fetched before the trigger, which still shows the popup.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { MODAL, connection, cookies, focusAt, openHost, popupSuite, shown } from './popup-env';
import { installClock, plain, quiet } from './harness';

const { T, ctx } = popupSuite('loader: warm-up before the trigger');

/**
 * The embed's requests in the page and its frames, as plain paths (harness.ts `plain`: without the build's ids), with
 * their start relative to the page's `load`.
 */
const embedRequests = async (page: Page) =>
  (
    await page.evaluate(() => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      const out: { path: string; afterLoad: boolean }[] = [];
      const add = (p: Performance, shift: number) => {
        for (const e of p.getEntriesByType('resource')) {
          const path = new URL(e.name).pathname;
          if (/\/(js|css)\/signup-forms\/|\/subscribe\//.test(path))
            out.push({ path, afterLoad: e.startTime + shift >= load });
        }
      };
      add(performance, 0);
      for (const f of Array.from(document.querySelectorAll('iframe'))) {
        const p = f.contentWindow?.performance;
        if (p) add(p, p.timeOrigin - performance.timeOrigin);
      }
      return out;
    })
  ).map((r) => ({ ...r, path: plain(r.path) }));
const paths = async (page: Page) => (await embedRequests(page)).map((r) => r.path.replace(/.*\//, ''));

/**
 * Waits until the prepared frame has its form and its stylesheet has loaded, not only been linked: a link's sheet is
 * there once its response is in, and so is its resource timing entry, which the tests read (CI on a busy machine read
 * the entries while a sheet was still on its way).
 */
const sheetsLoaded = (page: Page) =>
  page.waitForFunction(() => {
    const d = document.querySelector('iframe')?.contentDocument;
    const links = d ? Array.from(d.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) : [];
    return links.length === 1 && links.every((l) => !!l.sheet) && !!d!.querySelector('form');
  });

/** The host page as a hidden popup must leave it: no visible frame, nothing inert, the root's style untouched. */
const hostState = (page: Page) =>
  page.evaluate(() => ({
    visible: Array.from(document.querySelectorAll('iframe')).filter((f) => getComputedStyle(f).visibility !== 'hidden')
      .length,
    inert: document.querySelectorAll('[inert]').length,
    rootStyle: document.documentElement.getAttribute('style') || '',
  }));

T(
  'warmed while idle: popup.js and the stylesheets before the trigger, prepared hidden; the trigger shows it',
  async () => {
    const { context, page, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 3 }, { focusHost: true });
    await page.waitForFunction(() => !!window.__mcsf?.popup);
    // Prepared: the modal's frame is on the page with its stylesheet loaded, hidden.
    await sheetsLoaded(page);
    const before = await embedRequests(page);
    const files = before.map((r) => r.path.replace(/.*\//, ''));
    for (const f of ['embed.js', 'form-settings', 'popup.js', 'modal-1.css'])
      assert.ok(files.includes(f), `${f} fetched before the trigger`);
    assert.not.ok(files.includes('form-extras.js'), 'nothing an e-mail form does not need');
    assert.not.ok(files.includes('form-extras.css'), 'nor its stylesheet');
    assert.not.ok(files.includes('fonts.css'), 'nor the fonts of settings that pick none');
    assert.ok(
      before.filter((r) => !r.path.endsWith('embed.js')).every((r) => r.afterLoad),
      'nothing but embed.js before the page loaded',
    );
    assert.equal(await hostState(page), { visible: 0, inert: 0, rootStyle: '' }, 'nothing shows before the trigger');
    assert.is(await focusAt(page), 'host:host-button', 'focus stays on the host page');
    assert.equal(Object.keys(await cookies(context)), [], 'no cookie');

    await shown(page, MODAL);
    assert.is(await focusAt(page), 'frame:EMAIL', 'the trigger revealed it: focus moved in');
    assert.equal((await paths(page)).sort(), files.sort(), 'the trigger fetched nothing more');
    assert.is(await page.evaluate(() => document.querySelectorAll('iframe').length), 1, 'one popup');
    assert.equal(log.errors, []);
    await context.close();
  },
);

for (const [name, c] of [
  ['Save-Data', { saveData: true, effectiveType: '4g' }],
  ['a 2G connection', { saveData: false, effectiveType: '2g' }],
  ['a slow-2G connection', { saveData: false, effectiveType: 'slow-2g' }],
] as const)
  T(`${name}: nothing beyond the settings call before the trigger, which still shows the popup`, async () => {
    // The page's clock installed (harness installClock): the idle time before a trigger ten minutes away passes at
    // once, and then the trigger's time. Its fake `performance` lists no resource: the requests are read as made.
    let requests: string[] = [];
    let answered: Promise<unknown> = Promise.resolve();
    const embed = () => requests.map(plain).filter((u) => /\/(js|css)\/signup-forms\/|\/subscribe\//.test(u));
    const { context, page, log } = await openHost(
      ctx.browser,
      ctx.fx,
      { popupDelay: 600 },
      {
        before: async (p) => {
          requests = await installClock(p);
          answered = p.waitForEvent('requestfinished', (r) => r.url().includes('/subscribe/form-settings'));
          await connection(c)(p);
        },
      },
    );
    await answered;
    // Past the settings' answer and any idle time after it (the warm-up's moment), short of the trigger.
    await quiet(page, 1500);
    assert.equal(
      embed().map((u) => u.replace(/.*\//, '')),
      ['embed.js', 'form-settings'],
      'only the loader and its settings call',
    );
    assert.is(await page.$('iframe'), null, 'nothing prepared');
    await page.clock.fastForward(600_000);
    await shown(page, MODAL);
    assert.ok(
      embed().some((u) => u.endsWith('/popup.js')),
      'the trigger fetched popup.js',
    );
    assert.equal(log.errors, []);
    await context.close();
  });

T('middle trigger: prepared once the reader is on the way (issue 37), shown when they pass the middle', async () => {
  const tall = (page: Page) =>
    page.addInitScript(() =>
      addEventListener('DOMContentLoaded', () => {
        document.body.style.setProperty('min-height', '4000px');
      }),
    );
  const { context, page, log } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 'middle', modalVariation: 'slide' },
    { before: tall },
  );
  // A third of the way to the middle (the scrollable range is about 3200 px): on the way.
  await page.waitForFunction(() => !!window.__mcsf?.lx);
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 700);
  await page.waitForFunction(() => !!window.__mcsf?.popup);
  await sheetsLoaded(page);
  const before = await embedRequests(page);
  assert.ok(before.some((r) => r.path.endsWith('popup.js') && r.afterLoad));
  assert.ok(before.some((r) => r.path.endsWith('/slide-1.css')));
  assert.equal((await hostState(page)).visible, 0, 'hidden until the trigger');
  await page.mouse.wheel(0, 2500);
  await shown(page, MODAL);
  const after = await paths(page);
  assert.equal(after.filter((p) => p.endsWith('.css') || p === 'popup.js').length, 2, 'nothing fetched again');
  assert.equal(log.errors, []);
  await context.close();
});

T('a trigger that fires while the warm popup.js is on its way shows the popup when it arrives', async () => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const hold = (page: Page) =>
    page.route(
      (u) => u.pathname.endsWith('/popup.js'),
      async (r) => {
        await held;
        await r.continue();
      },
    );
  const { context, page, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 1 }, { before: hold });
  await page.waitForFunction(() => !!window.__mcsf?.handoff);
  assert.is(await page.evaluate(() => window.__mcsf!.handoff!.show), false, 'warming: not to show yet');
  await page.waitForFunction(() => window.__mcsf!.handoff!.show === true);
  release();
  await shown(page, MODAL);
  assert.equal((await paths(page)).filter((p) => p === 'popup.js').length, 1, 'popup.js fetched once');
  assert.equal(log.errors, []);
  await context.close();
});

T.run();
