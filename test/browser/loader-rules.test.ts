/**
 * Display rules (issue 36 part 1) on the shipped embed.js, embed-full.js, embed-extras.js, embed-rules.js and popup.js
 * in Chromium: a page the rules leave out shows nothing and fetches no popup.js; include patterns with `*`; devices by
 * the mobile view at a phone's and a desktop's width; a trigger held while the host shows a dialog or a consent banner
 * and released when it goes; a single-page app's route change closing a popup left out there (no closed cookie) and
 * opening one a waiting trigger may now show; a form without rules fetches no judging file.
 */
import * as assert from 'uvu/assert';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { COOKIE_CLOSED, LOADER_MODULE } from '../../src/constants';
import { newPage, plain, quiet, settle, snippetPage, type PageLog } from './harness';
import { EMAIL_FIELD, MODAL, cookies, gone, popupSuite, shown, shownFrames } from './popup-env';

const { T, ctx } = popupSuite('loader: display rules (showOn)');

const EMBED = '/js/signup-forms/popup/embed.js';
const FULL = '/js/signup-forms/popup/embed-full.js';

let n = 0;

/** Options of `host`. */
interface Host {
  /** The host page's body. */
  body?: string;
  /** The loader's path on the content host. */
  embed?: string;
  viewport?: { width: number; height: number };
  /** The page's path under /host/ (default the account's own page, `/host/rulesN.html`). */
  path?: string;
  /** Install the page's clock before it loads (for `quiet`). */
  clock?: boolean;
  /**
   * A host this test opened before, its page navigated to the new host page instead of a new context and page (a
   * context costs the machine a renderer process), its cookies cleared: a new visitor, since the embed keeps nothing
   * else. Its clock stays as the first opening set it; a viewport given is set on it.
   */
  on?: Opened;
}

/** One opened host page (`host`). */
interface Opened {
  uuid: string;
  context: BrowserContext;
  page: Page;
  log: PageLog;
  /** The embed's files and calls asked for so far, by their plain names. */
  files: () => string[];
  /** The page's request listener that fills `files`. */
  onRequest: (r: Request) => void;
}

/**
 * A new account with `settings` (an e-mail form, popupDelay 0 unless given) and its host page opened; the embed's
 * requests (plain paths) are collected from the start.
 */
const host = async (settings: Record<string, unknown>, o: Host = {}): Promise<Opened> => {
  const uuid = `rules${++n}`;
  ctx.fx.forms.set(uuid, { settings: { fields: [EMAIL_FIELD], popupDelay: 0, ...settings } });
  const html = snippetPage(ctx.fx, { baseUrl: ctx.fx.host, uuid, lid: 'list1' }, o.body, o.embed || EMBED);
  const url = ctx.fx.page(o.path || `${uuid}.html`, html).replace('//127.0.0.1:', '//localhost:');
  const { context, page, log } = o.on || (await newPage(ctx.browser, o.viewport));
  if (o.on) {
    o.on.page.off('request', o.on.onRequest);
    await context.clearCookies();
    if (o.viewport) await page.setViewportSize(o.viewport);
  } else if (o.clock) await page.clock.install();
  const requests: string[] = [];
  const onRequest = (r: Request) => requests.push(new URL(r.url()).pathname);
  page.on('request', onRequest);
  await page.goto(url);
  const files = () =>
    requests
      .map(plain)
      .filter((p) => /\/signup-forms\/|\/subscribe\//.test(p))
      .map((p) => p.replace(/.*\//, ''));
  return { uuid, context, page, log, files, onRequest };
};

/** Waits until embed-rules.js has run (the gate is armed at once then). */
const rulesIn = (page: Page) => page.waitForFunction(() => !!window.__mcsf?.lr);

/**
 * Asserts that nothing shows on `page`: the rules are in and every timer of the next 3 s has run (the trigger's, the
 * warm-up's idle time), on the page's own clock (installed by `host`).
 */
const nothingShows = async (page: Page, files: () => string[], what: string) => {
  await rulesIn(page);
  await quiet(page, 3000);
  assert.is(await page.$(MODAL), null, `${what}: no popup frame`);
  assert.not.ok(files().includes('popup.js'), `${what}: popup.js not fetched (${files().join(' ')})`);
};

T('a path the rules leave out: no popup, no popup.js; exclude wins over include', async () => {
  let h: Opened | undefined;
  for (const [what, showOn] of [
    ['excluded', { exclude: ['/host/rules*'] }],
    ['excluded, though included too', { include: ['*'], exclude: ['/host/*'] }],
    ['not included', { include: ['/blog/*', '/about'] }],
  ] as const) {
    h = await host({ showOn }, { clock: true, on: h });
    const { context, page, log, files } = h;
    await nothingShows(page, files, what);
    assert.ok(files().includes('embed-rules.js'), `${what}: the rules were fetched`);
    assert.equal(Object.keys(await cookies(context)), [], `${what}: no cookie`);
    assert.equal(log.errors, [], what);
  }
  await h?.context.close();
});

T('an include pattern with * takes the page in; a trailing slash aside', async () => {
  let h: Opened | undefined;
  for (const [what, include, path] of [
    ['wildcard', ['/blog/*', '/host/*/post'], 'a/post'],
    ['prefix', ['/host/shop*'], 'shop-boots'],
    ['a trailing slash', ['/host/about/'], 'about'],
  ] as const) {
    h = await host({ showOn: { include } }, { path, on: h });
    const { page, log, files } = h;
    await shown(page, MODAL);
    assert.ok(files().includes('embed-rules.js'), what);
    assert.equal(log.errors, [], what);
  }
  await h?.context.close();
});

T('devices: mobile and desktop by the mobile view (max_width − 20) at 390 and 1280 px', async () => {
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  // One page for the forms that show, one with its clock for those that do not.
  const opened = new Map<boolean, Opened>();
  for (const [devices, viewport, styles, shows] of [
    ['mobile', phone, {}, true],
    ['mobile', desktop, {}, false],
    ['desktop', desktop, {}, true],
    ['desktop', phone, {}, false],
    // The form's own max width moves the line: 1280 ≤ 1400 − 20 is a mobile view.
    ['mobile', desktop, { modal: { max_width: 1400 } }, true],
    ['desktop', desktop, { modal: { max_width: 1400 } }, false],
  ] as const) {
    const what = `${devices} at ${viewport.width} px, max width ${JSON.stringify(styles)}`;
    const h = await host({ showOn: { devices }, styles }, { viewport, clock: !shows, on: opened.get(shows) });
    opened.set(shows, h);
    if (shows) await shown(h.page, MODAL);
    else await nothingShows(h.page, h.files, what);
    assert.equal(h.log.errors, [], what);
  }
  for (const h of opened.values()) await h.context.close();
});

T(
  'one overlay at a time: the trigger waits while a dialog or a consent banner shows, and opens once it goes',
  async () => {
    let h: Opened | undefined;
    for (const [what, body, end] of [
      ['an open <dialog>', '<dialog data-o open><p>Host dialog</p></dialog>', 'o.close()'],
      [
        'a modal <dialog>',
        '<dialog data-o><p>Host dialog</p></dialog><script>document.querySelector("dialog").showModal()</script>',
        'o.close()',
      ],
      ['aria-modal="true"', '<div data-o role="dialog" aria-modal="true">Cookies?</div>', 'o.remove()'],
      [
        'a consent banner (Cookiebot)',
        '<div data-o id="CybotCookiebotDialog">Cookies?</div>',
        'o.style.display = "none"',
      ],
      [
        'a consent banner (OneTrust) hidden by a class',
        '<style>.gone{visibility:hidden}</style><div data-o id="onetrust-banner-sdk">Cookies?</div>',
        'o.className = "gone"',
      ],
    ] as const) {
      h = await host({ showOn: { include: ['*'] } }, { body: `<main>${body}</main>`, on: h });
      const { page, log } = h;
      // The popup prepared hidden (the warm-up) and its delay of 0 long past: held, not shown.
      await page.waitForFunction(() => {
        const d = document.querySelector('iframe')?.contentDocument;
        return !!d && !!d.querySelector('form') && [...d.querySelectorAll('link')].every((l) => !!l.sheet);
      });
      await settle(page);
      assert.is(await shownFrames(page), 0, `${what}: held`);
      await page.evaluate((code) => new Function('o', code)(document.querySelector('[data-o]')), end);
      await shown(page, MODAL);
      assert.equal(log.errors, [], what);
    }
    // What does not show holds nothing: a closed <dialog>, hidden containers, the empty host some managers keep.
    const body =
      '<main><dialog><p>Closed</p></dialog><div id="onetrust-banner-sdk" style="display:none">x</div>' +
      '<div aria-modal="true" hidden>x</div><div id="didomi-notice"></div><div class="fc-consent-root"></div></main>';
    const { context, page, log } = await host({ showOn: { devices: 'all' } }, { body, on: h });
    await shown(page, MODAL);
    assert.equal(log.errors, []);
    await context.close();
  },
);

/** Runs `method` of the loader object (embed-full.js) with `arg`. */
const call = (page: Page, method: string, arg?: unknown) =>
  page.evaluate(
    ([m, name, a]) =>
      window.dojoRequire!([m as string], (L) => (L as Record<string, (a: unknown) => unknown>)[name as string](a)),
    [LOADER_MODULE, method, arg] as const,
  );

T('single-page app (embed-full.js): a route the rules leave out closes the popup, no closed cookie', async () => {
  const { context, page, log, files } = await host(
    { showOn: { exclude: ['/host/checkout*'] } },
    { embed: FULL, path: 'spa-shop' },
  );
  await shown(page, MODAL);
  await page.evaluate(() => history.pushState({}, '', '/host/checkout/pay'));
  await gone(page, MODAL);
  assert.not.ok(COOKIE_CLOSED in (await cookies(context)), 'no closed cookie: the visitor did not close it');
  assert.equal(Object.keys(await cookies(context)), [], 'no cookie at all');
  assert.is(await page.evaluate(() => !!window.__mcsf?.popup), false, 'the popup is destroyed');
  // Back to a path it shows on: the trigger is spent, nothing comes back by itself.
  await page.evaluate(() => history.back());
  await page.waitForFunction(() => location.pathname === '/host/spa-shop');
  await settle(page);
  assert.is(await page.$(MODAL), null);
  assert.ok(files().includes('embed-rules.js'));
  assert.equal(log.errors, []);
  await context.close();
});

T(
  'single-page app: a trigger that fired on a path left out opens the popup after replaceState to one taken in',
  async () => {
    const { context, page, log, files } = await host(
      { showOn: { include: ['/host/posts/*'] } },
      { embed: FULL, path: 'spa-home', clock: true },
    );
    await nothingShows(page, files, 'at home');
    await page.evaluate(() => history.replaceState({}, '', '/host/posts/hello'));
    await shown(page, MODAL);
    assert.equal(log.errors, []);
    await context.close();
  },
);

T('single-page app: the route watch ends with its start; a form without rules started next is not closed', async () => {
  const { uuid, context, page, log } = await host(
    { showOn: { exclude: ['/host/checkout*'] } },
    { embed: FULL, path: 'spa-destroy' },
  );
  await shown(page, MODAL);
  await page.evaluate(() => history.pushState({}, '', '/host/checkout'));
  await gone(page, MODAL);
  await page.evaluate(() => history.pushState({}, '', '/host/spa-destroy'));
  await call(page, 'destroy');
  // Another form, without rules, started at once, as an app that switches forms by route does.
  const other = `${uuid}-plain`;
  ctx.fx.forms.set(other, { settings: { fields: [EMAIL_FIELD], popupDelay: 0 } });
  await call(page, 'start', { baseUrl: ctx.fx.host, uuid: other, lid: 'list1' });
  await shown(page, MODAL);
  await page.evaluate(() => history.pushState({}, '', '/host/checkout'));
  // The route's listener runs in a task of its own: two settles are past it.
  await settle(page);
  await settle(page);
  assert.is(await shownFrames(page), 1, 'the other form stays');
  assert.equal(Object.keys(await cookies(context)), []);
  assert.equal(log.errors, []);
  await context.close();
});

T('cost: a form without rules fetches neither embed-rules.js nor embed-extras.js; one with rules, both', async () => {
  const plainForm = await host({});
  await shown(plainForm.page, MODAL);
  const without = plainForm.files();
  assert.not.ok(without.includes('embed-rules.js'), without.join(' '));
  assert.not.ok(without.includes('embed-extras.js'), without.join(' '));

  const ruled = await host({ showOn: { devices: 'all' } }, { on: plainForm });
  await shown(ruled.page, MODAL);
  assert.ok(ruled.files().includes('embed-rules.js'), ruled.files().join(' '));
  await ruled.context.close();
});

T.run();
