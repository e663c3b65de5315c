/**
 * A list's subscribers in the studio (issue 33 item 7): the table (address, status, when, fields), search by
 * address, the CSV export, and erase: asked first in a modal dialog (focus moved in, and back on cancel), then the
 * row gone, the live region saying so, and nothing of that person left in the API's answers.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { clean, openWatched, saysLive, signIn, studioProvider, studioSuite } from './studio-env';

const { T, ctx } = studioSuite('studio: subscribers');

const F = demoForm('modal')!;

/** Signs `email` up on the demo form through the provider's own submit call (spec 7.1). */
const subscribe = async (page: Page, origin: string, email: string, name: string) => {
  const q = new URLSearchParams({
    u: DEMO_UUID,
    id: F.lid,
    f_id: F.fId,
    popup: 'true',
    EMAIL: email,
    FNAME: name,
    c: 'cb',
  });
  const r = await page.request.get(`${origin}/subscribe/form-post-json?${q}`);
  assert.match(await r.text(), /"result":"success"/);
};

/** The addresses of the table, in order. */
const addresses = (page: Page) => page.$$eval('table.subscribers tbody th', (t) => t.map((x) => x.textContent));

T('the table, a search, the CSV, and an erase asked first', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    for (const [e, n] of [
      ['ada@example.com', 'Ada'],
      ['bob@example.com', 'Bob'],
      ['carol@example.org', 'Carol'],
    ])
      await subscribe(page, p.origin, e, n);
    await signIn(page, p, `/studio/lists/${F.lid}`);
    await page.locator('table.subscribers').waitFor();
    // Newest first.
    assert.equal(await addresses(page), ['carol@example.org', 'bob@example.com', 'ada@example.com']);
    assert.match((await page.textContent('table.subscribers caption')) || '', /^3 subscribers/);
    const bobRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'bob@example.com' }) });
    assert.match((await bobRow.textContent()) || '', /subscribed.*Signed up.*FNAME: Bob/);

    await page.getByLabel('Search by address').fill('EXAMPLE.ORG');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('table.subscribers tbody tr').length === 1);
    assert.equal(await addresses(page), ['carol@example.org']);
    assert.match((await page.textContent('caption')) || '', /1 subscriber matching “EXAMPLE.ORG”/);
    await page.getByLabel('Search by address').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('table.subscribers tbody tr').length === 3);

    // Asked first; Escape cancels, and focus returns to the button that asked.
    const erase = page.getByRole('button', { name: 'Erase bob@example.com' });
    await erase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase bob@example.com?' });
    await dialog.waitFor();
    assert.match((await dialog.textContent()) || '', /consents.*confirmations.*cannot be undone/);
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await erase.evaluate((b) => b === document.activeElement), 'focus back on the Erase button');
    assert.is((await addresses(page)).length, 3, 'nothing erased');

    await erase.click();
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    assert.match(await saysLive(page, /^Erased/), /^Erased bob@example\.com from .+\.$/);
    assert.equal(await addresses(page), ['carol@example.org', 'ada@example.com']);
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Erase ada@example.com', 'the next row');
    const api = await (await page.request.get(`${p.origin}/owner/api/lists/${F.lid}/subscribers?q=bob`)).json();
    assert.is(api.total, 0);

    const csv = await page.request.get(
      new URL((await page.getByRole('link', { name: 'Export as CSV' }).getAttribute('href'))!, p.origin).href,
    );
    assert.match(csv.headers()['content-type'], /^text\/csv/);
    const text = await csv.text();
    assert.ok(text.includes('ada@example.com') && text.includes('carol@example.org'));
    assert.not.ok(text.includes('bob@example.com'));
    clean(w, 'subscribers');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
