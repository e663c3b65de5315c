/**
 * The owner's studio end to end, as an owner would use it (issue 33 "Done means"): sign in on a production provider,
 * make a list and a form, edit a text (a label, and the description typed fast in the rich-text editor), a colour and
 * a field, and see each in the live popup inside the stage before anything is saved; save; then a host page elsewhere
 * carrying the form's own snippet (from Publish) shows the popup as saved. No CSP violation, no page error.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { FRAME_TITLE } from '../../src/constants';
import { accessibilityWarnings } from '../../src/form-model/a11y';
import { startFixture } from './harness';
import {
  clean,
  control,
  gainsFocus,
  newForm,
  newList,
  openWatched,
  saveButton,
  saysLive,
  signIn,
  stageModal,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: an owner makes, edits, saves and publishes a form');

/**
 * Waits until the popup's submit button has the background `rgb`: in the stage (`stage` true; each render replaces
 * the popup's frames, so they are looked up again at every poll), or on a host page.
 */
const buttonColour = (page: Page, rgb: string, stage = true) =>
  page.waitForFunction(
    ({ want, inStage, title }) => {
      const top = inStage ? (document.getElementById('stage') as HTMLIFrameElement).contentDocument : document;
      const popup = top?.querySelector<HTMLIFrameElement>(`iframe[title="${title}"]`)?.contentDocument;
      const b = popup?.querySelector('button[type=submit]');
      return !!b && getComputedStyle(b).backgroundColor === want;
    },
    { want: rgb, inStage: stage, title: FRAME_TITLE },
    { polling: 50, timeout: 15000 },
  );

/** A text, the description typed fast, bold, a colour and a field: each seen in the stage's popup, nothing saved. */
async function editLive(page: Page): Promise<void> {
  const modal = stageModal(page);
  await modal.locator('button[type=submit]').waitFor();
  // A text: the one field labelled Button label.
  await control(page, 'Button label').fill('Count me in');
  await modal.getByRole('button', { name: 'Count me in', exact: true }).waitFor();
  // Rich text, typed at a typist's pace with no pause: every character in place, in order.
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Fresh every Friday.');
  await modal.getByText('straight to your inbox. Fresh every Friday.').waitFor();
  // Bold from the toolbar, on a selection: the popup shows it bold.
  await page.keyboard.press('Shift+Home');
  const bold = page
    .getByRole('toolbar', { name: 'Description formatting', exact: true })
    .getByRole('button', { name: 'Bold' });
  await bold.click();
  assert.is(await bold.getAttribute('aria-pressed'), 'true');
  await modal.locator('.mc-description b, .mc-description strong').first().waitFor();
  // A colour, typed as hex: the popup's button takes it.
  await control(page, 'Button colour').fill('#5b3bb5');
  await buttonColour(page, 'rgb(91, 59, 181)');
  // A field: added (focus moves to its label), labelled, required.
  await control(page, 'New field type').selectOption({ label: 'Text' });
  await page.getByRole('button', { name: 'Add field', exact: true }).click();
  const label = page.locator('#c-fields-2-label');
  assert.ok(await gainsFocus(label), 'focus moves to the new field');
  await label.fill('Company');
  await page.locator('#c-fields-2-required').check();
  await modal.getByLabel(/^Company/).waitFor();
  // The trigger: at once, so that the host page below need not wait.
  await control(page, 'Delay (seconds)').fill('0');
}

/** The Mailchimp-style snippet of the Publish section, copied (the clipboard holds it) and returned. */
async function copySnippet(page: Page): Promise<string> {
  const block = page.getByRole('heading', { name: 'Mailchimp-style snippet' }).locator('xpath=..');
  const snippet = (await block.locator('code').textContent()) || '';
  await page.getByRole('button', { name: 'Copy the mailchimp-style snippet' }).click();
  assert.is(await saysLive(page, /Copied|Not copied/), 'Copied the mailchimp-style snippet.');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  return snippet;
}

/** A visitor on `url` sees the popup as saved. */
async function visit(url: string): Promise<void> {
  const visitor = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const vp = await visitor.newPage();
    await vp.goto(url);
    const popup = vp.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
    await popup.getByRole('button', { name: 'Count me in', exact: true }).waitFor({ timeout: 20000 });
    await popup.getByText('Fresh every Friday.').waitFor();
    await popup.getByLabel(/^Company/).waitFor();
    await buttonColour(vp, 'rgb(91, 59, 181)', false);
  } finally {
    await visitor.close();
  }
}

T('sign in, a list, a form; edits seen live in the stage before saving; saved; a host page shows them', async () => {
  const p = await studioProvider(ctx);
  const host = await startFixture();
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    const lid = await newList(page, 'Spring letter');
    assert.match(
      (await page.getByRole('region', { name: 'Spring letter' }).textContent()) || '',
      /No forms · 0 subscribed/,
    );
    const [flid, fId] = await newForm(page, 'Spring letter', 'Spring offer');
    assert.is(flid, lid);
    await editLive(page);

    // Nothing is saved yet: the API answers the form as it was made, its labels left to the built-in texts.
    const api = `${p.origin}/owner/api/forms/${lid}/${fId}`;
    assert.is((await (await page.request.get(api)).json()).settings.buttonLabel, undefined);
    assert.match((await page.textContent('.save-state')) || '', /Unsaved changes/);
    await saveButton(page).click();
    const said = await saysLive(page, /^Saved/);
    assert.match((await page.textContent('.save-state')) || '', /^Saved: revision 2,/);
    const after = await (await page.request.get(api)).json();
    assert.is(after.settings.buttonLabel, 'Count me in');
    assert.is(after.settings.styles.button.color, '#5b3bb5');
    assert.is(after.settings.fields[2].label, 'Company');
    assert.match(after.settings.description, /Fresh every Friday\./);
    // The live region says the save and the accessibility check's count.
    const n = accessibilityWarnings(after.settings).length;
    assert.is(said, `Saved. ${n} accessibility warning${n === 1 ? '' : 's'}.`);

    // Publish: the Mailchimp-style snippet, as copied, on a page of another site.
    const snippet = await copySnippet(page);
    assert.ok(snippet.includes(`${p.origin}/js/`), snippet);
    await visit(
      host.page(
        'studio-owner',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<main><h1>A site of the owner's</h1></main>${snippet}</body></html>`,
      ),
    );
    clean(w, 'the owner journey');
  } finally {
    await w.context.close();
    await host.close();
    await p.close();
  }
});

T.run();
