/**
 * What our scripts leave on the host page's window: only the names the product's contract needs. A third-party
 * script that declares top-level variables collides with the page's own scripts and with its siblings (a minifier
 * once unwrapped form-extras.js and blog.js into top-level `var e, t, …`: the blog's script then overwrote
 * form-extras.js's country list, and an address field threw). Every shipped script runs here on one page: embed.js,
 * embed-extras.js and embed-rules.js (the form has display rules), popup.js, form-extras.js and countries.js through a
 * whole open of a form that needs them, and blog.js.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launch, newPage, plain, startFixture } from './harness';
import { EMAIL_FIELD, MODAL, shown } from './popup-env';

/** Globals the product defines on purpose: the shared hand-off object and the Mailchimp snippet's entry point. */
const ALLOWED = ['__mcsf', 'dojoRequire'];

test(`embed.js, embed-extras.js, embed-rules.js, popup.js, form-extras.js, \
countries.js and blog.js add no global but __mcsf and dojoRequire`, async () => {
  const browser = await launch();
  const fx = await startFixture();
  try {
    const address = { type: 'address', name: 'ADDRESS', label: 'Address', required: false, merge_id: 2 };
    const radio = {
      type: 'radio',
      name: 'FREQ',
      label: 'How often',
      required: false,
      merge_id: 3,
      choices: [{ value: 'Weekly', label: 'Weekly' }],
    };
    fx.forms.set('globals', {
      settings: { popupDelay: 0, fields: [EMAIL_FIELD, address, radio], showOn: { include: ['*'] } },
    });
    // The page records its own globals first, then loads our scripts: the difference is ours alone.
    const url = fx.page(
      'globals.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Globals</title></head>
<body><main><h1>Host</h1></main>
<script>window.before = Object.getOwnPropertyNames(window)</script>
<script src="${fx.origin}/blog/blog.js"></script>
<script src="${fx.origin}/js/signup-forms/popup/embed.js"></script>
<script>window.dojoRequire(["mojo/signup-forms/Loader"], function (L) {
L.start(${JSON.stringify({ baseUrl: fx.host, uuid: 'globals', lid: 'l1' })}) })</script>
</body></html>`,
    );
    const { page, context, log } = await newPage(browser);
    await page.goto(url);
    const { frame } = await shown(page, MODAL);
    await frame.waitForSelector('select[name="ADDRESS[country]"] option[value="262"]', { state: 'attached' });
    const loaded = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).map((u) =>
      plain(u).split('/').pop(),
    );
    for (const f of [
      'blog.js',
      'embed.js',
      'embed-extras.js',
      'embed-rules.js',
      'popup.js',
      'form-extras.js',
      'countries.js',
    ])
      assert.ok(loaded.includes(f), `${f} ran on the page`);
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { before: string[] }).before);
      // Indexed names are the page's child frames (our popup's iframe), not variables.
      return Object.getOwnPropertyNames(window).filter((k) => !before.has(k) && k !== 'before' && !/^\d+$/.test(k));
    });
    assert.equal(added.sort(), ALLOWED);
    assert.equal(log.errors, []);
    await context.close();
  } finally {
    await browser.close();
    await fx.close();
  }
});

test.run();
