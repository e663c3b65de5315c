/**
 * The blog's statistics (spec 3.9, 7.3, 9.5) and comment form (issue 6) in Chromium, end to end: beacons recorded by
 * the server's SQLite store and absent under Global Privacy Control or Do Not Track; a posted comment appearing (the
 * browser's own post passes the server's origin check, issue 13 item 6); the honeypot out of everyone's reach.
 */
import * as assert from 'uvu/assert';
import { BLOG_STATS_PATH } from '../../src/blog/constants';
import { blogSuite, focused, until } from './blog-env';

const { T, ctx, open } = blogSuite('blog statistics and comments');

type Row = Record<string, unknown>;
const views = () => ctx.blog.store.all<Row>('SELECT blog, post, path FROM blog_page_views ORDER BY id');
const clicks = () => ctx.blog.store.all<Row>('SELECT blog, post, mode, kind, href FROM blog_clicks ORDER BY id');
const clear = () => ctx.blog.store.exec('DELETE FROM blog_page_views; DELETE FROM blog_clicks');

T('page views and link clicks reach the server and are recorded, without holding up navigation', async () => {
  const { context, page, log } = await open('/');
  try {
    await until(async () => (await views()).length === 1, 'the home page view');
    assert.equal(await views(), [{ blog: 4217, post: 0, path: '/' }]);
    await clear();
    await Promise.all([
      page.waitForURL('**/posts/keepers-logbook-and-charts'),
      page.click('.entry-title a[href="/posts/keepers-logbook-and-charts"]'),
    ]);
    await until(
      async () => (await views()).length === 1 && (await clicks()).length === 1,
      'the click and the next view',
    );
    assert.equal(await clicks(), [
      { blog: 4217, post: 0, mode: 'home', kind: 'link', href: `${ctx.blog.origin}/posts/keepers-logbook-and-charts` },
    ]);
    assert.equal(await views(), [{ blog: 4217, post: 102, path: '/posts/keepers-logbook-and-charts' }]);
    await page.click('a[href="https://www.nlb.org.uk/"]');
    await until(async () => (await clicks()).length === 2, 'the outbound click');
    await page.goto(ctx.blog.origin + '/posts/keepers-logbook-and-charts');
    // Alt+click: download, no navigation
    await page.locator('a[href$="weather-log-2026.pdf"]').click({ modifiers: ['Alt'] });
    await until(async () => (await clicks()).length === 3, 'the download click');
    assert.equal((await clicks()).slice(1), [
      { blog: 4217, post: 102, mode: 'post', kind: 'outbound', href: 'https://www.nlb.org.uk/' },
      {
        blog: 4217,
        post: 102,
        mode: 'post',
        kind: 'download',
        href: `${ctx.blog.origin}/blog/files/weather-log-2026.pdf`,
      },
    ]);
    // Same-page links are not tracked (hash-change tracking is off).
    await page.click('.comments-link');
    await page.waitForFunction(() => location.hash === '#comments');
    assert.is((await clicks()).length, 3);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('nothing is sent under Global Privacy Control or Do Not Track', async () => {
  const signals: [string, string][] = [
    [
      'Global Privacy Control',
      "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
    ],
    ['Do Not Track', "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })"],
  ];
  for (const [name, script] of signals) {
    await clear();
    const { context, page, requests, log } = await open('');
    try {
      await context.addInitScript(script);
      await page.goto(ctx.blog.origin + '/posts/keepers-logbook-and-charts');
      assert.ok(
        await page.evaluate(
          () =>
            (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl ||
            navigator.doNotTrack === '1',
        ),
        name,
      );
      await page.click('a[href="https://www.nlb.org.uk/"]');
      await Promise.all([
        page.waitForURL('**/posts/storm-season-notes'),
        page.click('.entry-content a[href="/posts/storm-season-notes"]'),
      ]);
      // A page without the signal, opened after, is recorded: the store is listening.
      const control = await open('/');
      await until(async () => (await views()).length === 1, 'the control page view');
      await control.context.close();
      assert.equal(await views(), [{ blog: 4217, post: 0, path: '/' }], name);
      assert.equal(await clicks(), [], name);
      assert.equal(
        requests.filter((r) => r.url().includes(BLOG_STATS_PATH)).map((r) => r.url()),
        [],
        name,
      );
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  }
});

T('a posted comment appears, in its open panel, scrolled to; a form with mistakes says what to fix', async () => {
  const { context, page, log } = await open('/posts/lamp-room-at-dawn');
  try {
    await page.click('.comments-toggle');
    await page.fill('#comment-author', 'Solveig');
    await page.click('button[type=submit]');
    await page.waitForURL('**/posts/lamp-room-at-dawn/comments#respond');
    const alert = page.locator('[role=alert]');
    assert.ok(await alert.isVisible(), 'errors shown in the open panel');
    assert.ok(
      await alert.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight),
      'scrolled to the form and its errors, not left at the top of the page',
    );
    assert.match((await alert.textContent()) || '', /Please enter your e-mail address[\s\S]*Please write a comment\./);
    assert.is(await page.inputValue('#comment-author'), 'Solveig', 'typed text kept');
    await page.click('[role=alert] a[href="#comment-email"]');
    await page.waitForFunction(() => document.activeElement?.id === 'comment-email');
    await page.fill('#comment-email', 'solveig@example.org');
    await page.fill('#comment-body', 'The lens floats on mercury? Remarkable.');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/posts\/lamp-room-at-dawn#comment-\d+$/);
    const id = new URL(page.url()).hash.slice(1);
    const comment = page.locator(`#${id}`);
    assert.ok(await comment.isVisible());
    assert.match((await comment.textContent()) || '', /Solveig[\s\S]*The lens floats on mercury\? Remarkable\./);
    assert.ok(
      await comment.evaluate(
        (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight,
      ),
      'in view',
    );
    assert.not.ok((await page.content()).includes('solveig@example.org'));
    assert.ok(
      await page.locator('#secondary').evaluate((el) => el.textContent?.includes('Solveig on')),
      'in recent comments',
    );
    assert.equal(log.errors, [], await focused(page));
  } finally {
    await context.close();
  }
});

T(
  `the honeypot is out of reach: Tab goes from the comment to the button, focus() cannot reach it, it lies \
off-screen and is absent from the accessibility tree`,
  async () => {
    const { context, page, log } = await open('/posts/lamp-room-at-dawn');
    try {
      await page.click('.comments-toggle');
      await page.focus('#comment-body');
      await page.keyboard.press('Tab');
      assert.is(await focused(page), 'button');
      const hp = page.locator('#comment-website_url');
      assert.not.ok(
        await hp.evaluate((el) => {
          (el as HTMLInputElement).focus();
          return document.activeElement === el;
        }),
        'inert',
      );
      const box = await hp.boundingBox();
      assert.ok(box && box.x + box.width <= 0, JSON.stringify(box));
      const tree = await page.locator('form.comment-form').ariaSnapshot();
      assert.match(tree, /Post comment/);
      assert.not.match(tree, /Leave this field empty/);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

T.run();
