/**
 * The studio's rich-text editor (issue 33 item 2: "what is kept is exactly what the popup's sanitizer keeps, and the
 * editor shows it"): owner HTML is read through the popup's own sanitizer on load and on paste, so the editor holds
 * what the popup keeps; links are asked for in the page and refused when the popup would drop them; the region is
 * named by its visible label.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
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

const { T, ctx } = studioSuite('studio: rich text');

const F = demoForm('modal')!;
const HOSTILE =
  '<p onclick="steal()">Hello <b>there</b><script>alert(1)</script>' +
  '<img src="x" onerror="steal()"><a href="javascript:steal()">a trap</a> <i>friend</i></p>';

/** The description editor's markup. */
const editorHtml = (page: Page) => page.locator('#c-description').innerHTML();

/** Nothing of HOSTILE that the popup drops: no handler, no script, no javascript: address, no relative image. */
const harmless = (html: string) => !/onclick|onerror|<script|javascript:|src="x"/i.test(html);

T('owner HTML as the popup keeps it: on load, on paste; a link the popup would drop is refused', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p);
    // A description written elsewhere (a script of the owner's, through the API) with what the popup drops.
    const api = `${p.origin}/owner/api/forms/${F.lid}/${F.fId}`;
    const now = await (await page.request.get(api)).json();
    const put = await page.request.put(api, {
      headers: { 'If-Match': `"${now.revision}"`, 'Content-Type': 'application/json', Origin: p.origin },
      data: { settings: { ...now.settings, description: HOSTILE } },
    });
    assert.is(put.status(), 200, await put.text());
    await openEditor(page, p, F.lid, F.fId);
    const loaded = await editorHtml(page);
    assert.ok(harmless(loaded), loaded);
    assert.match(loaded, /Hello <b>there<\/b>/);
    assert.match(loaded, /<i>friend<\/i>/);
    assert.match((await page.textContent('.save-state')) || '', /^Saved/, 'loading changes nothing');

    // A paste of the same: only what the popup keeps lands in the editor, and in the popup.
    const box = page.getByRole('textbox', { name: 'Description', exact: true });
    await box.click();
    await page.keyboard.press('Control+End');
    await box.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html.replace('Hello', 'Pasted'));
      data.setData('text/plain', 'Pasted');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, HOSTILE);
    await stageModal(page).getByText('Pasted', { exact: false }).first().waitFor();
    const pasted = await editorHtml(page);
    assert.ok(harmless(pasted), pasted);
    assert.match(pasted, /Pasted/);

    // A link: asked in the page, a javascript: address refused with the reason, an https one kept.
    await page.keyboard.press('Shift+Home');
    const bar = page.getByRole('toolbar', { name: 'Description formatting', exact: true });
    await bar.getByRole('button', { name: 'Link' }).click();
    const address = control(page, 'Link address');
    assert.ok(await gainsFocus(address), 'focus in the address');
    await address.fill('javascript:steal()');
    await page.getByRole('button', { name: 'Add link' }).click();
    assert.is(await address.getAttribute('aria-invalid'), 'true');
    assert.match((await page.locator('#c-description-link-bad').textContent()) || '', /https:\/\//);
    await address.fill('https://example.com/spring');
    await address.press('Enter');
    await stageModal(page).locator('.mc-description a[href="https://example.com/spring"]').waitFor();
    assert.is(await bar.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed'), 'true');

    await saveButton(page).click();
    await saysLive(page, /^Saved/);
    const saved = (await (await page.request.get(api)).json()).settings.description as string;
    assert.ok(harmless(saved), saved);
    assert.match(saved, /<a href="https:\/\/example\.com\/spring"/);
    clean(w, 'rich text');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
