/** The blog's video placeholders in Chromium (spec 2.1, 3.9, 9.5): mouse, keyboard, no layout shift, no script. */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { blogSuite, focused } from './blog-env';

const { T, ctx, open } = blogSuite('blog videos');

const box = (page: Page, sel: string) => page.locator(sel).evaluate((el) => JSON.stringify(el.getBoundingClientRect()));
const frame = (page: Page, sel: string) =>
  page
    .locator(`${sel} iframe`)
    .evaluate((f: HTMLIFrameElement) => ({ src: f.src, title: f.title, w: f.offsetWidth, h: f.offsetHeight }));

T(
  `by mouse: the 'Play YouTube video' button becomes the player, autoplaying with the extra query, titled, focused, \
nothing moves`,
  async () => {
    const { context, page, log } = await open('/posts/lamp-room-at-dawn');
    try {
      const play = page.getByRole('button', { name: 'Play YouTube video' });
      assert.ok(await play.isVisible());
      const size = await page.locator('#video-1').boundingBox();
      assert.is(Math.round(size?.width || 0), 480);
      assert.is(Math.round(size?.height || 0), 360);
      const before = await box(page, '#video-1');
      const after = await box(page, '#video-2');
      await play.click();
      const f = await frame(page, '#video-1');
      assert.is(f.src, 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?start=30&cc_load_policy=1&autoplay=1');
      assert.is(f.title, "The lantern's last sweep as the sun rises over Black Skerry");
      assert.equal([f.w, f.h], [480, 360]);
      assert.is(await focused(page), 'iframe');
      assert.is(await box(page, '#video-1'), before, 'the box did not move or resize');
      assert.is(await box(page, '#video-2'), after, 'nothing after it moved');
      assert.is(await page.locator('#video-1 button').count(), 0);
      assert.equal(log.errors, []);
      assert.equal(
        log.console.filter((m) => /allow/i.test(m.text)),
        [],
        'no warning that allow and allowfullscreen override each other',
      );
    } finally {
      await context.close();
    }
  },
);

T('by keyboard: Enter and Space on the play button', async () => {
  const { context, page, log } = await open('/posts/lamp-room-at-dawn');
  try {
    await page.getByRole('button', { name: 'Play Vimeo video' }).focus();
    await page.keyboard.press('Enter');
    const f = await frame(page, '#video-2');
    assert.is(f.src, 'https://player.vimeo.com/video/76979871?autoplay=1');
    assert.is(f.title, 'The Fresnel lens turning in its mercury bath');
    assert.is(await focused(page), 'iframe');
    await page.goto(ctx.blog.origin + '/posts/fresnel-the-cat');
    await page.getByRole('button', { name: 'Play YouTube video' }).focus();
    await page.keyboard.press('Space');
    assert.is((await frame(page, '#video-1')).src, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('without script: a plain link to the video page, in the same 480x360 box', async () => {
  const { context, page } = await open('/posts/lamp-room-at-dawn', { javaScriptEnabled: false });
  try {
    const link = page.locator('#video-1 > a');
    assert.is(await link.getAttribute('href'), 'https://www.youtube.com/watch?v=M7lc1UVf-VE');
    assert.ok(await link.isVisible());
    const size = await page.locator('#video-1').boundingBox();
    assert.equal([Math.round(size?.width || 0), Math.round(size?.height || 0)], [480, 360]);
    assert.is(await page.locator('.video button, .video iframe').count(), 0);
    // The page is whole without script: panels open, toggles hidden.
    assert.ok(await page.locator('#comments').isVisible());
    assert.ok(await page.locator('#primary-menu').isVisible());
    assert.not.ok(await page.locator('.menu-toggle').isVisible());
  } finally {
    await context.close();
  }
});

T.run();
