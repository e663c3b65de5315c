/**
 * How the popup's stylesheets render what a reader must perceive, in Chromium with the shipped dist/: in a
 * forced-colors mode (Windows high contrast) the buttons and the dialog keep an edge; an invalid text input shows the
 * error border; a choice's long label sits beside its box on a phone (form-extras.css); a field's empty error region
 * stays rendered, so its message, when it comes, is announced; every part of a birthday, a date and a US phone shows
 * its own label; a right-to-left host page's form reads right to left; long words wrap (WCAG 1.4.11, 1.4.1, 4.1.3,
 * 3.3.2, 1.4.10).
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { demoForm } from '../../src/server/seed/forms';
import { BANNER, EMAIL_FIELD, MODAL, openHost, popupSuite, shown, visibleBox } from './popup-env';
import { cutOff, plain, settle, TEXT_SPACING } from './harness';

const { T, ctx } = popupSuite('popup: look');

/** The stylesheets a frame linked, by file name, in order. */
const sheetsOf = async (frame: Frame) =>
  (await frame.evaluate(() => [...document.styleSheets].map((x) => x.href!))).map((u) => plain(u).replace(/.*\//, ''));

const AGE = { type: 'number', name: 'AGE', label: 'Age', helper_text: 'In years', merge_id: 1 };
const TOPICS = {
  type: 'checkbox',
  name: 'TOPICS',
  label: 'Topics',
  merge_id: 2,
  choices: [{ value: 'a', label: 'Recipes, new arrivals and members-only offers every Friday morning' }],
};

T('forced colors: the buttons and the dialog keep an edge the mode draws', async () => {
  for (const variation of ['modal', 'slide', 'fixed']) {
    const { page, context } = await openHost(
      ctx.browser,
      ctx.fx,
      { popupDelay: 0, modalVariation: variation },
      {
        before: (p) => p.emulateMedia({ forcedColors: 'active' }),
      },
    );
    try {
      const { frame } = await shown(page, MODAL);
      const edges = await frame.evaluate(() => {
        const b = getComputedStyle(document.querySelector('button[type=submit]')!);
        const d = getComputedStyle(document.querySelector('.mc-dialog')!);
        return [b.borderTopStyle, b.borderTopWidth, d.outlineStyle, d.outlineWidth];
      });
      assert.equal(edges, ['solid', '1px', 'solid', '1px'], variation);
    } finally {
      await context.close();
    }
  }
});

T('an invalid text input shows the error border; an empty error region before help text stays rendered', async () => {
  const { page, context } = await openHost(ctx.browser, ctx.fx, { popupDelay: 0, fields: [EMAIL_FIELD, AGE] });
  try {
    const { frame } = await shown(page, MODAL);
    const region = () => frame.$eval('.mc-field-number .mc-error', (e) => [getComputedStyle(e).display, e.textContent]);
    assert.equal(await region(), ['block', ''], 'rendered while empty: in the accessibility tree');
    await frame.fill('input[name=AGE]', 'x');
    await frame.press('input[name=AGE]', 'Enter');
    await frame.waitForSelector('input[name=EMAIL][aria-invalid=true]');
    const colors = await frame.$$eval('input[aria-invalid=true]', (els) =>
      els.map((e) => getComputedStyle(e).borderTopColor),
    );
    assert.equal(colors, ['rgb(204, 0, 0)', 'rgb(204, 0, 0)']);
    assert.equal(await region(), ['block', 'Please enter a valid number.']);
  } finally {
    await context.close();
  }
});

T("a choice's long label sits beside its box on a 320 px phone, wrapping there", async () => {
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 0, fields: [EMAIL_FIELD, TOPICS] },
    { viewport: { width: 320, height: 640 } },
  );
  try {
    const { frame } = await shown(page, MODAL);
    // The choice's look comes with form-extras.css, which only a form needing form-extras.js links (issue 12.5).
    assert.equal(await sheetsOf(frame), ['modal-1.css', 'form-extras.css']);
    assert.is(await frame.$eval('.mc-choice input', (i) => getComputedStyle(i).width), '24px', 'the box styled');
    // The group's legend looks like a field's label (common.css), without a legend's own padding (form-extras.css).
    const look = (sel: string) =>
      frame.$eval(sel, (e) => {
        const c = getComputedStyle(e);
        return [c.fontFamily, c.fontWeight, c.color, c.paddingLeft, c.display];
      });
    assert.equal(await look('.mc-form legend'), await look('.mc-form label'));
    const [box, label] = await frame.$eval('.mc-choice', (c) =>
      [c.querySelector('input')!, c.querySelector('label')!].map((e) => e.getBoundingClientRect().toJSON()),
    );
    assert.ok(label.left >= box.right, `label at ${label.left}, box ends at ${box.right}`);
    assert.ok(label.top < box.bottom, `label top ${label.top}, box bottom ${box.bottom}: the same row`);
  } finally {
    await context.close();
  }
});

/** The frame's stylesheets by file name, and the font families its body, a heading and a label are drawn in. */
const typeOf = async (frame: Frame) => ({
  sheets: await sheetsOf(frame),
  ...(await frame.evaluate(() => {
    const family = (sel: string) => getComputedStyle(document.querySelector(sel)!).fontFamily;
    return { fonts: [family('body'), family('h2'), family('label')], size: getComputedStyle(document.body).fontSize };
  })),
});

T('fonts: helvetica by default without fonts.css; other keys and baseFontSize bring it (spec 3.3)', async () => {
  const HELVETICA = '"Helvetica Neue", Helvetica, Arial, sans-serif';
  const description = '<h2>Join</h2>';
  for (const [styles, want] of [
    [{}, { sheets: ['modal-1.css'], fonts: [HELVETICA, HELVETICA, HELVETICA], size: '16px' }],
    [
      { headingFont: 'georgia', paragraphFont: 'helvetica', labels: { font: 'courier_new' } },
      {
        sheets: ['modal-1.css', 'fonts.css'],
        fonts: [HELVETICA, 'Georgia, serif', '"Courier New", Courier, monospace'],
        size: '16px',
      },
    ],
    [
      { baseFontSize: 13 },
      {
        sheets: ['modal-1.css', 'fonts.css'],
        fonts: [HELVETICA, HELVETICA, HELVETICA],
        size: '13px',
      },
    ],
    // A key fonts.css does not hold: the default's stack, as if none were given (src/popup/settings.ts font).
    [
      { labels: { font: 'papyrus' } },
      { sheets: ['modal-1.css', 'fonts.css'], fonts: [HELVETICA, HELVETICA, HELVETICA], size: '16px' },
    ],
  ] as const) {
    const { page, context } = await openHost(ctx.browser, ctx.fx, { popupDelay: 0, description, styles });
    try {
      const { frame } = await shown(page, MODAL);
      assert.equal(await typeOf(frame), want, JSON.stringify(styles));
    } finally {
      await context.close();
    }
  }
});

T("fonts in the mobile banner's frame: a paragraph font and baseFontSize bring fonts.css there too", async () => {
  const { page, context, log } = await openHost(
    ctx.browser,
    ctx.fx,
    {
      popupDelay: 0,
      useMobileBanner: 'Y',
      bannerDescription: '<p>Weekly <small>letters</small></p>',
      styles: { paragraphFont: 'verdana', baseFontSize: 14 },
    },
    { viewport: { width: 375, height: 700 } },
  );
  try {
    const { frame } = await shown(page, BANNER);
    const seen = await frame.evaluate(() => ({
      font: getComputedStyle(document.body).fontFamily,
      // Strict content: the owner's HTML follows the base size, here over the browser's smaller <small> (spec 3.3).
      size: getComputedStyle(document.querySelector('.mc-banner-description small')!).fontSize,
    }));
    assert.equal(await sheetsOf(frame), ['mobile-banner.css', 'fonts.css']);
    assert.equal(seen, {
      font: 'Verdana, Geneva, sans-serif',
      size: '14px',
    });
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('the parts of a birthday, a date and a US phone: each labelled on screen above its input (WCAG 3.3.2)', async () => {
  const parts = [
    { type: 'birthday', name: 'BDAY', label: 'Birthday', merge_id: 1, dateformat: 'DD/MM' },
    { type: 'date', name: 'DATE', label: 'Start', merge_id: 2 },
    { type: 'phone', name: 'PHONE', label: 'Phone', merge_id: 3, phoneformat: 'US' },
  ];
  const { page, context } = await openHost(ctx.browser, ctx.fx, { popupDelay: 0, fields: [EMAIL_FIELD, ...parts] });
  try {
    const { frame } = await shown(page, MODAL);
    const seen = await frame.$$eval('fieldset input', (inputs) =>
      inputs.map((i) => {
        const l = document.querySelector(`label[for="${i.id}"]`);
        const [lb, ib] = [l, i].map((e) => e?.getBoundingClientRect());
        // Shown: a box of its own, wholly above its input, nothing hiding it from sight.
        const shown =
          !!lb && lb.width > 0 && lb.height > 0 && lb.bottom <= ib!.top && getComputedStyle(l!).opacity === '1';
        return [i.getAttribute('name'), shown ? l!.textContent : 'no label on screen'];
      }),
    );
    assert.equal(seen, [
      ['BDAY[day]', 'Day'],
      ['BDAY[month]', 'Month'],
      ['DATE[month]', 'Month'],
      ['DATE[day]', 'Day'],
      ['DATE[year]', 'Year'],
      ['PHONE[area]', 'Area code'],
      ['PHONE[detail1]', 'Phone prefix'],
      ['PHONE[detail2]', 'Line number'],
    ]);
  } finally {
    await context.close();
  }
});

/** '' when the frame's document fits its window; else how wide it is (it would scroll sideways). */
const sideways = (frame: Frame) =>
  frame.evaluate(() => {
    const r = document.scrollingElement!;
    return r.scrollWidth > r.clientWidth ? `${r.scrollWidth} px in ${r.clientWidth}` : '';
  });

T(
  'a right-to-left host page: the form reads, aligns and places its boxes right to left, never scrolling sideways',
  async () => {
    const topics = { ...TOPICS, label: 'المواضيع', required: true };
    const { page, context } = await openHost(
      ctx.browser,
      ctx.fx,
      {
        popupDelay: 0,
        description: '<p>انضم إلى نشرتنا الإخبارية!</p>',
        fields: [{ ...EMAIL_FIELD, label: 'البريد الإلكتروني' }, topics],
      },
      {
        viewport: { width: 320, height: 640 },
        // The page's own attributes, as an Arabic site writes them; set before the loader builds any frame.
        before: (p) =>
          p.addInitScript(() =>
            document.addEventListener('DOMContentLoaded', () => {
              document.documentElement.lang = 'ar';
              document.documentElement.dir = 'rtl';
            }),
          ),
      },
    );
    try {
      const { frame } = await shown(page, MODAL);
      const look = await frame.evaluate(() => {
        const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
        const form = box('.mc-form form');
        const label = document.querySelector('label[for]')!;
        return {
          root: [
            document.documentElement.lang,
            document.documentElement.dir,
            getComputedStyle(document.body).direction,
          ],
          // A label's text starts at the form's right edge.
          labelAlign: getComputedStyle(label).textAlign,
          labelAtRight: Math.abs(form.right - label.getBoundingClientRect().right) < 2,
          // The box is on its label's right, the gap between them.
          boxRightOfLabel: box('.mc-choice input').left >= box('.mc-choice label').right,
        };
      });
      assert.equal(look, {
        root: ['ar', 'rtl', 'rtl'],
        labelAlign: 'start',
        labelAtRight: true,
        boxRightOfLabel: true,
      });
      // What a screen reader hears only (a required group's word) is out of sight without widening the frame.
      assert.is(await sideways(frame), '', 'no sideways scroll');
    } finally {
      await context.close();
    }
  },
);

T(
  "text spacing (WCAG 1.4.12): with a reader's spacing nothing is cut off, and a clipped frame grows to show it all",
  async () => {
    const every = { ...demoForm('every-field')!.settings, useMobileBanner: 'N' };
    const cases: [string, Record<string, unknown>, { width: number; height: number }][] = [
      ['every field type, 1280 px', every, { width: 1280, height: 800 }],
      ['every field type, 320 px', every, { width: 320, height: 640 }],
      [
        'slide-in, 1280 px',
        { modalVariation: 'slide', description: '<h2>Weekly recipes</h2><p>New every Friday.</p>' },
        { width: 1280, height: 800 },
      ],
      [
        'fixed bar, 1280 px',
        { modalVariation: 'fixed', description: '<p>Weekly recipes, new every Friday.</p>' },
        { width: 1280, height: 800 },
      ],
    ];
    for (const [what, settings, viewport] of cases) {
      const { page, context } = await openHost(
        ctx.browser,
        ctx.fx,
        { popupDelay: 0, ...settings },
        { viewport, reducedMotion: 'reduce' },
      );
      try {
        const { el, frame } = await shown(page, MODAL);
        await frame.waitForSelector('form');
        await frame.addStyleTag({ content: TEXT_SPACING });
        await settle(frame);
        // The reader's spacing is what the text has now (at 16 px, 0.12em is 1.92 px).
        const spacing = await frame.$eval('button[type=submit]', (b) => getComputedStyle(b).letterSpacing);
        assert.ok(Number.parseFloat(spacing) > 1.5, `${what}: the spacing took effect (${spacing})`);
        const after = await frame.$eval('.mc-dialog', (d) => d.getBoundingClientRect().height);
        assert.equal(await cutOff(frame), [], what);
        if (settings.modalVariation === 'slide' || settings.modalVariation === 'fixed') {
          // The frame's clip follows the taller dialog (its observer measures again), so no line is hidden below it.
          await page.waitForFunction(
            ([f, h]) => {
              const m = /inset\((\d+(?:\.\d+)?)px/.exec(
                (document.querySelector(f) as HTMLElement).style.getPropertyValue('clip-path'),
              );
              return innerHeight - (m ? +m[1] : 0) >= h;
            },
            [MODAL, after] as const,
          );
          assert.ok((await visibleBox(el)).height >= after, `${what}: the frame shows the whole dialog`);
        }
      } finally {
        await context.close();
      }
    }
  },
);

T('long words (German, Finnish) wrap on a 320 px phone, errors included: no sideways scroll', async () => {
  const long = 'Datenschutzeinstellungsverwaltungsbenachrichtigung';
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    {
      popupDelay: 0,
      buttonLabel: 'Jetzt-kostenlos-Newsletterabonnementbestätigung',
      translations: { email: `${long}: ${long}` },
      fields: [
        { ...EMAIL_FIELD, label: `E-Mail-${long}` },
        {
          ...TOPICS,
          choices: [{ value: 'a', label: 'Lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilas' }],
        },
      ],
    },
    { viewport: { width: 320, height: 640 } },
  );
  try {
    const { frame } = await shown(page, MODAL);
    assert.is(await sideways(frame), '', 'as shown');
    await frame.fill('input[name=EMAIL]', 'not an address');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('input[name=EMAIL][aria-invalid=true]');
    assert.is(await sideways(frame), '', 'with the error under the field');
  } finally {
    await context.close();
  }
});

T('a refusal for want of consent on a phone: focus goes to the first consent, its message in view', async () => {
  const consent = (n: number) => ({
    type: 'checkbox',
    name: `gdpr[${n}]`,
    label: `Consent ${n}`,
    marketing_preference_id: n,
  });
  const { page, context, uuid } = await openHost(
    ctx.browser,
    ctx.fx,
    {
      popupDelay: 0,
      description: '<h2>Join us</h2><p>' + 'Recipes and offers every week. '.repeat(12) + '</p>',
      fields: [EMAIL_FIELD, consent(1), consent(2)],
      hasGdprEnabled: 'Y',
      gdprLabel: 'Marketing permissions',
    },
    { viewport: { width: 320, height: 568 } },
  );
  try {
    ctx.fx.forms.get(uuid)!.submit = () => ({
      result: 'error',
      msg: 'Please choose one.',
      type: 'gdpr_error',
      errors: { msg: 'Please select at least one way to hear from us.' },
    });
    const { frame } = await shown(page, MODAL);
    await frame.fill('input[name=EMAIL]', 'consent@example.com');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-gdpr-msg:not(:empty)');
    await frame.waitForFunction(() => document.activeElement!.id === 'gdpr-1');
    const r = await frame.$eval('.mc-gdpr-msg', (m) => [m.getBoundingClientRect().top, innerHeight]);
    assert.ok(r[0] >= 0 && r[0] < r[1], `the message at ${r[0]} in a ${r[1]} px view`);
  } finally {
    await context.close();
  }
});

T.run();
