/**
 * The blog as a site of its own in Chromium (issue 35 item 2): opened on its own origin, it embeds the provider from
 * another (the settings call is third-party), a closed popup stays closed across page loads (spec 4.3: the closed
 * cookie is the blog's), and a Subscribe link to the provider's hosted page is in the header, reached early by
 * keyboard and there without script.
 */
import * as assert from 'uvu/assert';
import type { Request } from 'playwright-core';
import { blogSuite, focused } from './blog-env';
import { installClock, quiet, watch } from './harness';
import { gone, MODAL, shown } from './popup-env';

const { T, ctx, open } = blogSuite('blog site');

/** The hosted page of the site's list on the provider's origin (content/site.json's popup). */
const hosted = () => `${ctx.blog.provider.origin}/subscribe?u=6c1f4e2b9a7d3c5e8f0a1b2c3&id=a1b2c3d4e7&f_id=00a103`;

/** A context whose pages may show the popup (blogSuite's refuse popup.js); other hosts answered with nothing. */
const withPopup = async () => {
  const blog = ctx.blog;
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(
    (u) => u.host !== blog.host && u.host !== blog.provider.host,
    (r) => r.fulfill({ status: 204, body: '' }),
  );
  return context;
};

T(
  'on its own origin, the embed calls the provider third-party; a closed popup stays closed after a reload',
  async () => {
    const blog = ctx.blog;
    assert.is.not(new URL(blog.origin).hostname, new URL(blog.provider.origin).hostname, 'two host names');
    const context = await withPopup();
    try {
      const page = await context.newPage();
      const log = watch(page);
      const requests: Request[] = [];
      page.on('request', (r) => requests.push(r));
      const paths = await installClock(page);
      await page.goto(blog.origin + '/');
      // The slide-in opens past the middle of the page.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shown(page, MODAL);
      const settings = requests.filter((r) => new URL(r.url()).pathname.endsWith('/form-settings'));
      assert.is(settings.length, 1, requests.map((r) => r.url()).join(' '));
      assert.is(new URL(settings[0].url()).host, blog.provider.host, 'asked of the provider');
      assert.is(settings[0].resourceType(), 'script', 'a JSONP call');
      await page.keyboard.press('Escape');
      await gone(page, MODAL);
      const closed = (await context.cookies()).find((c) => c.name === 'MCPopupClosed');
      assert.ok(closed, 'the closed cookie is set');
      assert.is(closed?.domain, new URL(blog.origin).hostname, "the blog's");

      const asked = paths.length;
      await page.goto(blog.origin + '/posts/storm-season-notes');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // Past the loader's look at the loaded page, its cookie check and the scroll trigger: the page's clock run on.
      await quiet(page, 2000);
      assert.not.ok(
        paths.slice(asked).some((p) => p.endsWith('/form-settings')),
        'no settings call on the next page',
      );
      assert.not.ok(await page.$(MODAL), 'a closed popup stays closed');
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T(
  'Subscribe: in the header, the third stop by keyboard (after the skip link and the title), to the hosted page',
  async () => {
    const { context, page, log } = await open('/');
    try {
      const link = page.locator('.site-header [data-mc-popup-open]');
      assert.ok(await link.isVisible());
      assert.is((await link.textContent())?.trim(), 'Subscribe');
      assert.is(await link.getAttribute('href'), hosted());
      const stops: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      }
      assert.is(stops[2], 'a.subscribe-link', stops.join(' '));
      const box = await link.boundingBox();
      assert.ok(box && box.height >= 24 && box.width >= 24, `a target of at least 24 px: ${JSON.stringify(box)}`);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T('Subscribe with the embed: a click opens the popup on the page, no navigation', async () => {
  const context = await withPopup();
  try {
    const page = await context.newPage();
    const log = watch(page);
    await page.goto(ctx.blog.origin + '/');
    await page.locator('.site-header [data-mc-popup-open]').click();
    await shown(page, MODAL);
    assert.is(page.url(), ctx.blog.origin + '/');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('Subscribe without script: a visible link to the hosted page', async () => {
  const { context, page } = await open('/posts/lamp-room-at-dawn', { javaScriptEnabled: false });
  try {
    const link = page.getByRole('link', { name: 'Subscribe' });
    assert.ok(await link.isVisible());
    assert.is(await link.getAttribute('href'), hosted());
  } finally {
    await context.close();
  }
});

T.run();
