/**
 * The other submit paths in Chromium against the reference provider: gdpr_error into the GDPR block (spec 8 step 3),
 * the captcha window (spec 4.5 step 2, 7.1), the preview submit (spec 4.6), a provider that does not answer, and the
 * cookies each path leaves on the host page (spec 3.8, 4.5 step 6); axe on the GDPR states.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { COOKIE_LIST_MEMBER, COOKIE_SUBSCRIBED, SUBMIT_FAILED_MSG } from '../../src/constants';
import { demoForm } from '../../src/server/seed/forms';
import { STORE_MESSAGES } from '../../src/form-model/rules';
import { axe } from './harness';
import { addForm, cookieJar, modalGone, modalOpen, open, start, stop, stored, text, type Env } from './form-env';

const ctx = { env: null as unknown as Env };
const S = suite('form: GDPR, captcha, preview, failures', ctx);
S.before(async () => {
  ctx.env = await start();
  await addForm(ctx.env, 'gdpr-slow', { ...demoForm('gdpr')!.settings, confirmationDuration: 60 }, true);
  const gdpr = demoForm('gdpr')!.settings as { fields: Record<string, unknown>[] };
  // A consent the owner marked required (spec 3.4 `required` on a marketing-preference field).
  await addForm(ctx.env, 'gdpr-required', {
    ...gdpr,
    fields: gdpr.fields.map((x) => (x.marketing_preference_id === 101 ? { ...x, required: true } : x)),
  });
  await addForm(ctx.env, 'preview-fast', { ...demoForm('modal')!.settings, confirmationDuration: 1 });
  await addForm(ctx.env, 'preview-sms', {
    ...demoForm('sms')!.settings,
    confirmationDuration: 1,
    useMobileBanner: 'N',
  });
});
S.after(() => stop(ctx.env));

const axeClean = async (page: Page, state: string) =>
  assert.equal(
    (await axe(page)).map((x) => `${state}: ${x.id} ${x.targets.join(' ')}`),
    [],
  );

S(
  'a required consent left unticked: marked invalid with its message, focused, nothing sent; ticked, sent',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'gdpr-required');
    try {
      await f.fill('input[type=email]', 'consent@example.org');
      await f.click('button[type=submit]');
      await f.waitForSelector('#gdpr-101[aria-invalid="true"]');
      const described = await f.$eval('#gdpr-101', (el) => {
        const id = el.getAttribute('aria-describedby');
        return id ? document.getElementById(id)?.textContent || '' : '';
      });
      assert.ok(described.length > 0, 'its message is shown and linked');
      assert.is(await f.evaluate(() => document.activeElement?.id), 'gdpr-101', 'focus on the consent to tick');
      assert.is(await f.$eval('#gdpr-102', (el) => el.getAttribute('aria-invalid')), null, 'only that one');
      assert.is(submits.length, 0, 'nothing sent');
      await axeClean(page, 'required consent');
      await f.check('#gdpr-101');
      await f.click('button[type=submit]');
      await f.waitForSelector('.mc-success:not(:empty)');
      assert.is(submits.length, 1);
    } finally {
      await context.close();
    }
  },
);

S('gdpr_error: the message in the GDPR block, nothing stored; with consent a row with it; axe clean', async () => {
  const { context, page, frame: f, submits } = await open(ctx.env, 'gdpr-slow');
  try {
    assert.equal(await f.$$eval('.mc-gdpr input', (es) => es.map((e) => [e.id, e.getAttribute('name')])), [
      ['gdpr-101', 'gdpr[101]'],
      ['gdpr-102', 'gdpr[102]'],
      ['gdpr-103', 'gdpr[103]'],
    ]);
    await axeClean(page, 'GDPR block');
    await f.fill('#mc-EMAIL-0', 'no.consent@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-gdpr-msg >> text=' + STORE_MESSAGES.gdpr);
    assert.is(submits.length, 1);
    assert.is(await text(f, '.mc-flash'), STORE_MESSAGES.gdpr);
    assert.equal(await f.$$eval('[aria-invalid="true"]', (es) => es.length), 0);
    assert.is((await stored(ctx.env, 'gdpr-slow')).length, 0);
    await axeClean(page, 'gdpr_error');
    await f.check('#gdpr-101');
    await f.check('#gdpr-103');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    const rows = await stored(ctx.env, 'gdpr-slow');
    assert.is(rows.length, 1);
    assert.equal(
      Object.entries(rows[0].consents)
        .filter(([, on]) => on)
        .map(([k]) => k)
        .sort(),
      ['101', '103'],
    );
    assert.equal(Object.keys(await cookieJar(context)).sort(), [COOKIE_SUBSCRIBED, COOKIE_LIST_MEMBER].sort());
  } finally {
    await context.close();
  }
});

S(
  'captcha: a new window on /subscribe/post with the fields, no opener; the modal hides; the check stores the row',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'captcha');
    try {
      await f.fill('#mc-EMAIL-0', 'human@example.com');
      await f.fill('#mc-FNAME-0', 'Hu');
      const [win] = await Promise.all([context.waitForEvent('page'), f.click('button[type=submit]')]);
      await win.waitForLoadState();
      const u = new URL(win.url());
      assert.is(u.pathname, '/subscribe/post');
      const q = Object.fromEntries(u.searchParams);
      const form = demoForm('captcha')!;
      assert.equal(q, {
        u: '6c1f4e2b9a7d3c5e8f0a1b2c3',
        id: form.lid,
        f_id: form.fId,
        popup: 'true',
        EMAIL: 'human@example.com',
        FNAME: 'Hu',
        [`b_6c1f4e2b9a7d3c5e8f0a1b2c3_${form.lid}`]: '',
      });
      assert.is(await win.evaluate(() => window.opener), null, 'noopener');
      await modalGone(page);
      assert.is(submits.length, 0, 'no JSONP submit');
      assert.equal(Object.keys(await cookieJar(context)), [COOKIE_SUBSCRIBED]);
      // A person answers the check in the new window.
      const question = (await win.textContent('label[for=answer]')) || '';
      const [a, b] = (question.match(/\d+/g) || []).map(Number);
      await win.fill('#answer', String(a + b));
      await win.click('button[type=submit]');
      await win.waitForSelector('text=Thank you for subscribing!');
      assert.equal(
        (await stored(ctx.env, 'captcha')).map((r) => [r.email, r.merge_fields.FNAME]),
        [['human@example.com', 'Hu']],
      );
    } finally {
      await context.close();
    }
  },
);

S(
  'preview submit: no provider call, the success message, the form restored after confirmationDuration, no cookie',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'preview-fast', { preview: true });
    try {
      await f.fill('#mc-EMAIL-0', 'owner@example.com');
      await f.click('button[type=submit]');
      await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
      assert.ok(await f.$eval('form', (e) => (e as HTMLFormElement).hidden));
      await f.waitForSelector('form:not([hidden])', { timeout: 15000 });
      assert.is(await text(f, '.mc-success'), '');
      assert.is(await f.inputValue('#mc-EMAIL-0'), '');
      assert.ok(await modalOpen(page), 'the preview stays');
      assert.is(submits.length, 0);
      assert.is((await stored(ctx.env, 'preview-fast')).length, 0);
      assert.equal(await cookieJar(context), {});
    } finally {
      await context.close();
    }
  },
);

S('preview submit of the SMS form: restored on the e-mail step after the SMS step', async () => {
  const { context, frame: f, submits } = await open(ctx.env, 'preview-sms', { preview: true });
  try {
    await f.fill('#mc-EMAIL-0', 'owner@example.com');
    await f.click('button[type=submit]');
    await f.fill('[name="SMSPHONE"]', '5555550100');
    await f.check('#mc-SMSPHONE-ack');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    await f.waitForSelector('#mc-EMAIL-0:visible', { timeout: 15000 });
    assert.is(await f.$('[name="SMSPHONE"]'), null);
    assert.is(submits.length, 0);
  } finally {
    await context.close();
  }
});

S('a provider that does not answer: the flash block says so, a console warning, the button usable again', async () => {
  const { context, page, frame: f, log } = await open(ctx.env, 'modal');
  try {
    // The submit call fails at the network level: the script tag's error event.
    await page.route('**/subscribe/form-post-json**', (r) => r.abort('connectionrefused'));
    await f.fill('#mc-EMAIL-0', 'offline@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-flash >> text=' + SUBMIT_FAILED_MSG);
    assert.ok(
      log.console.some((m) => m.type === 'warning' && /no reply from the provider/.test(m.text)),
      JSON.stringify(log.console),
    );
    assert.not.ok(
      log.console.some((m) => m.text.includes('offline@')),
      'no address in the console',
    );
    assert.is(await f.getAttribute('button[type=submit]', 'aria-disabled'), 'false');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

S.run();
