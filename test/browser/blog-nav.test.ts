/** The blog's menu in Chromium (spec 2.1, 4.8, 9.5): keyboard, touch double-tap-to-go, the long-title rule. */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { blogSuite, focused } from './blog-env';

const { T, ctx, open } = blogSuite('blog menu');

const tabTo = async (page: Page, selector: string, max = 10) => {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  throw Error(`Tab never reached ${selector}`);
};

T(
  `menu by keyboard: the toggle opens it, focus marks open submenus, \
Escape closes it and focus returns`,
  async () => {
    const { context, page, log } = await open('/');
    try {
      const toggle = page.locator('.menu-toggle');
      assert.ok(await toggle.isVisible());
      assert.not.ok(await page.locator('#primary-menu').isVisible(), 'closed with script');
      await tabTo(page, '.menu-toggle');
      await page.keyboard.press('Enter');
      assert.is(await toggle.getAttribute('aria-expanded'), 'true');
      assert.ok(await page.locator('#primary-menu').isVisible());
      const sub = page.locator('.sub-menu a[href="/posts/storm-season-notes"]');
      assert.not.ok(await sub.isVisible(), 'submenu closed before focus');
      await tabTo(page, '.menu-item-has-children > a');
      assert.ok(
        await page
          .locator('.menu-item-has-children')
          .first()
          .evaluate((li) => li.classList.contains('focus')),
      );
      assert.ok(await sub.isVisible(), 'focus opens the submenu');
      await tabTo(page, '.sub-menu a');
      assert.ok(
        await page
          .locator('.menu-item-has-children')
          .first()
          .evaluate((li) => li.classList.contains('focus')),
        'still marked inside',
      );
      // The Escape is marked used, so a popup over the page (listening on the document) leaves it alone.
      await page.evaluate(() =>
        document.addEventListener('keydown', (e) => {
          (window as unknown as { used: boolean }).used = e.defaultPrevented;
        }),
      );
      await page.keyboard.press('Escape');
      assert.ok(await page.evaluate(() => (window as unknown as { used: boolean }).used), 'defaultPrevented');
      assert.is(await toggle.getAttribute('aria-expanded'), 'false');
      assert.not.ok(await page.locator('#primary-menu').isVisible());
      assert.is(await focused(page), 'button.menu-toggle');
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T(
  `double-tap-to-go with touch above 800 px: the first tap opens the submenu, \
the second follows the link`,
  async () => {
    const { context, page, log } = await open('/', {
      hasTouch: true,
      viewport: { width: 1024, height: 768 },
    });
    try {
      await page.tap('.menu-toggle');
      assert.ok(await page.locator('#primary-menu').isVisible());
      const logbook = page.locator('.menu-item-has-children > a').first();
      await logbook.tap();
      assert.is(new URL(page.url()).pathname, '/', 'first tap stays');
      assert.ok(await page.locator('.sub-menu a[href="/posts/storm-season-notes"]').isVisible(), 'submenu open');
      await Promise.all([page.waitForURL('**/posts/keepers-logbook-and-charts'), logbook.tap()]);
      // A thumbnail on the home page works the same way.
      await page.goto(ctx.blog.origin + '/');
      const thumb = page.locator('.post-thumbnail > a').first();
      await thumb.tap();
      assert.is(new URL(page.url()).pathname, '/');
      await Promise.all([page.waitForURL('**/posts/lamp-room-at-dawn'), thumb.tap()]);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T('no double tap at 800 px or with a mouse: one tap or click follows the link', async () => {
  const touch = await open('/', { hasTouch: true, viewport: { width: 800, height: 700 } });
  try {
    await touch.page.tap('.menu-toggle');
    await Promise.all([
      touch.page.waitForURL('**/posts/keepers-logbook-and-charts'),
      touch.page.locator('.menu-item-has-children > a').first().tap(),
    ]);
  } finally {
    await touch.context.close();
  }
  const mouse = await open('/', { viewport: { width: 1280, height: 800 } });
  try {
    await mouse.page.click('.menu-toggle');
    await Promise.all([
      mouse.page.waitForURL('**/posts/keepers-logbook-and-charts'),
      mouse.page.locator('.menu-item-has-children > a').first().click(),
    ]);
  } finally {
    await mouse.context.close();
  }
});

T('long title at two widths: title + toggles + 30 px against the window, checked again on resize', async () => {
  const { context, page, log } = await open('/', { viewport: { width: 1600, height: 800 } });
  try {
    const need = await page.evaluate(() => {
      const w = (s: string) => [...document.querySelectorAll<HTMLElement>(s)].reduce((a, e) => a + e.offsetWidth, 0);
      return w('.site-title span') + w('.toggles button') + 30;
    });
    assert.ok(need > 400 && need < 1600, `measured ${need}`);
    const isLong = () => page.locator('.site-header').evaluate((h) => h.classList.contains('long-title'));
    assert.not.ok(await isLong(), `1600 >= ${need}`);
    // Beside the title: the toggles sit on the title's line.
    const row = async () => {
      const t = await page.locator('.site-title').boundingBox();
      const b = await page.locator('.toggles').boundingBox();
      return !!t && !!b && b.y < t.y + t.height;
    };
    assert.ok(await row(), 'toggles beside the title');
    await page.setViewportSize({ width: need - 40, height: 800 });
    await page.waitForFunction(() => document.querySelector('.site-header')?.classList.contains('long-title'));
    assert.not.ok(await row(), 'toggles under the title');
    await page.setViewportSize({ width: need + 40, height: 800 });
    await page.waitForFunction(() => !document.querySelector('.site-header')?.classList.contains('long-title'));
    assert.ok(await row());
    // Loaded narrow, the layout is right from the start.
    await page.setViewportSize({ width: need - 40, height: 800 });
    await page.reload();
    assert.ok(await isLong());
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T.run();
