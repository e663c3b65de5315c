/**
 * Closing, table-driven over every variation (issue 3, spec 4.3, 9.2): for 'modal', 'slide' and 'fixed', each way of
 * closing (the close control, Escape inside the frame, Escape in the host page) removes the popup, sets the closed
 * cookie for popupFrequency days, and gives focus back to where it was before the popup opened; slide and fixed
 * animate out (the `mc-out` class) unless the visitor prefers reduced motion, and the modal never does.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { COOKIE_CLOSED, DAY_MS } from '../../src/constants';
import { MODAL, type Opened, cookies, focusAt, gone, openHost, shown, popupSuite } from './popup-env';

const { T, ctx } = popupSuite('popup closing, every variation');

type Variation = 'modal' | 'slide' | 'fixed';
type Motion = 'no-preference' | 'reduce';

/** A different popupFrequency per variation, so that each cookie's expiry is read from its own settings. */
const FREQUENCY: Record<Variation, number> = { modal: 30, slide: 7, fixed: 90 };

/** The ways of closing: each acts on a page whose popup is shown, and first checks it acts from where it says. */
const WAYS: [string, (page: Page) => Promise<void>][] = [
  [
    'the close control',
    async (page) => {
      const frame = (await (await page.$(MODAL))!.contentFrame())!;
      await frame.click('.mc-close');
    },
  ],
  [
    'Escape inside the frame',
    async (page) => {
      const frame = (await (await page.$(MODAL))!.contentFrame())!;
      // Slide and fixed do not take focus when they open: the reader puts it in the form first.
      await frame.focus('input[name=EMAIL]');
      assert.is(await focusAt(page), 'frame:EMAIL', 'focus is inside the frame');
      await page.keyboard.press('Escape');
    },
  ],
  [
    'Escape in the host page',
    async (page) => {
      // Focus on the host page's body (not the host button, so that its return is seen afterwards).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      assert.is(await focusAt(page), 'host:BODY', 'focus is on the host page');
      await page.keyboard.press('Escape');
    },
  ],
];

const CASES: [Variation, Motion][] = [
  ['modal', 'no-preference'],
  ['slide', 'no-preference'],
  ['fixed', 'no-preference'],
  ['slide', 'reduce'],
  ['fixed', 'reduce'],
];

/** One page per motion preference, each case a new host page in it (popup-env `on`). */
const pages = new Map<Motion, Opened>();

for (const [variation, motion] of CASES)
  for (const [how, act] of WAYS) {
    const animates = variation !== 'modal' && motion === 'no-preference';
    T(
      `${variation} (${motion} motion): closes by ${how}; the closed cookie lives ${FREQUENCY[variation]} days; ` +
        `focus returns; ${animates ? 'animates out' : 'no animation out'}`,
      async () => {
        const opened = await openHost(
          ctx.browser,
          ctx.fx,
          { popupDelay: 1, modalVariation: variation, popupFrequency: FREQUENCY[variation] },
          { focusHost: true, reducedMotion: motion, on: pages.get(motion) },
        );
        pages.set(motion, opened);
        const { page, context, log } = opened;
        const { el } = await shown(page, MODAL);
        assert.is(
          await el.evaluate((f) => f.contentDocument!.querySelector('.mc-dialog')!.getAttribute('aria-modal')),
          String(variation === 'modal'),
        );
        assert.is((await cookies(context))[COOKIE_CLOSED], undefined, 'no closed cookie before closing');
        // Whether the frame's root ever takes the mc-out class, watched from the host page (the frame goes away).
        await page.evaluate((sel) => {
          const w = window as unknown as { sawOut: boolean };
          w.sawOut = false;
          const root = document.querySelector<HTMLIFrameElement>(sel)!.contentDocument!.documentElement;
          new MutationObserver(() => {
            if (root.classList.contains('mc-out')) w.sawOut = true;
          }).observe(root, { attributes: true, attributeFilter: ['class'] });
        }, MODAL);
        const before = Date.now();
        await act(page);
        await gone(page, MODAL);
        const took = Date.now() - before;
        assert.is(await page.evaluate(() => (window as unknown as { sawOut: boolean }).sawOut), animates, 'mc-out');
        // The animation out holds the frame for CLOSE_ANIMATION_MS (300 ms); without it, removal is immediate.
        if (animates) assert.ok(took >= 280, `removed after ${took} ms, before the animation ended`);

        const c = (await cookies(context))[COOKIE_CLOSED];
        assert.ok(c, 'closed cookie set');
        assert.is(c.sameSite, 'Lax');
        const days = (c.expires * 1000 - before) / DAY_MS;
        assert.ok(Math.abs(days - FREQUENCY[variation]) < 0.1, `expires in ${days} days, want ${FREQUENCY[variation]}`);

        assert.is(await focusAt(page), 'host:host-button', 'focus returns to the host control it was on');
        assert.equal(
          await page.evaluate(() => [
            (document.querySelector('main') as HTMLElement).inert,
            document.documentElement.style.overflow,
          ]),
          [false, ''],
        );
        assert.is(await page.$$eval('iframe', (f) => f.length), 0, 'nothing left on the page');
        assert.equal(log.errors, []);
      },
    );
  }

T(
  'an Escape the host page has used already (its own panel closing: preventDefault) leaves the popup open',
  async () => {
    const { page, context, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 1, modalVariation: 'slide' });
    try {
      await shown(page, MODAL);
      // The host's own panel: open once, its Escape closes it and is marked used, as the blog's widgets panel does.
      // Heard in the capture phase: before the popup's listener, as the blog's, added before the reveal, is.
      await page.evaluate(() => {
        const w = window as unknown as { panelOpen: boolean };
        w.panelOpen = true;
        document.addEventListener(
          'keydown',
          (e) => {
            if (e.key === 'Escape' && w.panelOpen) {
              w.panelOpen = false;
              e.preventDefault();
            }
          },
          true,
        );
      });
      await page.keyboard.press('Escape');
      await new Promise((r) => setTimeout(r, 400));
      assert.is(await page.$$eval(MODAL, (f) => f.length), 1, 'the popup stays for the Escape the page used');
      assert.is(await page.evaluate(() => (window as unknown as { panelOpen: boolean }).panelOpen), false);
      await page.keyboard.press('Escape');
      await gone(page, MODAL);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T.run();
