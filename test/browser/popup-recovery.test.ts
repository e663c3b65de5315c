/**
 * What the visitor gets back after something went wrong, with the shipped popup in Chromium: a host page that takes
 * the popup's frame away or hides it never stays held (inert, unscrollable); a file beside popup.js that failed once
 * is fetched again; a submit keeps the focus of the visitor who pressed it, and each failure is announced.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { EMAIL_FIELD, MODAL, gone, openHost, popupSuite, shown } from './popup-env';
import { beside } from './harness';
import { ERR_NO_IFRAME, LOADER_MODULE } from '../../src/constants';

const { T, ctx } = popupSuite('popup: recovery');

/** Whether the host page is held: its main inert, its root unscrollable. */
const held = (page: Page) =>
  page.evaluate(() => (document.querySelector('main') as HTMLElement).inert || document.documentElement.style.overflow);

/** Opens the popup on demand, as a site's own button does (issue 14). */
const open = (page: Page) =>
  page.evaluate((m) => window.dojoRequire!([m], (L) => (L as { open(): void }).open()), LOADER_MODULE);

T('the host page takes the frame away: the page is released, and an open shows the popup again', async () => {
  const { page, context, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 1 });
  try {
    await shown(page, MODAL);
    assert.ok(await held(page), 'a shown modal holds the page');
    // A single-page app rendering its body anew.
    await page.evaluate(() => {
      for (const f of document.querySelectorAll('iframe')) f.remove();
    });
    await page.waitForFunction(() => !(document.querySelector('main') as HTMLElement).inert);
    assert.not.ok(await held(page));
    await open(page);
    await shown(page, MODAL);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T(
  'the host page takes the frame away before it has loaded: one warning, nothing left, an open shows it again',
  async () => {
    const { page, context, log } = await openHost(
      ctx.browser,
      ctx.fx,
      { popupDelay: 1 },
      {
        // A single-page app rendering its body anew the moment the popup's first frame is added, before its document
        // (srcdoc, src/popup/piece.ts) has loaded: that frame never loads.
        before: (p) =>
          p.addInitScript(() => {
            const seen = new MutationObserver((records, self) => {
              for (const r of records)
                for (const n of r.addedNodes)
                  if (n instanceof HTMLIFrameElement) {
                    self.disconnect();
                    n.remove();
                  }
            });
            seen.observe(document, { childList: true, subtree: true });
          }),
      },
    );
    try {
      const warned = () => log.console.filter((m) => m.text.includes('signup popup:'));
      // The session waits SHEETS_TIMEOUT_MS (3 s) for a load that never comes, then ends.
      await page.waitForFunction(() => (window as unknown as { __mcsf?: { show?: unknown } }).__mcsf?.show);
      for (let t = 0; t < 100 && !warned().length; t++) await page.waitForTimeout(100);
      assert.is(warned().length, 1, JSON.stringify(log.console));
      assert.match(warned()[0].text, ERR_NO_IFRAME);
      assert.is(await page.$$eval('iframe', (f) => f.length), 0, 'nothing left');
      assert.not.ok(await held(page), 'not held');
      await open(page);
      await shown(page, MODAL);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T("the host page's stylesheet hides iframes: the modal does not hold the page, and says why once", async () => {
  const { page, context, log } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 1 },
    {
      before: (p) =>
        p.addInitScript(() =>
          document.addEventListener('DOMContentLoaded', () => {
            const s = document.createElement('style');
            s.textContent = 'iframe { display: none !important }';
            document.head.append(s);
          }),
        ),
    },
  );
  try {
    await page.waitForFunction(() => (window as unknown as { __mcsf?: { show?: unknown } }).__mcsf?.show);
    await page.waitForTimeout(2500);
    assert.not.ok(await held(page), 'not held');
    assert.is(await page.$$eval('iframe', (f) => f.length), 0, 'nothing left');
    const warned = log.console.filter((m) => m.text.includes('signup popup:'));
    assert.is(warned.length, 1, JSON.stringify(log.console));
    assert.match(warned[0].text, /hides/);
  } finally {
    await context.close();
  }
});

T('form-extras.js fails once while warming up: the trigger fetches it again and the popup shows', async () => {
  let asked = 0;
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    // A birthday field comes with form-extras.js.
    { popupDelay: 2, fields: [EMAIL_FIELD, { type: 'birthday', name: 'BDAY', label: 'Birthday', merge_id: 3 }] },
    {
      before: (p) =>
        p.route(
          (u) => beside('form-extras.js').test(u.pathname),
          (r) => (++asked === 1 ? r.abort() : r.continue()),
        ),
    },
  );
  try {
    await shown(page, MODAL);
    assert.is(asked, 2);
  } finally {
    await context.close();
  }
});

T('a slow submit keeps the focus on the button pressed; the same failure twice is announced twice', async () => {
  const { page, context, uuid } = await openHost(ctx.browser, ctx.fx, { popupDelay: 1 });
  try {
    const { frame } = await shown(page, MODAL);
    const form = ctx.fx.forms.get(uuid)!;
    form.delayMs = 1500;
    form.submit = () => ({ result: 'error', msg: 'The list is closed for today.' });
    await frame.fill('input[name=EMAIL]', 'slow@example.com');
    // Every node added to the alert region, as a screen reader hears it.
    await frame.evaluate(() => {
      const w = window as unknown as { added: number };
      w.added = 0;
      new MutationObserver((rs) => {
        for (const r of rs) w.added += r.addedNodes.length;
      }).observe(document.querySelector('.mc-flash')!, { childList: true, subtree: true });
    });
    for (let i = 1; i <= 2; i++) {
      await frame.click('button[type=submit]');
      await frame.waitForSelector('button[aria-disabled=true]');
      assert.is(await frame.evaluate(() => document.activeElement!.getAttribute('type')), 'submit', 'focus stays');
      await frame.waitForSelector('button[aria-disabled=false]');
      assert.is(await frame.evaluate(() => document.activeElement!.getAttribute('type')), 'submit');
      assert.ok((await frame.evaluate(() => (window as unknown as { added: number }).added)) >= i, `announced ${i}`);
    }
    await page.keyboard.press('Escape');
    await gone(page, MODAL);
  } finally {
    await context.close();
  }
});

T('settings without a field to fill: nothing shows, the page is not held, one warning says why', async () => {
  for (const fields of [[], { EMAIL: EMAIL_FIELD }]) {
    const { page, context, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 0, fields });
    try {
      await page.waitForFunction(() => (window as unknown as { __mcsf?: { show?: unknown } }).__mcsf?.show);
      await page.waitForTimeout(1000);
      assert.is(await page.$$eval('iframe', (f) => f.length), 0, JSON.stringify(fields));
      assert.not.ok(await held(page));
      const warned = log.console.filter((m) => m.text.includes('signup popup:')).map((m) => m.text);
      assert.ok(warned.length >= 1 && warned.every((t) => /no fields/.test(t)), JSON.stringify(warned));
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  }
});

T.run();
