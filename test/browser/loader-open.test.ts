/**
 * What site owners ask of the shipped embed.js and popup.js (issue 14) and the host page's `load` (issue 12.4), in
 * Chromium: an opener (`data-mc-popup-open`) and `L.open()` open the popup whatever its trigger and cookies, by
 * keyboard, with focus back on the opener and no cookie the visitor did not earn; again after a close and after a
 * subscribe. The README's queued snippet never throws when embed.js is blocked and runs its calls when embed.js comes
 * late. A provider that never answers never holds the page's `load`.
 */
import * as assert from 'uvu/assert';
import { COOKIE_CLOSED, COOKIE_SUBSCRIBED, LOADER_MODULE } from '../../src/constants';
import { OPEN_ATTR } from '../../src/loader/constants';
import { installClock, newPage, quiet, until, type Fixture } from './harness';
import { EMAIL_FIELD, MODAL, cookies, focusAt, gone, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('loader: open on demand, queued snippet, load');

/** A host page with an opener button, started by the README's queued snippet (the stub before embed.js). */
const queuedPage = (fx: Fixture, uuid: string, embedAsync = true) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<main><h1>Host page</h1><p><button type="button" id="open" ${OPEN_ATTR}>Subscribe</button></p></main>
<script>window.dojoRequire=window.dojoRequire||function(){(dojoRequire.q=dojoRequire.q||[]).push(arguments)};
dojoRequire(["${LOADER_MODULE}"],function(L){L.start(${JSON.stringify({ baseUrl: fx.host, uuid, lid: 'list1' })})});
</script>
<script ${embedAsync ? 'async ' : ''}src="${fx.origin}/js/signup-forms/popup/embed.js"></script>
</body></html>`;

let n = 0;
/** A new account with these settings (an e-mail form), and the URL of its queued host page, served as localhost. */
const account = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const uuid = `open${++n}`;
  ctx.fx.forms.set(uuid, { settings: { fields: [EMAIL_FIELD], ...settings }, ...extra });
  const url = ctx.fx.page(`${uuid}.html`, queuedPage(ctx.fx, uuid)).replace('//127.0.0.1:', '//localhost:');
  return { uuid, url };
};
const settingsCalls = (uuid: string) => ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid).length;

T('an opener opens it by keyboard whatever its trigger; focus comes back; no cookie but the close’s', async () => {
  // A trigger ten minutes away: only the opener can open it here.
  const { uuid, url } = account({ popupDelay: 600 });
  const { context, page, log } = await newPage(ctx.browser);
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.focus('#open');
  await page.keyboard.press('Enter');
  await shown(page, MODAL);
  assert.is(await focusAt(page), 'frame:EMAIL', 'focus moved into the modal');
  assert.equal(Object.keys(await cookies(context)), [], 'opening sets no cookie');
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
  assert.is(await focusAt(page), 'host:open', 'focus is back on the opener');
  assert.ok((await cookies(context))[COOKIE_CLOSED], 'closing sets the closed cookie');
  // Again, after the close: the settings are not asked twice.
  await page.keyboard.press('Enter');
  await shown(page, MODAL);
  assert.is(settingsCalls(uuid), 1, 'one settings call');
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
  assert.is(await focusAt(page), 'host:open');
  assert.equal(log.errors, []);
  await context.close();
});

T('with the closed cookie: no settings call on load; a click asks for them and opens; so does L.open()', async () => {
  const { uuid, url } = account({ popupDelay: 0 });
  const { context, page, log } = await newPage(ctx.browser);
  const requests = await installClock(page);
  await context.addCookies([{ name: COOKIE_CLOSED, value: '1', url }]);
  await page.goto(url);
  // Past the loader's look at the loaded page and its cookie check, at once: a settings call would have gone out.
  await quiet(page, 800);
  assert.not.ok(
    requests.some((u) => u.endsWith('/form-settings')),
    'no settings request',
  );
  assert.is(settingsCalls(uuid), 0, 'the cookie stops the settings call');
  assert.is(await page.$(MODAL), null, 'nothing shows');
  await page.click('#open');
  await shown(page, MODAL);
  assert.is(settingsCalls(uuid), 1);
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
  await page.evaluate((m) => window.dojoRequire!([m], (L) => (L as { open(): void }).open()), LOADER_MODULE);
  await shown(page, MODAL);
  assert.is(settingsCalls(uuid), 1, 'still one settings call');
  assert.equal(log.errors, []);
  await context.close();
});

T('after a subscribe the opener opens a fresh form', async () => {
  const { url } = account({ popupDelay: 600, confirmationDuration: 1 });
  const { context, page, log } = await newPage(ctx.browser);
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.click('#open');
  const { frame } = await shown(page, MODAL);
  await frame.fill('input[name=EMAIL]', 'reader@example.com');
  await frame.click('button[type=submit]');
  await gone(page, MODAL);
  assert.ok((await cookies(context))[COOKIE_SUBSCRIBED], 'the subscribe set its cookie');
  await page.click('#open');
  const again = await shown(page, MODAL);
  assert.is(await again.frame.inputValue('input[name=EMAIL]'), '', 'a fresh form');
  assert.equal(log.errors, []);
  await context.close();
});

T('the queued snippet: embed.js blocked throws nothing; embed.js late runs the queued start', async () => {
  const blocked = account({ popupDelay: 0 });
  const one = await newPage(ctx.browser);
  await installClock(one.page);
  await one.page.route(
    (u) => u.pathname.endsWith('/embed.js'),
    (r) => r.abort(),
  );
  await one.page.goto(blocked.url);
  await one.page.click('#open');
  // The click's handlers and whatever timers they set, at once: an error would be thrown by then.
  await quiet(one.page, 500);
  assert.equal(one.log.errors, [], 'no error in the host page');
  assert.is(settingsCalls(blocked.uuid), 0);
  await one.context.close();

  const late = account({ popupDelay: 0 });
  const two = await newPage(ctx.browser);
  // embed.js comes once the page has been parsed and its snippet has queued the start.
  let queued = () => {};
  const ready = new Promise<void>((r) => (queued = r));
  await two.page.route(
    (u) => u.pathname.endsWith('/embed.js'),
    async (r) => {
      await ready;
      await r.continue();
    },
  );
  await two.page.goto(late.url, { waitUntil: 'commit' });
  await two.page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      ((window.dojoRequire as unknown as { q?: unknown[] } | undefined)?.q || []).length === 1,
  );
  queued();
  await shown(two.page, MODAL);
  assert.is(settingsCalls(late.uuid), 1);
  assert.equal(two.log.errors, []);
  await two.context.close();
});

T('popup.js that failed to load (the warm-up’s) is asked for again by the next open', async () => {
  const { url } = account({ popupDelay: 600 });
  const { context, page } = await newPage(ctx.browser);
  let asked = 0;
  // The first request for popup.js fails, as on a network blip; later ones reach the content host.
  await page.route(
    (u) => u.pathname.endsWith('/popup.js'),
    (r) => (++asked === 1 ? r.abort() : r.continue()),
  );
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  // The warm-up asks for popup.js once the settings are in and the page is idle.
  await until(() => asked >= 1, 'the warm-up asking for popup.js', 5000);
  assert.is(asked, 1, 'the warm-up asked for popup.js');
  await page.click('#open');
  await shown(page, MODAL);
  assert.is(asked, 2, 'the open asked again');
  await context.close();
});

T('a provider that never answers never holds the page’s load, nor does its campaign check', async () => {
  for (const query of ['', '?mc_eid=e1&mc_cid=c1']) {
    const { uuid } = account({ popupDelay: 0 }, { mode: 'hang' });
    const { context, page, log } = await newPage(ctx.browser);
    const t = Date.now();
    // A synchronous embed.js, the old snippet's way: the strictest case.
    await page.goto(ctx.fx.page(`${uuid}-sync.html`, queuedPage(ctx.fx, uuid, false)) + query, {
      waitUntil: 'load',
      timeout: 15000,
    });
    assert.ok(Date.now() - t < 8000, 'load fired');
    const path = query ? 'is-email-subscribed' : 'form-settings';
    await until(() => ctx.fx.calls(path).some((c) => c.query.u === uuid), `${path} asked`, 5000);
    assert.is(ctx.fx.calls(path).filter((c) => c.query.u === uuid).length, 1, `${path} was asked, after load`);
    assert.equal(log.errors, []);
    await context.close();
  }
});

T.run();
