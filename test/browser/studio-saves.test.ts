/**
 * Saving in the studio (issue 33 item 3): a stale save is refused and the difference shown, by the labels of the
 * controls, with "Keep mine (save over)" and "Take theirs"; settings the form model refuses are refused before they
 * leave the page, with the reason next to the control (aria-invalid, aria-describedby); what only the server refuses
 * (422) is shown the same way; a version is viewed and restored. Nothing refused is stored.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkSettings } from '../../src/form-model/check';
import { demoForm } from '../../src/server/seed/forms';
import {
  clean,
  control,
  gainsFocus,
  openEditor,
  openWatched,
  saveButton,
  saysLive,
  signIn,
  stageModal,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: saves, conflicts, refusals, versions');

const F = demoForm('modal')!;

/** The rows of the differences table on `page`: [setting, yours, theirs]. */
const rows = (page: Page, table: string) =>
  page.$$eval(`${table} tbody tr`, (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent || '').trim())),
  );

/** The form as the API has it now. */
const stored = async (page: Page, origin: string) =>
  (await page.request.get(`${origin}/owner/api/forms/${F.lid}/${F.fId}`)).json();

/** The problem said under a control, through its aria-describedby. */
const problemOf = (page: Page, label: string) =>
  control(page, label).evaluate((el) =>
    (el.getAttribute('aria-describedby') || '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((n) => n?.classList.contains('problem'))
      .map((n) => n!.textContent)
      .join(' '),
  );

T('two tabs: a stale save is refused with the difference; take theirs; keep mine saves over', async () => {
  const p = await studioProvider(ctx);
  const a = await openWatched(ctx);
  try {
    await signIn(a.page, p);
    const b = await openWatched(ctx, undefined, a.context);
    await openEditor(a.page, p, F.lid, F.fId);
    await openEditor(b.page, p, F.lid, F.fId);

    await control(a.page, 'Close label').fill('Shut');
    await saveButton(a.page).click();
    await saysLive(a.page, /^Saved\./);

    await control(b.page, 'Continue label').fill('Next');
    await saveButton(b.page).click();
    assert.match(await saysLive(b.page, /saved elsewhere/), /Not saved: this form was saved elsewhere/);
    const heading = b.page.getByRole('heading', { name: 'Not saved: this form was saved elsewhere' });
    assert.ok(await gainsFocus(heading), 'focus moves to what happened');
    assert.equal(await rows(b.page, '.conflict table'), [
      ['Close label', '“Close”', '“Shut”'],
      ['Continue label', '“Next”', '“Continue”'],
    ]);
    const now = await stored(b.page, p.origin);
    assert.equal([now.revision, now.settings.closeLabel, now.settings.continueLabel], [2, 'Shut', 'Continue']);

    await b.page.getByRole('button', { name: 'Take theirs' }).click();
    await saysLive(b.page, /Took the saved form/);
    assert.equal(
      [await control(b.page, 'Close label').inputValue(), await control(b.page, 'Continue label').inputValue()],
      ['Shut', 'Continue'],
    );
    assert.is(await b.page.locator('.conflict').count(), 0);
    await control(b.page, 'Continue label').fill('Onward');
    await saveButton(b.page).click();
    await saysLive(b.page, /^Saved\./);

    // Tab a still works on revision 2: its next save is stale too, and it keeps its own.
    await control(a.page, 'Button label').fill('Go');
    await saveButton(a.page).click();
    await a.page.getByRole('heading', { name: 'Not saved: this form was saved elsewhere' }).waitFor();
    assert.equal(await rows(a.page, '.conflict table'), [
      ['Button label', '“Go”', '“Subscribe”'],
      ['Continue label', '“Continue”', '“Onward”'],
    ]);
    await a.page.getByRole('button', { name: 'Keep mine (save over)' }).click();
    await saysLive(a.page, /^Saved\./);
    const kept = await stored(a.page, p.origin);
    assert.equal(
      [kept.revision, kept.settings.buttonLabel, kept.settings.continueLabel, kept.settings.closeLabel],
      [4, 'Go', 'Continue', 'Shut'],
    );
    clean(a, 'tab a');
    clean(b, 'tab b');
  } finally {
    await a.context.close();
    await p.close();
  }
});

T('refused: next to the control before it leaves the page, and the server refusal (422) shown alike', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p, `/studio/forms/${F.lid}/${F.fId}`);
    await saveButton(page).waitFor();
    // A colour the popup would drop.
    await control(page, 'Button colour').fill('#12');
    const want = checkSettings({
      ...F.settings,
      styles: {
        ...(F.settings.styles as object),
        button: { ...(F.settings.styles as { button: object }).button, color: '#12' },
      },
    });
    assert.is(want.length, 1, 'the form model refuses the colour');
    assert.is(await control(page, 'Button colour').getAttribute('aria-invalid'), 'true');
    assert.is(await problemOf(page, 'Button colour'), want[0].message);
    await saveButton(page).click();
    assert.is(await saysLive(page, /^Refused/), `Refused: 1 problem to fix first. ${want[0].message}`);
    assert.ok(await gainsFocus(control(page, 'Button colour')), 'focus on the control');
    assert.is((await stored(page, p.origin)).revision, 1, 'nothing stored');
    // The problems beside Save link to their controls.
    assert.is(await page.locator('#form-problems a').textContent(), want[0].message);

    await control(page, 'Button colour').fill('#123456');
    assert.is(await control(page, 'Button colour').getAttribute('aria-invalid'), null);
    assert.is(await page.locator('#form-problems li').count(), 0);

    // A title of 201 characters: the server's own rule (the form model has no say in titles), answered 422.
    await control(page, 'Form title').fill('x'.repeat(201));
    await saveButton(page).click();
    // The colour's refusal above may still be in the live region: wait for the title's own.
    const said = await saysLive(page, /^Refused: .*title/i);
    assert.not.match(said, /colour/i, "the refusal is the title's alone");
    assert.is(await control(page, 'Form title').getAttribute('aria-invalid'), 'true');
    assert.match(await problemOf(page, 'Form title'), /title/i);
    assert.is((await stored(page, p.origin)).revision, 1, 'nothing stored');
    await control(page, 'Form title').fill('Modal, retitled');
    assert.is(await control(page, 'Form title').getAttribute('aria-invalid'), null, 'an edit clears the refusal');
    await saveButton(page).click();
    await saysLive(page, /^Saved\./);
    assert.is((await stored(page, p.origin)).title, 'Modal, retitled');
    clean(w, 'refusals');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T('versions: listed with their time, one viewed in the stage with its difference, then restored', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p, `/studio/forms/${F.lid}/${F.fId}`);
    await saveButton(page).waitFor();
    for (const label of ['First try', 'Second try']) {
      await control(page, 'Button label').fill(label);
      await saveButton(page).click();
      await saysLive(page, /^Saved\./);
    }
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByText(/^Revision 3 \(current\)/).waitFor();
    const lines = await versions.locator('li > span').allTextContents();
    assert.is(lines.length, 3);
    assert.match(lines[0], /^Revision 3 \(current\), .+: Modal$/);
    assert.match(lines[1], /^Revision 2, .+: Modal$/);
    assert.is(lines[2], 'Revision 1, as first made: Modal');
    assert.is(await versions.locator('li time').count(), 2, 'the saved ones with their time; the first as made');

    await versions.getByRole('button', { name: 'View revision 1' }).click();
    await versions.getByText('The preview shows this version.').waitFor();
    assert.equal(await rows(page, '.viewing table'), [['Button label', '“Second try”', '“Subscribe”']]);
    await stageModal(page).getByRole('button', { name: 'Subscribe', exact: true }).waitFor();
    await versions.getByRole('button', { name: 'Back to my draft' }).click();
    await stageModal(page).getByRole('button', { name: 'Second try', exact: true }).waitFor();

    await versions.getByRole('button', { name: 'View revision 2' }).click();
    await versions.getByRole('button', { name: 'Restore revision 2' }).click();
    assert.is(await saysLive(page, /^Restored/), 'Restored revision 2: saved as revision 4.');
    assert.is(await control(page, 'Button label').inputValue(), 'First try');
    const now = await (await page.request.get(`${p.origin}/owner/api/forms/${F.lid}/${F.fId}`)).json();
    assert.equal([now.revision, now.settings.buttonLabel], [4, 'First try']);
    await versions.getByText(/^Revision 4 \(current\)/).waitFor();
    clean(w, 'versions');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
