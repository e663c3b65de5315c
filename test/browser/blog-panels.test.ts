/** The blog's comments and widgets panels and anchor focus in Chromium (spec 2.1, 4.8, 9.5). */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { blogSuite, focused, settled } from './blog-env';

const { T, open } = blogSuite('blog panels and anchors');

const has = (page: Page, sel: string, cls: string) =>
  page.locator(sel).evaluate((el, c) => el.classList.contains(c), cls);
/** Records every class value `sel` takes from now on, in window.__classes. */
const recordClasses = (page: Page, sel: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s) as Element;
    const seen: string[] = ((window as unknown as { __classes: string[] }).__classes = []);
    new MutationObserver((records) => {
      for (const r of records) seen.push(r.oldValue || '');
    }).observe(el, {
      attributeOldValue: true,
      attributeFilter: ['class'],
    });
  }, sel);
/** The class values recorded, then the current one. */
const classes = (page: Page, sel: string) =>
  page.evaluate(
    (s) => [
      ...(window as unknown as { __classes: string[] }).__classes,
      (document.querySelector(s) as Element).className,
    ],
    sel,
  );
/**
 * Whether `sel` took class `cls` at some point since `recordClasses`: the animating state lasts BLOG_PANEL_MS, which a
 * loaded machine can spend between a click and a look at the page.
 */
const took = async (page: Page, sel: string, cls: string) =>
  (await classes(page, sel)).some((c) => c.split(' ').includes(cls));
const inside = (page: Page, sel: string) =>
  page.evaluate((s) => !!document.querySelector(s)?.contains(document.activeElement), sel);

T('comments panel by click: slides in with animating, focus moves in, and the animating state ends', async () => {
  const { context, page, log } = await open('/posts/storm-season-notes');
  try {
    const area = page.locator('#comments');
    const toggle = page.locator('.comments-toggle');
    assert.not.ok(await area.isVisible());
    assert.is(await toggle.getAttribute('aria-expanded'), 'false');
    await recordClasses(page, '#comments');
    await toggle.click();
    assert.ok(await area.isVisible());
    assert.is(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await inside(page, '#comments'), await focused(page));
    await settled(page);
    assert.equal(
      await classes(page, '#comments'),
      ['comments-area', 'comments-area open', 'comments-area open animating', 'comments-area open'],
      'open at once, animating, then settled',
    );
    await toggle.click();
    await settled(page);
    assert.not.ok(await area.isVisible());
    assert.not.ok(await has(page, '#comments', 'animating'));
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('panels never stick animating: reduced motion and a hidden tab still end the state by the timer', async () => {
  const { context, page } = await open('/posts/storm-season-notes', { reducedMotion: 'reduce' });
  try {
    await recordClasses(page, 'body');
    await page.click('.comments-toggle');
    await page.click('.widgets-toggle');
    assert.ok(await took(page, 'body', 'widgets-animating'));
    await settled(page);
    assert.not.ok(await has(page, '#comments', 'animating'));
    assert.not.ok(await has(page, 'body', 'widgets-animating'));
    // A tab in the background: no transition runs, the state still settles.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.click('.widgets-toggle');
    await settled(page);
    assert.not.ok(await has(page, 'body', 'widgets-animating'));
    assert.not.ok(await page.locator('#secondary').isVisible());
  } finally {
    await context.close();
  }
});

T("comments panel by the toggle's text: sets #comments, scrolls there and focuses it", async () => {
  const { context, page, log } = await open('/posts/storm-season-notes');
  try {
    await page.click('.comments-link');
    await page.waitForFunction(() => location.hash === '#comments');
    assert.ok(await page.locator('#comments').isVisible());
    await page.waitForFunction(() => document.activeElement?.id === 'comments');
    await settled(page);
    assert.ok(await page.locator('#comments-title').isVisible());
    // Scrolled as far as the page allows towards the comments' top.
    const [top, y, max] = await page
      .locator('#comments')
      .evaluate((el) => [el.getBoundingClientRect().top, scrollY, document.documentElement.scrollHeight - innerHeight]);
    assert.ok(y > 0 && (Math.abs(top) < 5 || Math.abs(y - max) < 2), `top ${top}, scrollY ${y} of ${max}`);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T("comments panel by hash: open on load for 'comment' and 'respond', closed otherwise", async () => {
  for (const [hash, opened] of [
    ['#comment-3', true],
    ['#respond', true],
    ['#content', false],
  ] as const) {
    const { context, page } = await open('/posts/storm-season-notes' + hash);
    try {
      assert.is(await page.locator('#comments').isVisible(), opened, hash);
      if (hash === '#comment-3')
        assert.ok(
          (await page.locator('#comment-3').isVisible()) &&
            (await page.locator('#comment-3').evaluate((el) => el.getBoundingClientRect().top < innerHeight)),
        );
    } finally {
      await context.close();
    }
  }
});

T('closed panels cannot be tabbed into; open ones can', async () => {
  const { context, page } = await open('/posts/storm-season-notes');
  try {
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const a = document.activeElement;
        return a?.closest('#comments') ? 'comments' : a?.closest('#secondary') ? 'widgets' : a?.tagName || '';
      });
      stops.push(where);
    }
    assert.not.ok(stops.includes('comments') || stops.includes('widgets'), stops.join(' '));
    await page.click('.comments-toggle');
    await page.keyboard.press('Tab');
    assert.ok(await inside(page, '#comments'));
  } finally {
    await context.close();
  }
});

T(
  `widgets panel: slides down pushing the page, focus moves in; Escape closes, scrolls to the top, \
focus back`,
  async () => {
    const { context, page, log } = await open('/posts/storm-season-notes', {
      viewport: { width: 1280, height: 600 },
    });
    try {
      const panel = page.locator('#secondary');
      const headerTop = () => page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().top + scrollY);
      const before = await headerTop();
      await recordClasses(page, 'body');
      await page.click('.widgets-toggle');
      assert.ok(await took(page, 'body', 'widgets-animating'));
      assert.is(await page.locator('.widgets-toggle').getAttribute('aria-expanded'), 'true');
      assert.ok(await inside(page, '#secondary'), await focused(page));
      await settled(page);
      assert.ok(await panel.isVisible());
      const height = (await panel.boundingBox())?.height || 0;
      assert.ok(height > 50, `panel height ${height}`);
      assert.is(
        Math.round((await headerTop()) - before),
        Math.round(height),
        'the page moved down by the panel height',
      );
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => scrollY > 0);
      // The Escape is marked used, so a popup over the page (listening after the blog) leaves it alone.
      await page.evaluate(() =>
        document.addEventListener('keydown', (e) => {
          (window as unknown as { used: boolean }).used = e.defaultPrevented;
        }),
      );
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => scrollY === 0);
      await settled(page);
      assert.not.ok(await panel.isVisible());
      assert.is(await focused(page), 'button.widgets-toggle');
      assert.is(await page.locator('.widgets-toggle').getAttribute('aria-expanded'), 'false');
      assert.ok(await page.evaluate(() => (window as unknown as { used: boolean }).used), 'defaultPrevented');
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T(
  'widgets panel by keyboard: the focus ring of the link that takes focus stands out from the panel (3:1)',
  async () => {
    const { context, page, log } = await open('/posts/storm-season-notes');
    try {
      await page.locator('.widgets-toggle').focus();
      await page.keyboard.press('Enter');
      await settled(page);
      assert.ok(await inside(page, '#secondary'), await focused(page));
      const ratio = await page.evaluate(() => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => {
            const x = v / 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const el = document.activeElement as Element;
        const ring = getComputedStyle(el);
        const panel = getComputedStyle(document.querySelector('.widgets-panel')!).backgroundColor;
        if (ring.outlineStyle === 'none' || parseFloat(ring.outlineWidth) < 2) return 0;
        const [a, b] = [lum(ring.outlineColor), lum(panel)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05);
      });
      assert.ok(ratio >= 3, `focus ring contrast ${ratio.toFixed(2)}:1`);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T('anchor focus: on a hash change the element with that id gets focus', async () => {
  const { context, page, log } = await open('/posts/storm-season-notes');
  try {
    await page.evaluate(() => (location.hash = 'comment-2'));
    await page.waitForFunction(() => document.activeElement?.id === 'comment-2');
    assert.ok(await page.locator('#comments').isVisible(), 'the panel opened for it');
    await page.evaluate(() => (location.hash = 'comment-body'));
    await page.waitForFunction(() => document.activeElement?.id === 'comment-body');
    // The skip link: Enter moves focus to the main content, so the next Tab continues from there.
    await page.evaluate(() => (location.hash = ''));
    await page.focus('.skip-link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'content');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T.run();
