/**
 * The editor's live preview (issue 33 item 2; spec 6 preview mode): desktop and phone widths and the banner on
 * phones, the page language and direction under the popup, another popup version loading the stage again, a
 * text-to-join link said instead of followed, and a stage navigated away replaced, the preview going on.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { demoForm } from '../../src/server/seed/forms';
import {
  clean,
  control,
  openEditor,
  openWatched,
  popupShown,
  remounted,
  saysLive,
  signIn,
  stage,
  stageBanner,
  stageModal,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: the live preview');

/**
 * A provider and a watched page at a desktop width, signed in, in the editor of demo form `key`; `end` closes both (so
 * does a failure on the way in).
 */
const editing = async (key: string) => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx, { width: 1400, height: 1100 });
  const end = async () => {
    await w.context.close();
    await p.close();
  };
  const F = demoForm(key)!;
  try {
    await signIn(w.page, p);
    await openEditor(w.page, p, F.lid, F.fId);
  } catch (e) {
    await end();
    throw e;
  }
  return { p, w, page: w.page, end };
};

const stageRoot = (page: Page) =>
  stage(page)
    .locator('html')
    .evaluate((h) => [(h as HTMLElement).lang, (h as HTMLElement).dir, location.pathname + location.search]);

T('desktop, phone, banner; the page language and direction; another popup version', async () => {
  const { w, page, end } = await editing('modal');
  try {
    await stageModal(page).locator('button[type=submit]').waitFor();
    const width = () => page.locator('#stage').evaluate((f) => f.getBoundingClientRect().width);
    assert.ok((await width()) > 800, 'desktop: wider than the form, so the popup lays out for a desktop');

    await page.getByLabel('Phone: the form').check();
    await page.waitForFunction(() => document.getElementById('stage')!.getBoundingClientRect().width === 375);
    await stageModal(page).locator('button[type=submit]').waitFor();
    assert.is(await stage(page).locator('iframe').count(), 1, 'the form, not the banner');
    await page.getByLabel('Phone: the banner').check();
    await stageBanner(page).locator('.mc-cta').waitFor();
    await page.getByLabel('Desktop').check();
    await stageModal(page).locator('button[type=submit]').waitFor();

    assert.equal(await stageRoot(page), ['en', 'ltr', '/studio/stage?v=1.0&lang=en&dir=ltr']);
    await control(page, 'Page language').fill('ar');
    await control(page, 'Page language').press('Tab');
    await control(page, 'Page direction').selectOption('rtl');
    await page.waitForFunction(() => {
      const d = (document.getElementById('stage') as HTMLIFrameElement).contentDocument!;
      const f = d.querySelector('iframe')?.contentDocument;
      const popupRtl = !!f?.body && f.documentElement.lang === 'ar' && getComputedStyle(f.body).direction === 'rtl';
      return d.documentElement.dir === 'rtl' && popupRtl;
    });
    // The address keeps them: a reload shows the stage as it was.
    assert.match(page.url(), /\?lang=ar&dir=rtl$/);
    await page.reload();
    await stageModal(page).locator('button[type=submit]').waitFor();
    assert.equal((await stageRoot(page)).slice(0, 2), ['ar', 'rtl']);
    assert.is(await control(page, 'Page language').inputValue(), 'ar');
    // Not a language tag: said, marked, and the stage keeps its language.
    await control(page, 'Page language').fill('ar"><b>');
    await control(page, 'Page language').press('Tab');
    assert.is(await control(page, 'Page language').getAttribute('aria-invalid'), 'true');
    assert.match((await page.textContent('#page-lang-hint')) || '', /Not a language tag/);
    assert.equal((await stageRoot(page)).slice(0, 2), ['ar', 'rtl']);

    // Version 1.1 with the rewards badge: the stage loads popup.js 1.1, which shows it.
    await control(page, 'Rewards badge').check();
    await control(page, 'Rewards link').fill('https://example.com/rewards');
    await control(page, 'Popup version').selectOption('1.1');
    await page.waitForFunction(() => /[?&]v=1\.1&/.test((document.getElementById('stage') as HTMLIFrameElement).src));
    await stageModal(page).locator('a[href="https://example.com/rewards"]').waitFor();
    assert.is(await page.locator('iframe#stage').count(), 1);
    clean(w, 'views, language, version');
  } finally {
    await end();
  }
});

T(
  "the form's own language and direction win over the page's; its built-in texts in it, live in the stage",
  async () => {
    const { w, page, end } = await editing('modal');
    try {
      await stageModal(page).locator('button[type=submit]').waitFor();
      // The demo's own Close label would win over the translation: the owner empties it.
      await control(page, 'Close label').fill('');
      await control(page, 'Language').fill('he');
      await control(page, 'Direction').selectOption('rtl');
      await control(page, '“Close”').fill('סגירה');
      await page.waitForFunction(() => {
        const d = (document.getElementById('stage') as HTMLIFrameElement).contentDocument!;
        const f = d.querySelector('iframe')?.contentDocument;
        const close = f?.querySelector('.mc-close');
        return (
          d.documentElement.dir === 'ltr' &&
          !!f?.body &&
          f.documentElement.lang === 'he' &&
          getComputedStyle(f.body).direction === 'rtl' &&
          close?.getAttribute('aria-label') === 'סגירה'
        );
      });
      // Markup in a built-in text would show as typed: said and marked at its box.
      const subscribe = control(page, '“Subscribe”');
      await subscribe.fill('<b>Go</b>');
      await subscribe.press('Tab');
      await page.waitForFunction(
        () => document.getElementById('c-translations-Subscribe')?.getAttribute('aria-invalid') === 'true',
      );
      // Not a language tag: said and marked too.
      await control(page, 'Language').fill('he"><b>');
      await control(page, 'Language').press('Tab');
      await page.waitForFunction(() => document.getElementById('c-lang')?.getAttribute('aria-invalid') === 'true');
      clean(w, 'the form language');
    } finally {
      await end();
    }
  },
);

T('text-to-join at the phone width is said, not followed; a stage navigated away is replaced', async () => {
  const { w, page, end } = await editing('sms');
  try {
    await popupShown(page);
    await remounted(page, () => page.getByLabel('Phone: the form').check());
    const modal = stageModal(page);
    await modal.locator('input[type=email]').fill('owner@example.com');
    await modal.locator('[type=submit]').click();
    const join = modal.locator('.mc-ttt-join');
    assert.is(await join.getAttribute('href'), 'sms:+15555550123?&body=SIGNUP');
    const before = await stageRoot(page);
    await join.click();
    const note = await saysLive(page, /\+15555550123/);
    assert.match(note, /^Join via text: .* saying SIGNUP\. The preview sends nothing\.$/);
    assert.equal(await stageRoot(page), before, 'the stage stayed where it was, readable');
    clean(w, 'text-to-join');

    // What a link aimed at the stage does when nothing stops it: the stage holds a page the studio cannot read (the
    // studio's own home refuses to be framed: an error page).
    await page.evaluate(() => {
      const stage = document.getElementById('stage') as HTMLIFrameElement;
      stage.dataset.navigated = '';
      stage.contentWindow!.location.href = '/studio';
    });
    // The stage holds the unreadable page, or the studio has already replaced it (a new frame, unmarked): a look that
    // waited for the first alone missed it on a loaded machine when the replacement came between two looks.
    await page.waitForFunction(() => {
      const stage = document.getElementById('stage') as HTMLIFrameElement;
      return !stage.contentDocument || stage.dataset.navigated === undefined;
    });
    // The e-mail step of an SMS form goes on with its Continue button.
    await control(page, 'Continue label').fill('After the rebuild');
    await modal.getByRole('button', { name: 'After the rebuild' }).waitFor({ timeout: 20000 });
    assert.is(await page.locator('iframe#stage').count(), 1, 'one stage');
    const stageDoc = await page.evaluate(() => {
      const d = (document.getElementById('stage') as HTMLIFrameElement).contentDocument;
      return d?.location.pathname;
    });
    assert.is(stageDoc, '/studio/stage', 'a new stage, readable');
    assert.ok(
      w.violations.length > 0 && w.violations.every((v) => /frame-ancestors|Refused to frame/.test(v)),
      `only the setup's framing is refused: ${JSON.stringify(w.violations)}`,
    );
    assert.equal(w.log.errors, []);
  } finally {
    await end();
  }
});

T.run();
