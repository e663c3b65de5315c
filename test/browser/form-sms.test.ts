/**
 * The SMS steps in Chromium against the reference provider (spec 4.4, 5.5): useEmailStep Y (e-mail step, Continue,
 * SMS step with the required acknowledgement) and N (the SMS step alone), text-to-join on a phone-sized viewport,
 * and axe on the SMS step and the text-to-join panel.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoForm } from '../../src/server/seed/forms';
import { SMSPHONE } from '../../src/server/seed/fields';
import { axe, newPage } from './harness';
import { addForm, modalGone, open, start, stop, stored, text, type Env } from './form-env';
import { MODAL, shown } from './popup-env';

const ctx = { env: null as unknown as Env };
const S = suite('form: SMS', ctx);
const sms = demoForm('sms')!.settings;
const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email Address', required: true, merge_id: 0 };
S.before(async () => {
  ctx.env = await start();
  await addForm(ctx.env, 'sms-y', { ...sms, useMobileBanner: 'N', confirmationDuration: 60 });
  await addForm(ctx.env, 'sms-n', {
    ...sms,
    useMobileBanner: 'N',
    useEmailStep: 'N',
    confirmationDuration: 60,
    fields: [EMAIL, { ...SMSPHONE, required: false }],
  });
});
S.after(() => stop(ctx.env));

const axeClean = async (page: import('playwright-core').Page, state: string) =>
  assert.equal(
    (await axe(page)).map((x) => `${state}: ${x.id} ${x.targets.join(' ')}`),
    [],
  );

S(
  'useEmailStep Y: Continue validates the e-mail step, the SMS step needs the acknowledgement, a row with both',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'sms-y');
    try {
      assert.is(await f.$('[name="SMSPHONE"]'), null);
      assert.is(await text(f, 'button[type=submit]'), 'Continue');
      await f.click('button[type=submit]');
      await f.waitForSelector('#mc-EMAIL-err >> text=This field is required.');
      await f.fill('#mc-EMAIL-0', 'texts.too@example.com');
      await f.click('button[type=submit]');
      await f.waitForSelector('[name="SMSPHONE"]');
      assert.is(submits.length, 0, 'Continue sends nothing');
      assert.ok(await f.isHidden('#mc-EMAIL-0'));
      // Keyboard and screen-reader users land in the SMS step.
      assert.is(await f.evaluate(() => document.activeElement?.getAttribute('name')), 'SMSPHONE');
      assert.is(await text(f, 'button[type=submit]'), 'Subscribe');
      assert.is(await f.$('.mc-optout'), null, 'required SMS: no opt-out');
      await f.fill('[name="SMSPHONE"]', '(555) 555-0100');
      await f.click('button[type=submit]');
      await f.waitForSelector('#mc-sms-ack-err >> text=This field is required.');
      assert.is(submits.length, 0);
      await axeClean(page, 'SMS step with an error');
      await f.check('#mc-SMSPHONE-ack');
      await f.click('button[type=submit]');
      await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
      assert.is(submits.length, 1);
      const q = Object.fromEntries(new URL(submits[0].url()).searchParams);
      assert.equal([q.EMAIL, q.SMSPHONE, q['mc-SMSPHONE-ack']], ['texts.too@example.com', '(555) 555-0100', 'true']);
      const rows = await stored(ctx.env, 'sms-y');
      assert.equal(
        rows.map((r) => [r.email, r.sms_phone, r.sms_status]),
        [['texts.too@example.com', '(555) 555-0100', 'subscribed']],
      );
    } finally {
      await context.close();
    }
  },
);

S('useEmailStep Y: the e-mail step before Continue is axe clean, untouched and with its error', async () => {
  const { context, page, frame: f } = await open(ctx.env, 'sms-y');
  try {
    // The e-mail step as it opens: the e-mail field and Continue, no SMS input yet.
    assert.ok(await f.isVisible('#mc-EMAIL-0'));
    assert.is(await f.$('[name="SMSPHONE"]'), null);
    assert.is(await text(f, 'button[type=submit]'), 'Continue');
    await axeClean(page, 'e-mail step');
    await f.click('button[type=submit]');
    await f.waitForSelector('#mc-EMAIL-err >> text=This field is required.');
    assert.is(await f.$('[name="SMSPHONE"]'), null, 'still the e-mail step');
    await axeClean(page, 'e-mail step with an error');
  } finally {
    await context.close();
  }
});

S('useEmailStep N: the SMS step alone; the SMS phone always passes; a row with the number', async () => {
  const { context, page, frame: f, submits } = await open(ctx.env, 'sms-n');
  try {
    assert.is(await f.$('#mc-EMAIL-0'), null);
    assert.ok(await f.$('[name="SMSPHONE"]'));
    assert.is(await text(f, '.mc-optout'), "No, I don't want texts");
    await axeClean(page, 'SMS step');
    await f.fill('[name="SMSPHONE"]', '555 0100 extension 7');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    assert.is(submits.length, 1);
    assert.is(new URL(submits[0].url()).searchParams.get('EMAIL'), null);
    assert.equal(
      (await stored(ctx.env, 'sms-n')).map((r) => [r.email, r.sms_phone]),
      [[null, '555 0100 extension 7']],
    );
  } finally {
    await context.close();
  }
});

S(
  'text-to-join on a phone: Join via text is an sms: link for the parent window, the modal closes after 1 s',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'sms-n', { phone: true });
    try {
      await f.waitForSelector('.mc-ttt');
      assert.is(await f.$('[name="SMSPHONE"]'), null, 'the input is hidden');
      const join = await f.$('.mc-ttt-join');
      assert.equal(
        [await join!.textContent(), await join!.getAttribute('href'), await join!.getAttribute('target')],
        ['Join via text', 'sms:+15555550123?&body=SIGNUP', '_parent'],
      );
      await axeClean(page, 'text-to-join');
      // 'Type number instead' and back: the opt-out while the panel shows restores the input too.
      // By keyboard: focus follows to the input that replaces the panel, not to the frame's body (WCAG 2.4.3).
      await f.focus('.mc-ttt-type');
      await page.keyboard.press('Enter');
      await f.waitForSelector('[name="SMSPHONE"]');
      assert.is(await f.$('.mc-ttt'), null);
      await f.waitForFunction(() => document.activeElement?.getAttribute('name') === 'SMSPHONE');
      await context.close();

      const again = await open(ctx.env, 'sms-n', { phone: true });
      await again.frame.click('.mc-optout');
      await again.frame.waitForSelector('[name="SMSPHONE"]');
      await again.frame.waitForFunction(() => document.activeElement?.getAttribute('name') === 'SMSPHONE');
      await again.context.close();

      const third = await open(ctx.env, 'sms-n', { phone: true });
      const url = third.page.url();
      // Timed on the page's clock, not the test's: under load the test can look later than 1 s after the tap.
      await third.page.evaluate((modal) => {
        const times = { tap: 0, gone: 0 };
        Object.assign(window, { mcTimes: times });
        const seen = new MutationObserver(() => {
          if (document.querySelector(modal)) return;
          times.gone = Date.now();
          seen.disconnect();
        });
        seen.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
      }, MODAL);
      await third.frame.evaluate(() => {
        const times = (parent as unknown as { mcTimes: { tap: number } }).mcTimes;
        document.addEventListener('click', () => (times.tap = Date.now()), { capture: true, once: true });
      });
      await third.frame.click('.mc-ttt-join');
      await modalGone(third.page, 5000);
      const { tap, gone } = await third.page.evaluate(
        () => (window as unknown as { mcTimes: { tap: number; gone: number } }).mcTimes,
      );
      assert.ok(tap > 0 && gone - tap >= 900, `open for about 1 s after the tap (${gone - tap} ms)`);
      assert.is(third.page.url(), url, 'the host page stays');
      assert.is(third.submits.length + submits.length, 0, 'text-to-join sends nothing');
      await third.context.close();
    } finally {
      await context.close().catch(() => undefined);
    }
  },
);

S('a resize while form-extras.js loads draws nothing early: the SMS form shows whole, no page error', async () => {
  // The SMS step's state comes with form-extras.js: a resize that drew the form before it was in threw (the studio's
  // phone width did it in a CI run).
  const { context, page, log } = await newPage(
    ctx.env.browser,
    { width: 1280, height: 800 },
    { reducedMotion: 'reduce' },
  );
  try {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let asked = () => {};
    const requested = new Promise<void>((r) => (asked = r));
    await page.route(/form-extras\.[\w.]*js/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(`${ctx.env.p.origin}/formtest/sms-y`);
    await requested;
    await page.setViewportSize({ width: 375, height: 667 });
    // The resize event has run once the page has drawn a frame at the new size.
    await page.waitForFunction(() => innerWidth === 375);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    release();
    const { frame } = await shown(page, MODAL);
    assert.is(await text(frame, 'button[type=submit]'), 'Continue');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

S('useEmailStep Y on a phone: text-to-join after Continue', async () => {
  const { context, frame: f } = await open(ctx.env, 'sms-y', { phone: true });
  try {
    assert.is(await f.$('.mc-ttt'), null, 'not on the e-mail step');
    await f.fill('#mc-EMAIL-0', 'phone.person@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-ttt-join');
    assert.is(await f.$('button[type=submit]'), null);
  } finally {
    await context.close();
  }
});

S.run();
