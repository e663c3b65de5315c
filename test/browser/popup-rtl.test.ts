/**
 * Right to left (issue 35 item 5) in Chromium, from a real embed.js start: every variant and the banner on a
 * right-to-left page take its lang and dir and mirror (Close at the top left, nothing under it, the slide-in at the
 * bottom left, templates 2 and 4's image on the other side). Each test opens its forms in as few pages as it can
 * (popup-env `openHost`'s `on`): a page keeps the direction its first opening gave it.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { frameSel, type HostOptions, type Opened, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('popup: right to left');

/** The host page's own <html lang dir>, as a site writes them, set before the loader builds any frame. */
const pageRoot =
  (lang: string, dir: string) =>
  (p: Page): Promise<unknown> =>
    p.addInitScript(
      ([l, d]) =>
        document.addEventListener('DOMContentLoaded', () => {
          document.documentElement.lang = l;
          document.documentElement.dir = d;
        }),
      [lang, dir],
    );
const RTL_PAGE = pageRoot('ar', 'rtl');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 700 };

/** Opens a host page for `settings` with motion reduced (boxes measured mid-animation would move). */
const open = (settings: Record<string, unknown>, o: HostOptions = {}) =>
  openHost(ctx.browser, ctx.fx, settings, { reducedMotion: 'reduce', viewport: DESKTOP, ...o });

/** What a frame shows of its direction and its close control, measured against the box `sel` that holds it. */
const look = (frame: Frame, sel: string) =>
  frame.evaluate((s) => {
    const box = document.querySelector(s)!.getBoundingClientRect();
    const close = document.querySelector('.mc-close')!.getBoundingClientRect();
    // Whatever a visitor reads or uses besides the close control: none may lie under it. Texts by their lines (a
    // paragraph's box spans the width its text may not fill), controls by their boxes; the live region of a non-modal
    // frame is heard, not seen.
    const hits = (r: DOMRect) =>
      r.width > 0 && r.left < close.right && r.right > close.left && r.top < close.bottom && r.bottom > close.top;
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()];
    };
    const under = [
      ...[...document.querySelectorAll('p:not(.mc-announce),h1,h2,label,legend')].filter((el) => lines(el).some(hits)),
      ...[...document.querySelectorAll('input,select,button:not(.mc-close),a')].filter((el) =>
        hits(el.getBoundingClientRect()),
      ),
    ].map((el) => el.outerHTML.slice(0, 60));
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      direction: getComputedStyle(document.body).direction,
      fromLeft: Math.round(close.left - box.left),
      fromRight: Math.round(box.right - close.right),
      fromTop: Math.round(close.top - box.top),
      under,
    };
  }, sel);

/**
 * The pieces: each variant's frame and the box its close control sits in, and the banner on a phone; the close
 * control's distance from that box's top and side (the banner's box has a 1 px top border above its control).
 */
const PIECES: {
  name: string;
  settings: Record<string, unknown>;
  sel: string;
  top: number;
  inset: number;
  phone?: boolean;
}[] = [
  { name: 'modal', settings: { modalVariation: 'modal' }, sel: '.mc-dialog', top: 4, inset: 4 },
  { name: 'slide', settings: { modalVariation: 'slide' }, sel: '.mc-dialog', top: 4, inset: 4 },
  {
    name: 'fixed',
    settings: { modalVariation: 'fixed', description: '<p>Weekly recipes</p>' },
    sel: '.mc-dialog',
    top: 4,
    inset: 4,
  },
  {
    name: 'banner',
    settings: { useMobileBanner: 'Y', bannerDescription: '<p>انضم إلى نشرتنا الإخبارية الأسبوعية اليوم</p>' },
    sel: '.mc-banner',
    top: 4,
    inset: 0,
    phone: true,
  },
];

T(
  'every variant and the banner on a right-to-left page: its lang and dir, Close at the top left, nothing under it',
  async () => {
    for (const rtl of [true, false])
      for (const phone of [false, true]) {
        let on: Opened | undefined;
        try {
          for (const piece of PIECES.filter((x) => !!x.phone === phone)) {
            const what = `${piece.name} ${rtl ? 'rtl' : 'ltr'}`;
            on = await open(
              { popupDelay: 0, description: '<p>انضم إلى نشرتنا الإخبارية!</p>', ...piece.settings },
              { viewport: phone ? PHONE : DESKTOP, before: rtl ? RTL_PAGE : undefined, on },
            );
            const { frame } = await shown(on.page, frameSel(phone ? 'Newsletter signup banner' : 'Newsletter signup'));
            const l = await look(frame, piece.sel);
            assert.equal(
              [l.lang, l.dir, l.direction],
              rtl ? ['ar', 'rtl', 'rtl'] : ['en', '', 'ltr'],
              `${what}: the frame takes the page's language and direction`,
            );
            assert.is(l.fromTop, piece.top, `${what}: at the top`);
            assert.is(rtl ? l.fromLeft : l.fromRight, piece.inset, `${what}: at the top ${rtl ? 'left' : 'right'}`);
            assert.ok((rtl ? l.fromRight : l.fromLeft) > 200, `${what}: away from the other side`);
            assert.equal(l.under, [], `${what}: nothing under the close control`);
          }
        } finally {
          await on?.context.close();
        }
      }
  },
);

T(
  'the slide-in sits at the bottom of the page’s inline end: left on a right-to-left page, right otherwise',
  async () => {
    for (const rtl of [true, false]) {
      const { page, context } = await open(
        { popupDelay: 0, modalVariation: 'slide' },
        { before: rtl ? RTL_PAGE : undefined },
      );
      try {
        const { el } = await shown(page, frameSel('Newsletter signup'));
        const box = (await el.boundingBox())!;
        assert.equal(
          [Math.round(box.x), Math.round(box.x + box.width), Math.round(box.y + box.height)],
          rtl ? [0, 400, DESKTOP.height] : [DESKTOP.width - 400, DESKTOP.width, DESKTOP.height],
          rtl ? 'rtl' : 'ltr',
        );
      } finally {
        await context.close();
      }
    }
  },
);

T(
  'templates 1 to 5 mirror: Close at the top left, template 2’s image column and template 4’s image on the other side; \
left to right, the same the other way round',
  async () => {
    // Any address: the layout does not wait for the image, and the tests look at boxes only.
    const img = `${ctx.fx.origin}/css/signup-forms/popup/1.0/common.css`;
    for (const rtl of [true, false]) {
      let on: Opened | undefined;
      try {
        for (const template of [1, 2, 3, 4, 5])
          for (const imageEdgeToEdge of [false, true]) {
            const what = `template ${template}${imageEdgeToEdge ? ', edge to edge' : ''}, ${rtl ? 'rtl' : 'ltr'}`;
            on = await open(
              { popupDelay: 0, template, imageUrl: img, imageEdgeToEdge, description: '<p>انضم إلينا</p>' },
              { before: rtl ? RTL_PAGE : undefined, on },
            );
            const { frame } = await shown(on.page, frameSel('Newsletter signup'));
            const l = await look(frame, '.mc-dialog');
            assert.is(rtl ? l.fromLeft : l.fromRight, 4, `${what}: Close at the top ${rtl ? 'left' : 'right'}`);
            assert.is(l.fromTop, 4, `${what}: Close at the top`);
            // Measured from the inline start (the left; the right in a right-to-left frame), so both directions read
            // alike: `start` and `end` are the image's distances from the dialog's start and end edges.
            const m = await frame.evaluate((r2l) => {
              const r = (s: string) => document.querySelector(s)!.getBoundingClientRect();
              const d = r('.mc-dialog');
              const i = r('.mc-image');
              const input = r('input[type=email]');
              const cs = getComputedStyle(document.querySelector('.mc-image')!);
              const radius = [
                cs.borderTopLeftRadius,
                cs.borderTopRightRadius,
                cs.borderBottomRightRadius,
                cs.borderBottomLeftRadius,
              ];
              return {
                start: Math.round(r2l ? d.right - i.right : i.left - d.left),
                end: Math.round(r2l ? i.left - d.left : d.right - i.right),
                // The image before the fields in reading order (template 2), or after them (template 4).
                imageFirst: r2l ? i.left >= input.right : i.right <= input.left,
                imageLast: r2l ? i.right <= input.left : i.left >= input.right,
                // The corners at the start side first, as the left ones are left to right.
                radius: r2l ? [radius[1], radius[0], radius[3], radius[2]] : radius,
              };
            }, rtl);
            const json = JSON.stringify(m);
            if (template === 2) {
              // The image is the first grid column: at the start, the form after it.
              assert.ok(m.imageFirst, `${what}: the image before the form ${json}`);
              if (imageEdgeToEdge) {
                assert.is(m.start, 0, `${what}: the image reaches the dialog's start edge`);
                assert.equal(m.radius, ['6px', '0px', '0px', '6px'], `${what}: rounded with the start corners ${json}`);
              }
            } else if (template === 4) {
              // The image column is at the inline end, 32 px in, or flush edge to edge.
              assert.is(m.end, imageEdgeToEdge ? 0 : 32, `${what}: the image at the end ${json}`);
              assert.ok(m.imageLast, `${what}: the fields clear of the image ${json}`);
              if (imageEdgeToEdge)
                assert.equal(m.radius, ['0px', '6px', '6px', '0px'], `${what}: rounded with the end corners ${json}`);
            } else if (template === 3) {
              // A band across the dialog: the same on both sides (template 1's is an <img>, template 5's a background).
              assert.is(m.start, m.end, `${what}: centred ${json}`);
            }
          }
      } finally {
        await on?.context.close();
      }
    }
  },
);

T.run();
