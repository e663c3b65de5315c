/**
 * The e-mail form in Chromium against the reference provider (issue 4): every field type filled and submitted to a
 * success message and a row in the SQLite store, the cookies it sets, field errors on blur and submit, server errors
 * by merge_id, a double click sending one request, and axe on each state.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { COOKIE_LIST_MEMBER, COOKIE_SUBSCRIBED, SUBSCRIBED_COOKIE_MS } from '../../src/constants';
import { demoForm } from '../../src/server/seed/forms';
import { DEFAULT_MESSAGES, STORE_MESSAGES } from '../../src/form-model/rules';
import { axe } from './harness';
import { addForm, cookieJar, modalGone, modalOpen, open, start, stop, stored, text, type Env } from './form-env';

/** The every-slow form's translation of the store's length limit (src/form-model/rules.ts STORE_MESSAGES). */
const TOO_LONG_FR = 'Ce texte est trop long : 255 caractères au plus.';

const ctx = { env: null as unknown as Env };
const S = suite('form: e-mail flow', ctx);
S.before(async () => {
  ctx.env = await start();
  const every = demoForm('every-field')!.settings;
  // A long confirmation, so that the success state can be inspected before the modal hides; the store's own message
  // translated, so that the popup is seen to show the form's text for what only the provider refuses.
  await addForm(ctx.env, 'every-slow', {
    ...every,
    confirmationDuration: 60,
    translations: { ...(every.translations as object), maxlength: TOO_LONG_FR },
  });
  await addForm(ctx.env, 'every-fast', { ...every, confirmationDuration: 1 });
  // The demo modal with a long confirmation: the double click's success is looked for before the modal hides (at the
  // demo's 3 s, a CI machine busy with the other browser worker once closed it before the wait saw the message).
  await addForm(ctx.env, 'modal-slow', { ...demoForm('modal')!.settings, confirmationDuration: 60 });
  // Template 2 with an image (a CSS background) and a description with a heading.
  await addForm(ctx.env, 'image-slow', {
    ...demoForm('modal')!.settings,
    useMobileBanner: 'N',
    confirmationDuration: 60,
  });
});
S.after(() => stop(ctx.env));

const axeClean = async (page: import('playwright-core').Page, state: string) => {
  const v = await axe(page);
  assert.equal(
    v.map((x) => `${state}: ${x.id} ${x.targets.join(' ')}`),
    [],
  );
};

S(
  'every field type filled and submitted: success message, a row with every value, cookies, the modal hides',
  async () => {
    const { context, page, frame, log, submits } = await open(ctx.env, 'every-fast');
    try {
      const f = frame;
      await f.fill('#mc-EMAIL-0', 'Every.Field@example.com');
      await f.fill('#mc-FNAME-0', 'Ada');
      await f.fill('[name="ADDRESS[addr1]"]', '1 Harbour Road');
      await f.fill('[name="ADDRESS[addr2]"]', 'Flat 2');
      await f.fill('[name="ADDRESS[city]"]', 'Portsmouth');
      await f.fill('[name="ADDRESS[state]"]', 'Hampshire');
      await f.fill('[name="ADDRESS[zip]"]', 'PO1 2AB');
      await f.selectOption('[name="ADDRESS[country]"]', '262');
      await f.fill('[name="BIRTHDAY[month]"]', '07');
      await f.fill('[name="BIRTHDAY[day]"]', '14');
      await f.fill('[name="DATE[day]"]', '31');
      await f.fill('[name="DATE[month]"]', '12');
      await f.fill('[name="DATE[year]"]', '2020');
      // maxlength holds the US phone parts to 3, 3 and 4 characters (spec 5.4).
      await f.fill('[name="PHONE[area]"]', '5551');
      assert.is(await f.inputValue('[name="PHONE[area]"]'), '555');
      await f.fill('[name="PHONE[detail1]"]', '123');
      await f.fill('[name="PHONE[detail2]"]', '4567');
      await f.fill('#mc-MOBILE-0', '+44 7700 900123');
      await f.fill('#mc-AGE-0', '36');
      await f.fill('#mc-WEBSITE-0', 'https://ada.example.com/');
      await f.selectOption('#mc-PLAN-0', 'Standard');
      await f.selectOption('#mc-SIZE-0', 'M');
      await f.check('#mc-FREQ-1');
      await f.check('#mc-TOPICS-1-0');
      await f.check('#mc-TOPICS-1-2');
      await f.fill('#mc-COMPANY-0', 'Analytical Engines');
      assert.equal(await cookieJar(context), {}, 'no cookie before the attempt');
      await f.click('button[type=submit]');
      await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
      assert.is(submits.length, 1);
      const q = Object.fromEntries(new URL(submits[0].url()).searchParams);
      assert.equal(
        [q.popup, q.u, q['TOPICS[1]'], q['TOPICS[2]'], q['TOPICS[4]'], q[`b_${q.u}_${q.id}`]],
        ['true', '6c1f4e2b9a7d3c5e8f0a1b2c3', '1', undefined, '4', ''],
      );
      const rows = await stored(ctx.env, 'every-fast');
      assert.is(rows.length, 1);
      assert.is(rows[0].email, 'Every.Field@example.com');
      assert.equal(rows[0].merge_fields, {
        FNAME: 'Ada',
        ADDRESS: {
          addr1: '1 Harbour Road',
          addr2: 'Flat 2',
          city: 'Portsmouth',
          state: 'Hampshire',
          zip: 'PO1 2AB',
          country: '262',
        },
        BIRTHDAY: '07/14',
        DATE: '2020-12-31',
        PHONE: '555-123-4567',
        MOBILE: '+44 7700 900123',
        AGE: '36',
        WEBSITE: 'https://ada.example.com/',
        PLAN: 'Standard',
        SIZE: 'M',
        FREQ: 'Monthly',
        TOPICS: ['1', '4'],
        COMPANY: 'Analytical Engines',
      });
      // The form is reset and hidden; the description and image with it (spec 4.5 step 5).
      assert.ok(await f.$eval('form', (e) => (e as HTMLFormElement).hidden));
      assert.is(await f.inputValue('#mc-EMAIL-0'), '');
      // Cookies: the subscribed cookie for about 91 days and mcListMember with the provider's value,
      // SameSite=Lax, path /.
      const jar = await cookieJar(context);
      assert.equal(Object.keys(jar).sort(), [COOKIE_SUBSCRIBED, COOKIE_LIST_MEMBER].sort());
      const days = (jar[COOKIE_SUBSCRIBED].expires * 1000 - Date.now()) / 86400000;
      assert.ok(Math.abs(days - SUBSCRIBED_COOKIE_MS / 86400000) < 1, `subscribed cookie lives ${days} days`);
      const webId = (await ctx.env.p.store.get<{ web_id: string }>('SELECT web_id FROM subscribers WHERE email = ?', [
        'Every.Field@example.com',
      ]))!;
      assert.ok(webId.web_id, 'the provider gave a web id');
      assert.is(jar[COOKIE_LIST_MEMBER].value, webId.web_id);
      for (const c of Object.values(jar)) assert.equal([c.sameSite, c.path, c.secure], ['Lax', '/', false]);
      // confirmationDuration 1 s, type custom: the modal hides.
      await modalGone(page);
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  },
);

S(
  'field errors on blur and on submit: first error per field, help hidden, nothing sent, no cookie; axe clean',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'every-slow');
    try {
      const buttonAt = () => f.$eval('button[type=submit]', (b) => b.getBoundingClientRect().top);
      const before = await buttonAt();
      await f.fill('#mc-EMAIL-0', 'not-an-address');
      await f.press('#mc-EMAIL-0', 'Tab');
      await f.waitForSelector('#mc-EMAIL-err >> text=' + DEFAULT_MESSAGES.email);
      // The error took the line kept for it: nothing below moved,
      // so a press on Subscribe that blurs a field still lands.
      assert.is(await buttonAt(), before);
      assert.is(await f.getAttribute('#mc-EMAIL-0', 'aria-invalid'), 'true');
      assert.is(await f.getAttribute('#mc-EMAIL-0', 'aria-describedby'), 'mc-EMAIL-err');
      await f.fill('#mc-WEBSITE-0', 'www.example.com');
      await f.click('button[type=submit]');
      const errors = await f.$$eval('.mc-error', (es) =>
        es.map((e) => [e.id, (e.textContent || '').trim()]).filter(([, t]) => t),
      );
      assert.equal(errors, [
        ['mc-EMAIL-err', DEFAULT_MESSAGES.email],
        ['mc-ADDRESS-err', DEFAULT_MESSAGES.required],
        ['mc-WEBSITE-err', DEFAULT_MESSAGES.url],
        ['mc-PLAN-err', DEFAULT_MESSAGES.required],
        ['mc-FREQ-err', DEFAULT_MESSAGES.required],
      ]);
      assert.is(await f.$('#mc-ADDRESS-help'), null, 'help hidden while invalid');
      assert.is(await f.$('#mc-FREQ-help'), null);
      // Focus goes to the first invalid input.
      assert.is(await f.evaluate(() => document.activeElement?.id), 'mc-EMAIL-0');
      assert.is(submits.length, 0);
      assert.equal(await cookieJar(context), {});
      await axeClean(page, 'field errors');
    } finally {
      await context.close();
    }
  },
);

S('server errors by merge_id: the flash message, the named field invalid, the others valid; axe clean', async () => {
  const { context, page, frame: f, submits } = await open(ctx.env, 'every-slow');
  try {
    await f.fill('#mc-EMAIL-0', 'long.name@example.com');
    // Valid to the form, too long for the store (MERGE_VALUE_MAX): only the provider can refuse it.
    await f.fill('#mc-FNAME-0', 'A'.repeat(300));
    for (const [k, v] of [
      ['addr1', '1 Road'],
      ['city', 'Town'],
      ['state', 'ST'],
      ['zip', '12345'],
    ])
      await f.fill(`[name="ADDRESS[${k}]"]`, v);
    await f.selectOption('[name="ADDRESS[country]"]', '30');
    await f.selectOption('#mc-PLAN-0', 'Free');
    await f.check('#mc-FREQ-0');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-flash >> text=' + STORE_MESSAGES.fixFields);
    assert.is(submits.length, 1);
    // The form's translation, as the provider answered it (its English default would be STORE_MESSAGES.maxlength).
    assert.is(await text(f, '#mc-FNAME-err'), TOO_LONG_FR);
    assert.is(await f.getAttribute('#mc-FNAME-0', 'aria-invalid'), 'true');
    assert.equal(await f.$$eval('[aria-invalid="true"]', (es) => es.map((e) => e.id)), ['mc-FNAME-0']);
    assert.is(await text(f, '.mc-success'), '');
    assert.not.ok(await f.$eval('form', (e) => (e as HTMLFormElement).hidden));
    assert.is((await stored(ctx.env, 'every-slow')).length, 0);
    // A valid attempt sets the subscribed cookie even when the provider refuses it (spec 4.5 step 6),
    // but no mcListMember.
    assert.equal(Object.keys(await cookieJar(context)), [COOKIE_SUBSCRIBED]);
    await axeClean(page, 'server error');
    // Fixed, it goes through; the buttons were re-enabled.
    await f.fill('#mc-FNAME-0', 'Short');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    assert.is(await text(f, '.mc-flash'), '');
    assert.ok(await modalOpen(page), 'stays for confirmationDuration');
    await axeClean(page, 'success');
  } finally {
    await context.close();
  }
});

S('success hides the description and the image area too, not only the form (spec 4.5 step 5)', async () => {
  const { context, page, frame: f } = await open(ctx.env, 'image-slow');
  try {
    const seen = (sel: string) =>
      f.$eval(sel, (e) => {
        const r = e.getBoundingClientRect();
        return getComputedStyle(e).display !== 'none' && r.width > 0 && r.height > 0;
      });
    // Before: template 2's image area shows the image as a background, the description its heading.
    assert.ok(await f.evaluate(() => document.documentElement.classList.contains('mc-t2')), 'template 2');
    assert.ok(await seen('.mc-image'), 'image area shown before');
    assert.match(await f.$eval('.mc-image', (e) => getComputedStyle(e).backgroundImage), /^url\(.*form-image\.svg/);
    assert.ok(await seen('.mc-description'), 'description shown before');
    assert.is(await text(f, '.mc-description h2'), 'Get 10% off your first order');
    await f.fill('#mc-EMAIL-0', 'image.form@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    assert.ok(await seen('.mc-success'), 'the success message shows');
    assert.not.ok(await seen('form'), 'form hidden');
    assert.not.ok(await seen('.mc-description'), 'description hidden');
    assert.not.ok(await seen('.mc-image'), 'image area hidden');
    assert.ok(await modalOpen(page), 'stays for confirmationDuration');
    await axeClean(page, 'success with image and description hidden');
  } finally {
    await context.close();
  }
});

S('a double click sends one request and stores one row', async () => {
  const { context, frame: f, submits } = await open(ctx.env, 'modal-slow');
  try {
    await f.fill('#mc-EMAIL-0', 'double.click@example.com');
    await f.dblclick('button[type=submit]');
    await f.waitForSelector('.mc-success >> text=Thank you for subscribing!');
    await f.waitForTimeout(300);
    assert.is(submits.length, 1);
    assert.equal(
      (await stored(ctx.env, 'modal-slow')).map((r) => r.email),
      ['double.click@example.com'],
    );
  } finally {
    await context.close();
  }
});

S.run();
