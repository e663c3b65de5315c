/**
 * The studio from the keyboard alone (issue 33 "keyboard only"): Tab reaches every control of the editor, in the
 * order of the page, and leaves each (the rich-text editors hold no one); fields and choices are reordered with their
 * Move up and Move down buttons, focus staying with the item moved; a rich-text toolbar is one tab stop whose buttons
 * the arrow keys move between; the home page's delete asks in a dialog that takes focus and gives it back.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { demoForm } from '../../src/server/seed/forms';
import {
  clean,
  focusedText,
  gainsFocus,
  openEditor,
  openWatched,
  signIn,
  stageModal,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: keyboard only');

const EVERY = demoForm('every-field')!;

/**
 * Marks every element of the page Tab should stop at, in document order, and returns how many: links, enabled
 * buttons, inputs, selects and text areas, the content-editable regions, the stage; of a group of radios only the
 * checked one; nothing with tabindex -1 (a toolbar's other buttons, reached by arrows) or that is not rendered.
 */
const markStops = (page: Page) =>
  page.evaluate(() => {
    const all = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex], iframe#stage',
    );
    let n = 0;
    for (const el of all) {
      const off =
        el.tabIndex < 0 ||
        (el as HTMLButtonElement).disabled ||
        !el.getClientRects().length ||
        (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked);
      if (!off) el.dataset.stop = String(n++);
    }
    return n;
  });

/** Which marked element has focus: its number, 'stage' inside the stage, or what else has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (el && el.id === 'stage') return 'stage';
    return el?.dataset.stop ?? `unmarked ${el?.tagName} ${el?.id} ${el?.textContent?.slice(0, 30)}`;
  });

T('Tab reaches every control of the editor, in the order of the page', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    await openEditor(page, p, EVERY.lid, EVERY.fId);
    await stageModal(page).locator('button[type=submit]').waitFor();
    const n = await markStops(page);
    assert.ok(n > 150, `${n} stops: every field's controls are on the page`);
    const seen: string[] = [];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < n + 60 && seen[seen.length - 1] !== String(n - 1); i++) {
      await page.keyboard.press('Tab');
      const at = await focused(page);
      // Inside the stage, Tab walks the popup's own controls: the stage counts once.
      if (at !== 'stage' || seen[seen.length - 1] !== 'stage') seen.push(at);
    }
    const want = Array.from({ length: n }, (_, i) => String(i));
    const stageAt = await page.evaluate(() => document.getElementById('stage')!.dataset.stop);
    assert.equal(
      seen,
      want.map((s) => (s === stageAt ? 'stage' : s)),
    );
    clean(w, 'tab order');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T('Move up and Move down from the keyboard: fields and choices reordered, focus staying with the item', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    await openEditor(page, p, EVERY.lid, EVERY.fId);
    const modal = stageModal(page);
    await modal.locator('button[type=submit]').waitFor();
    assert.equal(
      await modal
        .locator('input[name=EMAIL], input[name=FNAME]')
        .evaluateAll((i) => i.map((x) => (x as HTMLInputElement).name)),
      ['EMAIL', 'FNAME'],
    );

    await page.locator('#c-fields-0-down').focus();
    await page.keyboard.press('Enter');
    // The e-mail field is second now: its Move down button has focus at its new place.
    await page.waitForFunction(() => document.activeElement?.id === 'c-fields-1-down');
    assert.match((await page.locator('#c-fields-1 > legend').textContent()) || '', /^Field 2 \(Email Address\)/);
    // The popup in the stage shows the first name first.
    await page.waitForFunction(() => {
      const popup = (document.getElementById('stage') as HTMLIFrameElement).contentDocument!.querySelector('iframe');
      const names = [...(popup?.contentDocument?.querySelectorAll<HTMLInputElement>('input[name]') || [])].map(
        (x) => x.name,
      );
      return names.indexOf('FNAME') >= 0 && names.indexOf('FNAME') < names.indexOf('EMAIL');
    });
    // Space on Move up brings it back; on the first field Move up is off, so focus goes to its Move down.
    await page.keyboard.press('Shift+Tab');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'c-fields-1-up');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.activeElement?.id === 'c-fields-0-down');
    assert.ok(await page.locator('#c-fields-0-up').isDisabled());
    assert.match((await page.locator('#c-fields-0 > legend').textContent()) || '', /^Field 1 \(Email Address\)/);

    // A choice of the dropdown (field 11, Plan): Free, Standard, Premium.
    const plan = EVERY.settings.fields as { name: string }[];
    const i = plan.findIndex((f) => f.name === 'PLAN');
    await page.locator(`#c-fields-${i}-choices-0-down`).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.activeElement?.id === id, `c-fields-${i}-choices-1-down`);
    assert.equal(
      await page
        .locator(`#c-fields-${i}-choices li input[id$="-value"]`)
        .evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value)),
      ['Standard', 'Free', 'Premium'],
    );
    // And the popup's dropdown lists them so.
    await page.waitForFunction(() => {
      const popup = (document.getElementById('stage') as HTMLIFrameElement).contentDocument!.querySelector('iframe');
      const opts = [...(popup?.contentDocument?.querySelectorAll('select[name=PLAN] option') || [])];
      return (
        opts
          .map((o) => o.textContent)
          .filter(Boolean)
          .join() === 'Standard,Free,Premium'
      );
    });
    clean(w, 'reorder');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T('a rich-text toolbar is one tab stop, its buttons reached by the arrow keys; Tab leaves the editor', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    await openEditor(page, p, EVERY.lid, EVERY.fId);
    const bar = page.getByRole('toolbar', { name: 'Description formatting', exact: true });
    await page.getByLabel('Form title', { exact: true }).focus();
    await page.keyboard.press('Tab');
    const at = () => page.evaluate(() => document.activeElement?.textContent);
    assert.is(await at(), 'Bold');
    await page.keyboard.press('ArrowRight');
    assert.is(await at(), 'Italic');
    await page.keyboard.press('End');
    assert.is(await at(), 'Numbered list');
    await page.keyboard.press('ArrowRight');
    assert.is(await at(), 'Bold', 'round again');
    await page.keyboard.press('ArrowLeft');
    assert.is(await at(), 'Numbered list');
    assert.equal(
      await bar.getByRole('button').evaluateAll((b) => b.map((x) => (x as HTMLElement).tabIndex)),
      [-1, -1, -1, -1, 0],
    );
    // Into the editor, a list made from the toolbar, and out again with Tab from the start of its item.
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'c-description');
    await page.keyboard.press('Shift+Tab');
    assert.is(await at(), 'Numbered list', 'Shift+Tab back to the toolbar, at the button last used');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.querySelector('#c-description ol'));
    assert.is(await page.evaluate(() => document.activeElement?.id), 'c-description');
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    assert.is(await at(), 'Bold', "Tab at a list item's start leaves the editor (the next toolbar)");
    clean(w, 'toolbar');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T("the home page's delete: a dialog that takes focus, Escape gives it back", async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    const del = page.getByRole('button', { name: `Delete form ${EVERY.title}` });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Delete the form “${EVERY.title}”?` });
    await dialog.waitFor();
    assert.match((await dialog.textContent()) || '', /Nothing happens to its subscribers: they belong to the list/);
    assert.is(await focusedText(page, 'Cancel'), 'Cancel');
    await page.keyboard.press('Shift+Tab');
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Delete form');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await gainsFocus(del), 'focus back on Delete');
    clean(w, 'dialog');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
