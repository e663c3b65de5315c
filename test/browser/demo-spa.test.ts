/**
 * The single-page-app demo (/demo/spa, issue 14.2) on the reference provider and the built dist/, in Chromium: it
 * requests nothing before the visitor allows it, then each route of the app (history.pushState, Back) has its own
 * popup, one at a time, and leaving a route destroys its popup.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startProvider, type Provider } from '../../src/server/app';
import { demoForm } from '../../src/server/seed/forms';
import { axe, DIST, launch, watch } from './harness';
import { MODAL, shown } from './popup-env';

const ctx = { browser: null as unknown as Browser, p: null as unknown as Provider, dir: '' };
const S = suite('the single-page-app demo', ctx);

S.before(async () => {
  ctx.browser = await launch();
  ctx.dir = mkdtempSync(join(tmpdir(), 'demo-spa-'));
  ctx.p = await startProvider({ dbPath: join(ctx.dir, 'p.sqlite'), distDir: DIST, quiet: true, rateLimit: false });
});
S.after(async () => {
  await ctx.browser.close();
  await ctx.p.close();
  rmSync(ctx.dir, { recursive: true, force: true });
});

/** Waits until `ok` holds (at most 10 s). */
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(ok(), 'in time');
};

/** The number of popup frames on the page. */
const frames = (page: Page) => page.evaluate(() => document.querySelectorAll('iframe').length);

S('nothing before consent; then one popup per route, across pushState and Back', async () => {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const log = watch(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/subscribe/')) asked.push(`${u.pathname.slice(11)} ${u.searchParams.get('id')}`);
  });
  const news = demoForm('modal')!;
  const launchForm = demoForm('fixed')!;
  try {
    // As localhost: on the provider's own host closing sets no cookie (spec 4.3), and this page is an owner's site.
    await page.goto(`${ctx.p.origin.replace('//127.0.0.1:', '//localhost:')}/demo/spa`);
    await page.waitForFunction(() => document.readyState === 'complete');
    assert.equal(await axe(page), [], 'axe before consent');
    await page.waitForTimeout(1500);
    assert.equal(asked, [], 'no provider request before consent');
    assert.equal(await context.cookies(), [], 'no cookie before consent');

    await page.click('#consent');
    await shown(page, MODAL);
    assert.equal(asked, [`form-settings ${news.lid}`]);

    // Closed (on the provider's own site closing writes no cookie, spec 4.3; test/browser/loader-full.test.ts
    // covers the scoped cookies on an owner's site).
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('iframe'));

    // The app's own link: pushState, and the next route's form.
    await page.getByRole('link', { name: 'Product launch' }).click();
    await page.waitForURL('**/demo/spa/launch');
    await shown(page, MODAL);
    assert.equal(asked, [`form-settings ${news.lid}`, `form-settings ${launchForm.lid}`]);

    // Back, with the launch popup open: it goes with its route, and the newsletter's comes, one at a time.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')!.textContent === 'Newsletter');
    await until(() => asked.length === 3);
    await shown(page, MODAL);
    assert.is(await frames(page), 1, 'one popup at a time');
    assert.equal(asked.slice(2), [`form-settings ${news.lid}`]);

    // Forward: the launch route again.
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('h1')!.textContent === 'Product launch');
    await until(() => asked.length === 4);
    await shown(page, MODAL);
    assert.is(await frames(page), 1);
    assert.equal(asked.slice(3), [`form-settings ${launchForm.lid}`]);
    assert.is(
      await page.evaluate(() => performance.getEntriesByType('navigation').length),
      1,
      'no page load: the app navigated itself',
    );
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

S.run();
