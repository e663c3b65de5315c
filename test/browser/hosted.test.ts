/**
 * The hosted subscribe page in Chromium with JavaScript off (issue 35 item 1): a visitor whose browser runs no script
 * (or blocks the embed) fills the "every field type" form, is refused with each error at its field and the summary
 * focused, fixes it, is redirected to the success page, and is stored. axe-core finds nothing on the form, its
 * refusal and its success page at 390 and 1280 px, and no page is wider than the window (WCAG 1.4.10).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startProvider, type Provider } from '../../src/server/app';
import { listSubscribers } from '../../src/server/db/subscribers';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { axe, cutOff, DIST, launch, smallTargets, TEXT_SPACING } from './harness';

const ctx = { browser: null as unknown as Browser, p: null as unknown as Provider, dir: '' };
const H = suite('hosted page, JavaScript off', ctx);

H.before(async () => {
  ctx.browser = await launch();
  ctx.dir = mkdtempSync(join(tmpdir(), 'hosted-browser-'));
  ctx.p = await startProvider({
    dbPath: join(ctx.dir, 'provider.sqlite'),
    distDir: DIST,
    quiet: true,
    rateLimit: false,
  });
});
H.after(async () => {
  await ctx.p.close();
  await ctx.browser.close();
  rmSync(ctx.dir, { recursive: true, force: true });
});

const F = demoForm('every-field')!;
const FORM_PATH = `/subscribe?${new URLSearchParams({ u: DEMO_UUID, id: F.lid, f_id: F.fId })}`;

/**
 * A page `width` wide, in a context that runs no script unless `js` (axe runs as a script: its pages are the same, as
 * the hosted pages carry none); its console errors (CSP refusals, failed loads) collected.
 */
async function open(width: number, js = false): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await ctx.browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // The refusal's own 400 is logged as a failed load; anything else (a CSP refusal, a missing resource) is not.
    if (m.type() === 'error' && !/status of 4(00|29)/.test(m.text())) errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}

/**
 * axe's violations, a page wider than its window (WCAG 1.4.10) and a target under 24 px either way (harness.ts
 * smallTargets: 2.5.8, stricter than axe's spacing rule, as the popup is held), each as a line naming the state.
 */
const violations = async (page: Page, state: string) => [
  ...(await axe(page)).map((v) => `${state}: ${v.id} (${v.help}) ${v.targets.join(' ')}`),
  ...(
    await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.documentElement;
      const wide = scrollWidth > clientWidth ? [`${scrollWidth} px wide in a ${clientWidth} px window`] : [];
      return wide;
    })
  ).map((w) => `${state}: ${w}`),
  ...(await smallTargets(page)).map((t) => `${state}: a target of ${t}`),
];

/** Submits the form with its button, as a visitor does, and waits for the answer's page. */
const send = async (page: Page) => {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
};

H(
  'refused, then accepted: errors at their fields, the summary focused, the success page, the subscriber stored',
  async () => {
    const { page, errors, close } = await open(1280);
    try {
      await page.goto(ctx.p.origin + FORM_PATH);
      assert.is(await page.evaluate(() => document.scripts.length), 0);
      await page.getByLabel('Email Address').fill('not-an-address');
      await page.getByLabel('First Name').fill('Nomad');
      await send(page);
      assert.match(page.url(), /\/subscribe\/post\?/);
      // What was typed is kept; the summary has the focus; the e-mail input says it is invalid and why.
      assert.is(await page.getByLabel('Email Address').inputValue(), 'not-an-address');
      assert.is(await page.getByLabel('First Name').inputValue(), 'Nomad');
      const summary = page.getByRole('alert');
      assert.ok(await summary.evaluate((el) => el === document.activeElement), 'the summary has the focus');
      const email = page.getByLabel('Email Address');
      assert.is(await email.getAttribute('aria-invalid'), 'true');
      const said = await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent();
      assert.ok(said && said.length > 3, 'the e-mail error is shown');
      assert.match((await summary.textContent()) || '', new RegExp(said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // The summary's link moves the focus to the field (no script needed).
      await summary.getByRole('link', { name: /Email Address/ }).click();
      assert.ok(await email.evaluate((el) => el === document.activeElement), 'the link focuses the e-mail input');

      await email.fill('nomad@example.com');
      await page.locator('input[name="ADDRESS[addr1]"]').fill('1 Main St');
      await page.locator('input[name="ADDRESS[city]"]').fill('Springfield');
      await page.locator('input[name="ADDRESS[state]"]').fill('IL');
      await page.locator('input[name="ADDRESS[zip]"]').fill('62701');
      await page.locator('select[name="ADDRESS[country]"]').selectOption('164');
      await page.getByLabel('Plan').selectOption('Standard');
      await page.getByRole('radio', { name: 'Monthly' }).check();
      await page.getByRole('checkbox', { name: 'Offers' }).check();
      await send(page);
      assert.match(page.url(), /\/subscribe\/thanks\?/);
      assert.match((await page.getByRole('status').textContent()) || '', /Thank you for subscribing!/);
      const rows = await listSubscribers(ctx.p.store, F.lid);
      assert.equal(
        rows.map((r) => r.email),
        ['nomad@example.com'],
      );
      assert.is(rows[0].merge_fields.FNAME, 'Nomad');
      assert.is(rows[0].merge_fields.PLAN, 'Standard');
      assert.equal(errors, [], 'no CSP or other error in the console');
    } finally {
      await close();
    }
  },
);

H(
  "by keyboard alone: Tab reaches the e-mail input, Enter posts, the summary's link takes focus back to it",
  async () => {
    const { page, close } = await open(1280);
    try {
      await page.goto(ctx.p.origin + FORM_PATH);
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('name') || document.activeElement?.tagName);
      for (let i = 0; i < 10 && (await focused()) !== 'EMAIL'; i++) await page.keyboard.press('Tab');
      assert.is(await focused(), 'EMAIL', 'Tab reaches the e-mail input');
      await page.keyboard.type('not-an-address');
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      assert.is(await focused(), 'DIV', 'the summary has the focus');
      assert.is(await page.evaluate(() => document.activeElement!.getAttribute('role')), 'alert');
      await page.keyboard.press('Tab');
      assert.match((await page.evaluate(() => document.activeElement!.textContent)) || '', /Email Address/);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'EMAIL');
      assert.is(await page.inputValue('input[name=EMAIL]'), 'not-an-address', 'what was typed is kept');
    } finally {
      await close();
    }
  },
);

H("text spacing (WCAG 1.4.12): with a reader's spacing nothing is cut off or scrolls sideways, at 320 px", async () => {
  // A reader's style sheet is theirs, not the page's: the page's policy does not apply to it (bypassCSP).
  const context = await ctx.browser.newContext({ bypassCSP: true, viewport: { width: 320, height: 900 } });
  const page = await context.newPage();
  const close = () => context.close();
  try {
    await page.goto(ctx.p.origin + FORM_PATH);
    await send(page);
    await page.addStyleTag({ content: TEXT_SPACING });
    const spacing = await page.$eval('button[type=submit]', (b) => getComputedStyle(b).letterSpacing);
    assert.ok(Number.parseFloat(spacing) > 1.5, `the spacing took effect (${spacing})`);
    assert.equal(await cutOff(page), [], 'the refused form, its summary and its errors');
  } finally {
    await close();
  }
});

for (const width of [320, 390, 1280])
  H(
    `axe, reflow and 24 px targets: nothing found on the form, its refusal and the success page at ${width} px`,
    async () => {
      const { page, close } = await open(width, true);
      const found: string[] = [];
      try {
        await page.goto(ctx.p.origin + FORM_PATH);
        assert.is(await page.locator('script').count(), 0);
        found.push(...(await violations(page, 'form')));
        await send(page);
        found.push(...(await violations(page, 'refused')));
        const modal = demoForm('modal')!;
        await page.goto(`${ctx.p.origin}/subscribe/thanks?${new URLSearchParams({ u: DEMO_UUID, id: modal.lid })}`);
        found.push(...(await violations(page, 'success')));
        await page.goto(`${ctx.p.origin}/subscribe?u=nobody&id=nothing`);
        found.push(...(await violations(page, 'not found')));
      } finally {
        await close();
      }
      assert.equal(found, []);
    },
  );

H.run();
