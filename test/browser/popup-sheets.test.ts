/**
 * Each popup frame is rendered once its stylesheets are in (issue 12.2), on the shipped popup.js and form-extras.js:
 * rendered while they load, a piece was laid out unstyled for nothing (Chromium lays a frame out as soon as its
 * written document has loaded), then again once styled. While one stylesheet is held, the frame stands hidden with an
 * empty body; released, the piece renders and shows.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DIST, beside, plain } from './harness';
import { BANNER, MODAL, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('popup frames render styled');

/** Holds every request for a path ending with `file` until `release` is called. */
const holdSheet = (file: string) => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const before = (page: Page) =>
    page.route(
      (u) => plain(u.pathname).endsWith(file),
      async (r) => {
        await held;
        await r.continue();
      },
    );
  return { before, release };
};

/**
 * The frame's state 500 ms after its stylesheets are linked: hidden or not, its links, how many elements its body
 * holds. Waited for and read inside the page, by timers of the same page as the popup's own time-out
 * (SHEETS_TIMEOUT_MS, 3 s, set as the links are added): timers fire in the order they expire, so however slow the
 * machine, the frame is read before that time-out could render it unstyled.
 */
const stateWhileHeld = (page: Page, sel: string) =>
  page.evaluate(async (s) => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const linked = () => {
      const f = document.querySelector<HTMLIFrameElement>(s);
      return f?.contentDocument?.querySelector('link') ? f : null;
    };
    let f = linked();
    for (let waited = 0; !f; waited += 20) {
      if (waited > 20000) throw Error(`no ${s} with its stylesheets linked within 20 s`);
      await sleep(20);
      f = linked();
    }
    await sleep(500);
    const d = f.contentDocument!;
    return {
      hidden: f.style.visibility === 'hidden',
      links: d.querySelectorAll('link[rel=stylesheet]').length,
      rendered: d.body ? d.body.querySelectorAll('*').length : 0,
    };
  }, sel);

/** How many elements the frame's body holds. */
const rendered = (page: Page, sel: string) =>
  page.$eval(sel, (f) => (f as HTMLIFrameElement).contentDocument!.body.querySelectorAll('*').length);

const cases: [string, string, string, Record<string, unknown>, { width: number; height: number }][] = [
  ['modal', MODAL, '/modal-1.css', { popupDelay: 0 }, { width: 1280, height: 800 }],
  [
    'banner',
    BANNER,
    '/mobile-banner.css',
    { popupDelay: 0, useMobileBanner: 'Y', bannerDescription: '<p>Get our letter</p>' },
    { width: 375, height: 700 },
  ],
];

for (const [name, sel, file, settings, viewport] of cases)
  T(`${name}: nothing is rendered in its frame while a stylesheet loads; then it renders and shows`, async () => {
    const hold = holdSheet(file);
    const { page, context, log } = await openHost(ctx.browser, ctx.fx, settings, { viewport, before: hold.before });
    try {
      const waiting = await stateWhileHeld(page, sel);
      assert.ok(waiting.hidden, 'hidden while a stylesheet loads');
      assert.ok(waiting.links > 0, 'its stylesheets linked');
      assert.is(waiting.rendered, 0, 'nothing rendered before its stylesheets are in');
      hold.release();
      await shown(page, sel);
      assert.ok((await rendered(page, sel)) > 3, 'rendered once they are in');
      assert.equal(log.errors, []);
    } finally {
      hold.release();
      await context.close();
    }
  });

T(
  `spec 7.2's stylesheets stay served, versioned and for dev, beside each frame's own sheet made of them; \
the sheets the popup links are named for their build in the versioned folders`,
  async () => {
    const spec = [
      'common.css',
      'modal.css',
      'modal-slidein.css',
      'modal-fixed.css',
      ...[1, 2, 3, 4, 5].map((t) => `layout-${t}.css`),
      'layout-fixed.css',
      'banner.css',
    ];
    const frames = [...[1, 2, 3, 4, 5].flatMap((t) => [`modal-${t}.css`, `slide-${t}.css`]), 'fixed-1.css'];
    const linked = [...frames, 'mobile-banner.css', 'form-extras.css', 'fonts.css'];
    const text = async (path: string, status = 200) => {
      const r = await fetch(ctx.fx.origin + path);
      assert.is(r.status, status, path);
      if (status === 200) assert.match(r.headers.get('content-type') || '', /^text\/css/, path);
      return r.text();
    };
    /** The versioned name of a sheet the popup links (build/release.mjs): the one file of dist/ its pattern matches. */
    const named = (dir: string, f: string) => {
      const found = readdirSync(join(DIST, dir)).filter((n) => beside(f).test(`/${n}`));
      assert.is(found.length, 1, `${dir}${f}: ${found}`);
      return dir + found[0];
    };
    for (const dir of ['/css/signup-forms/popup/1.0/', '/css/signup-forms/popup/1.1/']) {
      for (const f of spec) assert.ok((await text(dir + f)).length > 100, dir + f);
      for (const f of linked) {
        assert.ok((await text(named(dir, f))).length > 100, named(dir, f));
        await text(dir + f, 404);
      }
    }
    // The dev folder (spec 7.2's `env: 'dev'`, embed.dev.js) keeps plain names.
    for (const f of [...spec, ...linked]) assert.ok((await text('/css/signup-forms/popup/' + f)).length > 100, f);
    // A frame's sheet holds its parts' rules: the template's image rule, the variation's dialog, common's close button.
    const own = await text(named('/css/signup-forms/popup/1.0/', 'modal-4.css'));
    for (const rule of ['.mc-close{', '.mc-overlay{', '.mc-edge .mc-image{top:0']) assert.ok(own.includes(rule), rule);
  },
);

T.run();
