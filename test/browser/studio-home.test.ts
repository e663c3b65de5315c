/**
 * The studio's home (issue 33 item 1): every list with its opt-in, counts and forms; a list renamed in place (the new
 * name's input takes focus, Enter renames, focus back on Rename); a form renamed, duplicated, made as a copy of
 * another, and deleted after the dialog says that its subscribers stay on the list, which they do.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import {
  clean,
  control,
  focusedText,
  gainsFocus,
  openWatched,
  saysLive,
  signIn,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: home');

const DOI = demoForm('double-opt-in')!;

/** The region of a list on the home page, by its name. */
const listRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The titles of a list's forms, in order. */
const titles = (page: Page, name: string) => listRegion(page, name).locator('tbody th').allTextContents();

T('lists and forms: opt-in and counts; rename, duplicate, copy, delete (the subscribers stay)', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    const q = new URLSearchParams({
      u: DEMO_UUID,
      id: DOI.lid,
      f_id: DOI.fId,
      popup: 'true',
      EMAIL: 'dee@example.com',
    });
    await page.request.get(`${p.origin}/subscribe/form-post-json?${q}&c=cb`);
    await signIn(page, p);
    await page.locator('section.list').first().waitFor();
    const lists = await page.locator('section.list h2').allTextContents();
    const name = lists.find((n) => /double opt-in/i.test(n))!;
    assert.ok(name, JSON.stringify(lists));
    const region = listRegion(page, name);
    assert.match((await region.textContent()) || '', /Double opt-in · 0 subscribed, 1 pending/);

    // The list renamed from the keyboard.
    const rename = region.getByRole('button', { name: `Rename list ${name}` });
    await rename.focus();
    await page.keyboard.press('Enter');
    const input = control(page, `New name for list ${name}`);
    assert.ok(await gainsFocus(input), 'the new name takes focus');
    await input.fill('Confirmed readers');
    await input.press('Enter');
    assert.is(await saysLive(page, /^Renamed/), 'Renamed the list to Confirmed readers.');
    const renamed = listRegion(page, 'Confirmed readers');
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Rename'));

    // The form renamed, duplicated, then a new one made as a copy of it.
    await renamed.getByRole('button', { name: `Rename form ${DOI.title}` }).click();
    await control(page, `New name for form ${DOI.title}`).fill('Welcome');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await saysLive(page, /^Renamed to Welcome/);
    await renamed.getByRole('button', { name: 'Duplicate form Welcome' }).click();
    assert.is(await saysLive(page, /^Duplicated/), 'Duplicated Welcome as Copy of Welcome.');
    assert.equal(await titles(page, 'Confirmed readers'), ['Welcome', 'Copy of Welcome']);

    // Deleted, asked first; the list keeps its subscriber.
    await renamed.getByRole('button', { name: 'Delete form Copy of Welcome' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the form “Copy of Welcome”?' });
    assert.match((await dialog.textContent()) || '', /they belong to the list “Confirmed readers”/);
    await dialog.getByRole('button', { name: 'Delete form' }).click();
    assert.match(await saysLive(page, /^Deleted/), /Its subscribers stay on Confirmed readers\.$/);
    assert.equal(await titles(page, 'Confirmed readers'), ['Welcome']);
    assert.match((await renamed.textContent()) || '', /0 subscribed, 1 pending/);
    assert.is(await focusedText(page, 'Confirmed readers'), 'Confirmed readers', 'focus on the list');

    // A new form as a copy of another: its editor opens on the copy's settings.
    await renamed.getByLabel('New form title').fill('Second welcome');
    await renamed.getByLabel('Start from').selectOption({ label: 'A copy of Welcome (Confirmed readers)' });
    await Promise.all([
      page.waitForURL(/\/studio\/forms\//),
      renamed.getByRole('button', { name: 'New form', exact: true }).click(),
    ]);
    assert.ok(await page.getByLabel('Double opt-in', { exact: true }).isChecked(), 'copied settings');
    assert.is(await control(page, 'Form title').inputValue(), 'Second welcome');
    clean(w, 'home');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
