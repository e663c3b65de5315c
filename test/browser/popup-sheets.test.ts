/**
 * Each popup frame is rendered once its stylesheets are in (issue 12.2), on the shipped popup.js and form-extras.js:
 * rendered while they load, a piece was laid out unstyled for nothing (Chromium lays a frame out as soon as its
 * written document has loaded), then again once styled. While one stylesheet is held, the frame stands hidden with an
 * empty body; released, the piece renders and shows.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { sleep } from './harness';
import { BANNER, MODAL, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('popup frames render styled');

/** Holds every request for a path ending with `file` until `release` is called. */
const holdSheet = (file: string) => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const before = (page: Page) =>
    page.route(
      (u) => u.pathname.endsWith(file),
      async (r) => {
        await held;
        await r.continue();
      },
    );
  return { before, release };
};

/** The frame's state: hidden or not, its stylesheet links, and how many elements its body holds. */
const frameState = (page: Page, sel: string) =>
  page.$eval(sel, (f) => {
    const d = (f as HTMLIFrameElement).contentDocument!;
    return {
      hidden: (f as HTMLIFrameElement).style.visibility == 'hidden',
      links: d.querySelectorAll('link[rel=stylesheet]').length,
      rendered: d.body ? d.body.querySelectorAll('*').length : 0,
    };
  });

const cases: [string, string, string, Record<string, unknown>, { width: number; height: number }][] = [
  ['modal', MODAL, '/layout-1.css', { popupDelay: 0 }, { width: 1280, height: 800 }],
  [
    'banner',
    BANNER,
    '/banner.css',
    { popupDelay: 0, useMobileBanner: 'Y', bannerDescription: '<p>Get our letter</p>' },
    { width: 375, height: 700 },
  ],
];

for (const [name, sel, file, settings, viewport] of cases)
  T(`${name}: nothing is rendered in its frame while a stylesheet loads; then it renders and shows`, async () => {
    const hold = holdSheet(file);
    const { page, context, log } = await openHost(ctx.browser, ctx.fx, settings, { viewport, before: hold.before });
    try {
      await page.waitForFunction(
        (s) => {
          const f = document.querySelector<HTMLIFrameElement>(s);
          return !!f && !!f.contentDocument && f.contentDocument.querySelectorAll('link').length > 0;
        },
        sel,
        { timeout: 20000 },
      );
      // Long enough for the other stylesheets (loopback) and a render, well inside SHEETS_TIMEOUT_MS (3 s).
      await sleep(700);
      const waiting = await frameState(page, sel);
      assert.ok(waiting.hidden, 'hidden while a stylesheet loads');
      assert.ok(waiting.links > 0, 'its stylesheets linked');
      assert.is(waiting.rendered, 0, 'nothing rendered before its stylesheets are in');
      hold.release();
      await shown(page, sel);
      assert.ok((await frameState(page, sel)).rendered > 3, 'rendered once they are in');
      assert.equal(log.errors, []);
    } finally {
      hold.release();
      await context.close();
    }
  });

T.run();
