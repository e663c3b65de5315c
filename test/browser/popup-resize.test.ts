/**
 * The popup across a window resize (issue 3, spec 9.1, 9.3): the mobile banner's visible height follows its content
 * on every resize (its frame is as tall as the viewport and clipped to the content, src/popup/piece.ts fitTo), and a
 * modal or slide-in open across a resize that crosses the mobile-view line (max_width − 20, default 768) takes or
 * drops the `mc-mobile` class, and the slide-in its full width. Slide and fixed frames follow their content's height
 * by themselves (a ResizeObserver in the frame, src/popup/piece.ts fitTo) as the form grows and shrinks.
 */
import * as assert from 'uvu/assert';
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { BANNER, MODAL, openHost, shown, visibleBox, popupSuite } from './popup-env';

const { T, ctx } = popupSuite('popup across a resize');

/**
 * Resizes the viewport and waits until the page has seen it: its innerWidth/innerHeight are the new size and a frame
 * has been rendered since (resize events are dispatched before animation frame callbacks), so every resize listener
 * has run. What a test reads next is the state right after the resize, not one a later timer may bring.
 */
async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [size.width, size.height]);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Where the banner shows on the host page, and where its content is. */
interface BannerGeometry {
  viewport: number;
  /** The frame's visible part (its box minus the clip-path inset), in host page coordinates. */
  visibleTop: number;
  visibleBottom: number;
  /** The banner's content (`.mc-banner`), in host page coordinates. */
  contentTop: number;
  contentBottom: number;
}

const geometry = async (page: Page, el: ElementHandle<HTMLIFrameElement>, frame: Frame): Promise<BannerGeometry> => {
  const v = await visibleBox(el);
  const frameTop = (await el.boundingBox())!.y;
  const r = await frame.$eval('.mc-banner', (b) => {
    const rect = b.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
  return {
    viewport: page.viewportSize()!.height,
    visibleTop: v.y,
    visibleBottom: v.y + v.height,
    contentTop: frameTop + r.top,
    contentBottom: frameTop + r.bottom,
  };
};

/** Room the banner's frame keeps above the bar for its shadow (css/banner.css body padding). */
const SHADOW_ROOM = 12;

/**
 * The visible part is the content: the whole banner shows, sitting on the viewport's bottom, and above it only the
 * room for its shadow.
 */
const fitsContent = (g: BannerGeometry) =>
  Math.abs(g.contentTop - SHADOW_ROOM - g.visibleTop) <= 1 &&
  Math.abs(g.visibleBottom - g.viewport) <= 1 &&
  Math.abs(g.contentBottom - g.viewport) <= 1;

T('mobile banner: its visible height follows its content on every resize (spec 9.1)', async () => {
  const description =
    '<p>Get the weekly letter with every new post, recipe and event in town, ' +
    'straight to your inbox every Friday morning.</p>';
  const { page, context, log } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 0, useMobileBanner: 'Y', bannerDescription: description, bannerCtaLabel: 'Sign me up' },
    { viewport: { width: 375, height: 700 } },
  );
  try {
    const { el, frame } = await shown(page, BANNER);
    // After the measure 500 ms past the stylesheets (spec 9.1).
    await page.waitForTimeout(700);
    const first = await geometry(page, el, frame);
    assert.ok(fitsContent(first), `at 375x700: ${JSON.stringify(first)}`);
    let last = first;
    const heights = [first.contentBottom - first.contentTop];
    // Narrower (the text wraps to more lines), taller only, then wider (fewer lines), all still a mobile view.
    for (const size of [
      { width: 320, height: 560 },
      { width: 320, height: 800 },
      { width: 700, height: 900 },
      { width: 375, height: 500 },
    ]) {
      await resize(page, size);
      last = await geometry(page, el, frame);
      assert.ok(fitsContent(last), `after a resize to ${size.width}x${size.height}: ${JSON.stringify(last)}`);
      heights.push(last.contentBottom - last.contentTop);
    }
    // The content did change height (so the check above saw a re-measure, not a clip that happened to fit).
    assert.ok(heights[1] > heights[0], `narrower wraps taller: ${heights}`);
    assert.ok(heights[3] < heights[1], `wider is shorter: ${heights}`);
    assert.not.ok(await page.$(MODAL), 'still the banner: the resizes stayed a mobile view');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

/** Whether the popup frame's root has the mc-mobile class. */
const mobileClass = (el: ElementHandle<HTMLIFrameElement>) =>
  el.evaluate((f) => f.contentDocument!.documentElement.classList.contains('mc-mobile'));

const LINES: [string, Record<string, unknown>, number][] = [
  ['default max_width 768', {}, 748],
  ['styles.modal.max_width 600', { styles: { modal: { max_width: 600 } } }, 580],
];

for (const variation of ['modal', 'slide'] as const)
  for (const [name, extra, line] of LINES)
    T(
      `${variation} (${name}): a resize across the mobile-view line at ${line} px toggles mc-mobile in the frame`,
      async () => {
        const { page, context, log } = await openHost(
          ctx.browser,
          ctx.fx,
          { popupDelay: 0, modalVariation: variation, ...extra },
          { viewport: { width: 1280, height: 800 } },
        );
        try {
          const { el } = await shown(page, MODAL);
          assert.is(await mobileClass(el), false, 'desktop at 1280');
          const steps: [number, boolean][] = [
            [line, true],
            [line + 1, false],
            [375, true],
            [1280, false],
          ];
          for (const [width, mobile] of steps) {
            await resize(page, { width, height: 800 });
            assert.is(await mobileClass(el), mobile, `at ${width} px`);
            if (variation === 'slide') {
              // The slide-in is a 400 px panel on a desktop view
              // and the whole width on a mobile one (src/popup/frame-place.ts).
              const box = await visibleBox(el);
              assert.is(Math.round(box.width), mobile ? width : 400, `slide width at ${width} px`);
            }
          }
          assert.is(await page.$$eval('iframe', (f) => f.length), 1, 'the same one popup');
          assert.equal(log.errors, []);
        } finally {
          await context.close();
        }
      },
    );

for (const variation of ['slide', 'fixed'] as const)
  T(
    `${variation}: the frame follows its content by itself as the form changes (a server error, then success)`,
    async () => {
      const { page, context, log, uuid } = await openHost(
        ctx.browser,
        ctx.fx,
        { popupDelay: 0, modalVariation: variation, description: '<p>Weekly news.</p>' },
        { viewport: { width: 1280, height: 800 } },
      );
      const form = ctx.fx.forms.get(uuid)!;
      form.submit = () => ({
        result: 'error',
        msg: 'That address cannot be subscribed right now. Please try again in a little while, or write to us.',
      });
      try {
        const { el, frame } = await shown(page, MODAL);
        /** The frame's visible height and its content's, once a frame has been rendered since the last change. */
        const heights = async () => {
          await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const content = await frame.$eval('.mc-root', (r) => Math.ceil(r.getBoundingClientRect().height));
          return { visible: Math.round((await visibleBox(el)).height), content };
        };
        const first = await heights();
        assert.is(first.visible, first.content, 'fitted when shown');
        await frame.fill('input[name=EMAIL]', 'reader@example.com');
        await frame.click('button[type=submit]');
        await frame.waitForSelector('.mc-flash:not(:empty)');
        const error = await heights();
        assert.ok(error.content > first.content, `the error makes the content taller: ${JSON.stringify(error)}`);
        assert.is(error.visible, error.content, 'the frame grew with it');
        form.submit = () => ({ result: 'success', msg: 'Thanks!' });
        await frame.click('button[type=submit]');
        await frame.waitForSelector('.mc-success:not(:empty)');
        const done = await heights();
        assert.is.not(done.content, error.content, `the success message replaces the form: ${JSON.stringify(done)}`);
        assert.is(done.visible, done.content, 'the frame followed it');
        assert.equal(log.errors, []);
      } finally {
        await context.close();
      }
    },
  );

T.run();
