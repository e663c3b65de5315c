/**
 * axe-core on every studio page and state (issue 33 "axe zero"), frames included (the stage and its popup): the
 * home page and its delete dialog, the editor at desktop and phone width with its problems, accessibility warnings
 * and a stale save's difference shown, the phone and banner previews, the versions viewed, the subscribers page and
 * its erase dialog, a form's numbers (issue 36 item 2). wcag2a, wcag2aa, wcag21aa, wcag22aa and best-practice: zero
 * violations; and no page wider than the window.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { countEvent } from '../../src/server/db/form-counts';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { axe } from './harness';
import {
  clean,
  control,
  openEditor,
  openWatched,
  saveButton,
  saysLive,
  signIn,
  popupShown,
  remounted,
  stageBanner,
  stageModal,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: axe');

const F = demoForm('gdpr')!;

/**
 * axe's violations on `page`, each as one line naming the state, and a page wider than the window (WCAG 1.4.10
 * reflow: nothing of the studio scrolls sideways but a wide table inside its own region).
 */
const violations = async (page: Page, state: string) => [
  ...(await axe(page)).map((v) => `${state}: ${v.id} (${v.help}) ${v.targets.join(' ')}`),
  ...(
    await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.documentElement;
      return scrollWidth > clientWidth ? [`the page is ${scrollWidth} px wide in a ${clientWidth} px window`] : [];
    })
  ).map((w) => `${state}: ${w}`),
];

for (const viewport of [
  { width: 1400, height: 1000 },
  { width: 390, height: 844 },
])
  T(`zero violations on every page and state, at ${viewport.width} px`, async () => {
    const p = await studioProvider(ctx);
    const w = await openWatched(ctx, viewport);
    const { page } = w;
    const found: string[] = [];
    try {
      const q = new URLSearchParams({ u: DEMO_UUID, id: F.lid, f_id: F.fId, popup: 'true', EMAIL: 'a@example.com' });
      await page.request.get(`${p.origin}/subscribe/form-post-json?${q}&gdpr[101]=Y&c=cb`);
      await signIn(page, p);
      await page.locator('section.list').first().waitFor();
      found.push(...(await violations(page, 'home')));
      await page.getByRole('button', { name: `Delete form ${F.title}` }).click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await violations(page, 'home, delete dialog')));
      await page.keyboard.press('Escape');

      await openEditor(page, p, F.lid, F.fId);
      await popupShown(page);
      found.push(...(await violations(page, 'editor')));
      // A problem at its control, and accessibility warnings beside Save (empty labels of a French form: the popup
      // says its own, in English).
      await control(page, 'Button colour').fill('#12');
      await control(page, 'Language').fill('fr');
      await control(page, 'Button label').fill('');
      await control(page, 'Close label').fill('');
      await saveButton(page).click();
      await saysLive(page, /^Refused/);
      assert.ok((await page.locator('.check li').count()) >= 1, 'the accessibility check warns');
      found.push(...(await violations(page, 'editor, refused, warnings')));
      await control(page, 'Button colour').fill('#5b3bb5');
      await control(page, 'Language').fill('');
      await control(page, 'Button label').fill('Join');
      await control(page, 'Close label').fill('Close');

      // A stale save: the difference shown.
      const other = await w.context.newPage();
      await openEditor(other, p, F.lid, F.fId);
      await control(other, 'Close label').fill('Shut');
      await saveButton(other).click();
      await saysLive(other, /^Saved/);
      await other.close();
      await saveButton(page).click();
      await page.locator('.conflict table').waitFor();
      found.push(...(await violations(page, 'editor, conflict')));
      await page.getByRole('button', { name: 'Keep mine (save over)' }).click();
      await saysLive(page, /^Saved/);

      await remounted(page, () => page.getByRole('button', { name: /^View revision 1/ }).click());
      await page.locator('.viewing').waitFor();
      found.push(...(await violations(page, 'editor, a version viewed')));
      await page.getByRole('button', { name: 'Back to my draft' }).click();

      await remounted(page, () => page.getByLabel('Phone: the form').check());
      await stageModal(page).locator('button[type=submit]').waitFor();
      found.push(...(await violations(page, 'editor, phone preview')));
      await page.getByLabel('Phone: the banner').check();
      await stageBanner(page).locator('.mc-cta').waitFor();
      found.push(...(await violations(page, 'editor, banner preview')));

      await page.goto(`${p.origin}/studio/lists/${F.lid}`);
      await page.locator('table.subscribers tbody tr').first().waitFor();
      found.push(...(await violations(page, 'subscribers')));
      await page.getByRole('button', { name: 'Erase a@example.com' }).click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await violations(page, 'subscribers, erase dialog')));
      await page.keyboard.press('Escape');

      // A form's numbers (issue 36 item 2): totals, the chart, the table, the download.
      for (const e of ['shown', 'shown', 'closed'] as const) await countEvent(p.store, F.lid, F.fId, e);
      await page.goto(`${p.origin}/studio/forms/${F.lid}/${F.fId}/stats`);
      await page.locator('table.stats tbody tr').first().waitFor();
      found.push(...(await violations(page, 'stats')));
      assert.equal(found, []);
      clean(w, 'axe');
    } finally {
      await w.context.close();
      await p.close();
    }
  });

T.run();
