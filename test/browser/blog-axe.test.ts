/** Zero axe-core violations on the blog (tags of the team standard): home, a post, comments open, widgets open. */
import * as assert from 'uvu/assert';
import { axe } from './harness';
import { blogSuite, settled } from './blog-env';

const { T, open } = blogSuite('blog axe');

const states: [string, string, string[], { width: number; height: number }][] = [
  ['home page', '/', [], { width: 1280, height: 800 }],
  ['home page, narrow, menu open', '/', ['.menu-toggle'], { width: 390, height: 800 }],
  ['post with videos', '/posts/lamp-room-at-dawn', [], { width: 1280, height: 800 }],
  ['post, comments open', '/posts/storm-season-notes', ['.comments-toggle'], { width: 1280, height: 800 }],
  [
    'post, reply form with errors',
    '/posts/storm-season-notes?replytocom=1',
    ['.comments-toggle'],
    { width: 1280, height: 800 },
  ],
  ['post, widgets open', '/posts/keepers-logbook-and-charts', ['.widgets-toggle'], { width: 1280, height: 800 }],
];

for (const [name, path, clicks, viewport] of states) {
  T(`axe: ${name}`, async () => {
    const { context, page, log } = await open(path, { viewport });
    try {
      for (const c of clicks) await page.click(c);
      if (name.includes('errors')) {
        await page.click('button[type=submit]');
        await page.waitForSelector('[role=alert]');
      }
      await settled(page); // let the slide finish: axe reads colours of settled pixels
      if (clicks.includes('.comments-toggle')) assert.ok(await page.locator('#comments').isVisible());
      if (clicks.includes('.widgets-toggle')) assert.ok(await page.locator('#secondary').isVisible());
      if (clicks.includes('.menu-toggle')) assert.ok(await page.locator('#primary-menu').isVisible());
      assert.equal(await axe(page), [], name);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  });
}

T.run();
