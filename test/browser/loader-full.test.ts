/**
 * What only some sites ask of the loader (issue 14.2, 14.3, 14.5), on the shipped embed-full.js in Chromium: destroy
 * leaves nothing behind and a new start works after it; with consent awaited nothing is requested and no cookie
 * written until the page grants it; scoped cookies keep two forms of one site apart. embed.js, on every Mailchimp
 * snippet, carries none of it.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { COOKIE_CLOSED, LOADER_MODULE } from '../../src/constants';
import { OPEN_ATTR } from '../../src/loader/constants';
import { installClock, newPage, quiet, settle, type Fixture } from './harness';
import { EMAIL_FIELD, MODAL, cookies, gone, pendingTimers, popupSuite, shown, trackTimers } from './popup-env';

const { T, ctx } = popupSuite('loader: embed-full.js (destroy, consent first, scoped cookies)');

const FULL = '/js/signup-forms/popup/embed-full.js';

/** A host page with an opener link, the queued snippet starting `options`, then the loader at `path`. */
const hostPage = (fx: Fixture, options: Record<string, unknown>, path = FULL, attrs = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<main><h1>Host page</h1><p><a href="#later" id="open" ${OPEN_ATTR}>Subscribe</a></p></main>
<script>window.dojoRequire=window.dojoRequire||function(){(dojoRequire.q=dojoRequire.q||[]).push(arguments)};
${attrs ? '' : `dojoRequire(["${LOADER_MODULE}"],function(L){L.start(${JSON.stringify(options)})});`}
</script>
<script async src="${fx.origin}${path}" ${attrs}></script>
</body></html>`;

let n = 0;
/** A new account (an e-mail form) and the URL of its host page on localhost. */
const account = (settings: Record<string, unknown>, options: Record<string, unknown> = {}, path = FULL, attrs = '') => {
  const uuid = `full${++n}`;
  ctx.fx.forms.set(uuid, { settings: { fields: [EMAIL_FIELD], ...settings } });
  const all = { baseUrl: ctx.fx.host, uuid, lid: 'list1', ...options };
  const html = hostPage(ctx.fx, all, path, attrs.replace('UUID', uuid));
  return { uuid, url: ctx.fx.page(`${uuid}.html`, html).replace('//127.0.0.1:', '//localhost:') };
};
/** Provider calls for this account, of any kind. */
const callsOf = (uuid: string) => ctx.fx.seen.filter((c) => c.query.u === uuid);

/** Runs `method` on the loader object, through the page's dojoRequire; returns what it returned. */
const call = (page: Page, method: string) =>
  page.evaluate(
    ([m, name]) => {
      let out: unknown;
      window.dojoRequire!([m], (L) => {
        out = (L as Record<string, () => unknown>)[name]();
      });
      return out;
    },
    [LOADER_MODULE, method],
  );

/** What the embed left on the page: frames, inert elements, the root's overflow, the shared state. */
const leftovers = (page: Page) =>
  page.evaluate(() => ({
    frames: document.querySelectorAll('iframe').length,
    inert: document.querySelectorAll('[inert]').length,
    overflow: document.documentElement.style.overflow,
    started: !!window.__mcsf?.started,
    popup: !!window.__mcsf?.popup,
  }));
const NOTHING = { frames: 0, inert: 0, overflow: '', started: false, popup: false };

T('embed.js carries start and open only; embed-full.js adds destroy and grantConsent', async () => {
  const { context, page } = await newPage(ctx.browser);
  for (const [path, want] of [
    ['/js/signup-forms/popup/embed.js', ['open', 'start']],
    [FULL, ['destroy', 'grantConsent', 'open', 'start']],
  ] as const) {
    await page.goto(account({ popupDelay: 600 }, {}, path).url);
    await page.waitForFunction(() => typeof window.dojoRequire === 'function' && !('q' in window.dojoRequire));
    const keys = await page.evaluate(
      (m) => new Promise<string[]>((r) => window.dojoRequire!([m], (L) => r(Object.keys(L as object).sort()))),
      LOADER_MODULE,
    );
    assert.equal(keys, [...want], path);
  }
  await context.close();
});

T(
  'destroy before the trigger: nothing shows, nothing stays; a new start shows; destroy takes the shown popup',
  async () => {
    const { uuid, url } = account({ popupDelay: 1 });
    const { context, page, log } = await newPage(ctx.browser);
    await installClock(page);
    const answered = page.waitForEvent('requestfinished', (r) => r.url().includes(`u=${uuid}`));
    await page.goto(url);
    // The settings' answer has run (the trigger armed), then destroy, then past the trigger's second at once.
    await answered;
    await settle(page);
    await call(page, 'destroy');
    await quiet(page, 1500);
    assert.equal(await leftovers(page), NOTHING, 'the trigger was disarmed');
    // The opener is the page's own link again: it follows its href.
    await page.click('#open');
    await page.waitForFunction(() => location.hash === '#later');
    assert.is(await page.$(MODAL), null);
    assert.is(await call(page, 'open'), false, 'open after destroy has nothing to open');

    // A new start works: one more settings call, the popup on its trigger.
    await page.evaluate(([m, o]) => window.dojoRequire!([m], (L) => (L as { start(o: unknown): void }).start(o)), [
      LOADER_MODULE,
      { baseUrl: ctx.fx.host, uuid, lid: 'list1' },
    ] as const);
    await shown(page, MODAL);
    assert.is(callsOf(uuid).filter((c) => c.path === 'form-settings').length, 2);
    // The modal holds the host a task after it shows.
    await page.waitForFunction(() => document.querySelectorAll('[inert]').length > 0);
    await call(page, 'destroy');
    assert.equal(await leftovers(page), NOTHING, 'frames, inert host and overflow gone');
    assert.equal(Object.keys(await cookies(context)), [], 'destroy writes no cookie');
    assert.equal(log.errors, []);
    await context.close();
  },
);

T('destroyed before the page has loaded: it stops waiting for the load, and asks nothing after it', async () => {
  const { uuid } = account({ popupDelay: 0 });
  // The same host page with an image that holds its load.
  const html = hostPage(ctx.fx, { baseUrl: ctx.fx.host, uuid, lid: 'list1' });
  const url = ctx.fx
    .page(`${uuid}-held.html`, html.replace('</main>', '<img src="/held.svg" alt=""></main>'))
    .replace('//127.0.0.1:', '//localhost:');
  const { context, page, log } = await newPage(ctx.browser);
  await trackTimers(page);
  // An image held until the test releases it holds the page's load.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/held.svg', async (r) => {
    await held;
    await r.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => !!window.__mcsf?.started);
  assert.is(await page.evaluate(() => document.readyState), 'interactive');
  await call(page, 'destroy');
  // Until the loader's next look at the page (LOAD_POLL_MS), which finds it destroyed and sets no other: a start that
  // went on polling would keep a timer of the embed pending, and the wait fails.
  await page.waitForFunction(
    () =>
      ![...(window as unknown as { __timers: Map<number, string> }).__timers.values()].some((t) =>
        t.includes('embed-full.js'),
      ),
    undefined,
    { timeout: 15000 },
  );
  assert.equal(
    (await pendingTimers(page)).filter((t) => t.includes('embed-full.js')),
    [],
  );
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  release();
  await page.waitForFunction(() => document.readyState === 'complete');
  // No timer of the embed is pending, so nothing of it can run later: only the load itself could have asked.
  await settle(page);
  assert.equal(
    (await pendingTimers(page)).filter((t) => t.includes('embed-full.js')),
    [],
  );
  assert.equal(
    requests.filter((u) => u.includes('/subscribe/')),
    [],
    'no call after the load',
  );
  assert.equal(callsOf(uuid), [], 'no call after the load');
  assert.equal(await leftovers(page), NOTHING);
  assert.equal(log.errors, []);
  await context.close();
});

T('a settings answer that comes after destroy does nothing', async () => {
  const { uuid, url } = account({ popupDelay: 0 });
  const { context, page, log } = await newPage(ctx.browser);
  const requests = await installClock(page);
  // The settings answer is held until the test releases it.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let asked = () => {};
  const call1 = new Promise<void>((r) => (asked = r));
  await page.route('**/subscribe/form-settings?**', async (r) => {
    asked();
    await held;
    await r.continue();
  });
  const answered = page.waitForEvent('requestfinished', (r) => r.url().includes('/subscribe/form-settings'));
  await page.goto(url);
  await call1;
  await call(page, 'destroy');
  release();
  await answered;
  // Past the answer's script, its trigger (popupDelay 0) and the warm-up: popup.js would have been asked for.
  await quiet(page, 1200);
  assert.equal(await leftovers(page), NOTHING);
  assert.not.ok(
    requests.some((u) => u.endsWith('/popup.js')),
    'popup.js not asked for',
  );
  assert.is(callsOf(uuid).filter((c) => c.path === 'form-settings').length, 1);
  assert.equal(log.errors, []);
  await context.close();
});

T('consent awaited: no request and no cookie until granted, openers do nothing; then it runs', async () => {
  const requests: string[] = [];
  const { uuid, url } = account({ popupDelay: 0 }, { consent: 'wait' });
  const { context, page, log } = await newPage(ctx.browser);
  await installClock(page);
  page.on('request', (r) => {
    if (r.url().includes('/subscribe/')) requests.push(r.url());
  });
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  // Past the loader's look at the loaded page and any trigger, at once: nothing may be asked while consent waits.
  await quiet(page, 1500);
  await page.click('#open');
  assert.is(await call(page, 'open'), false);
  await quiet(page, 500);
  assert.equal(requests, [], 'no request to the provider');
  assert.equal(callsOf(uuid), []);
  assert.equal(Object.keys(await cookies(context)), [], 'no cookie');
  assert.is(await page.$(MODAL), null);

  await call(page, 'grantConsent');
  await shown(page, MODAL);
  assert.is(callsOf(uuid).filter((c) => c.path === 'form-settings').length, 1);
  assert.equal(log.errors, []);
  await context.close();
});

T('data-consent="wait" on the script tag; consent granted before the start starts at once', async () => {
  const { uuid, url } = account(
    { popupDelay: 0 },
    {},
    FULL,
    `data-base-url="${ctx.fx.host}" data-uuid="UUID" data-lid="list1" data-consent="wait"`,
  );
  const { context, page, log } = await newPage(ctx.browser);
  const requests = await installClock(page);
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  // Past the loader's look at the loaded page, at once: nothing may be asked before consent.
  await quiet(page, 1000);
  assert.not.ok(
    requests.some((u) => u.includes('/subscribe/')),
    'no request before consent',
  );
  assert.equal(callsOf(uuid), [], 'nothing asked before consent');
  await call(page, 'grantConsent');
  await shown(page, MODAL);
  await page.keyboard.press('Escape');
  await gone(page, MODAL);

  // A page that granted consent first (its consent tool answered early): a waiting start begins at once.
  await call(page, 'destroy');
  await page.evaluate(([m, o]) => window.dojoRequire!([m], (L) => (L as { start(o: unknown): void }).start(o)), [
    LOADER_MODULE,
    { baseUrl: ctx.fx.host, uuid, lid: 'list1', consent: 'wait', ignoreCookie: true },
  ] as const);
  await shown(page, MODAL);
  assert.equal(log.errors, []);
  await context.close();
});

T('scopeCookies: closing one form leaves another form of the same site showing', async () => {
  const a = account({ popupDelay: 0 }, { lid: 'launch-1', f_id: 'fa', scopeCookies: true });
  const b = account({ popupDelay: 0 }, { lid: 'news', scopeCookies: true });
  const { context, page, log } = await newPage(ctx.browser);
  const requests = await installClock(page);
  await page.goto(a.url);
  await shown(page, MODAL);
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
  const jar = await cookies(context);
  assert.ok(jar[`${COOKIE_CLOSED}_launch_1_fa`], 'the closed cookie carries the list and form');
  assert.not.ok(jar[COOKIE_CLOSED], 'not the unscoped one');

  await page.goto(b.url);
  await shown(page, MODAL);
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
  assert.ok((await cookies(context))[`${COOKIE_CLOSED}_news`]);

  // Form A again: its own cookie holds it back, before any settings call.
  const before = callsOf(a.uuid).length;
  const asked = requests.length;
  await page.goto(a.url);
  await page.waitForFunction(() => document.readyState === 'complete');
  // Past the loader's look at the loaded page and its cookie check, at once: a settings call would have gone out.
  await quiet(page, 800);
  assert.not.ok(
    requests.slice(asked).some((u) => u.includes('/subscribe/')),
    'no request for a form this visitor closed',
  );
  assert.is(callsOf(a.uuid).length, before, 'no call for a form this visitor closed');
  assert.equal(log.errors, []);
  await context.close();
});

T('the Trusted Types policy passes http(s) script URLs only; anything else becomes an empty src', async () => {
  const uuid = `full${++n}`;
  ctx.fx.forms.set(uuid, { settings: { fields: [EMAIL_FIELD], popupDelay: 600 } });
  const url = ctx.fx.page(
    `${uuid}.html`,
    hostPage(ctx.fx, { baseUrl: ctx.fx.host, uuid, lid: 'list1' }, '/js/signup-forms/popup/embed.js'),
    { 'Content-Security-Policy': "require-trusted-types-for 'script'; trusted-types signup-popup" },
  );
  const { context, page, log } = await newPage(ctx.browser);
  await page.goto(url);
  await page.waitForFunction(() => !!window.__mcsf?.tt);
  const out = await page.evaluate(() =>
    [
      'https://cdn.example/a.js',
      '//cdn.example/b.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      '/x.js',
    ].map((u) => String(window.__mcsf!.tt!.createScriptURL(u))),
  );
  assert.equal(out, ['https://cdn.example/a.js', '//cdn.example/b.js', '', '', '']);
  assert.equal(log.errors, []);
  await context.close();
});

T.run();
