/**
 * Languages (issue 35 item 5) in Chromium, from a real embed.js start: a form in its own language and direction on a
 * page in another. Its frames take the settings' lang and dir, and the built-in texts a visitor meets come from the
 * settings' translations, keyed by their English (src/form-model/texts.ts): popup.js's (Close, the button, the frame
 * and dialog names, the fixed bar's placeholder, the honeypot's name, a submit without an answer) and those of
 * form-extras.js (a required group's word, the sub-inputs' labels and placeholders, the mobile banner's name). The
 * SMS step's and the GDPR block's texts are the dom layer's (test/dom/form-language.test.tsx).
 */
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { demoForm } from '../../src/server/seed/forms';
import { frameSel, type Opened, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('popup: languages');

/** A French form's translations of the built-in texts these tests meet, beside a validation message. */
const FR: Record<string, string> = {
  Close: 'Fermer',
  Subscribe: "S'abonner",
  'Enter your email': 'Votre adresse e-mail',
  'Newsletter signup': 'Inscription à la lettre',
  'Newsletter signup banner': "Bandeau d'inscription",
  'Leave this field empty': 'Laissez ce champ vide',
  'Sorry, we could not reach the list. Please try again.': 'Désolé, la liste est injoignable. Réessayez.',
  '(required)': '(obligatoire)',
  City: 'Ville',
  DD: 'JJ',
  required: 'Ce champ est obligatoire.',
};

const DESKTOP = { width: 1280, height: 800 };

/** An Arabic site's page: its own <html lang dir>, set before the loader builds any frame. */
const RTL_PAGE = (p: Page): Promise<unknown> =>
  p.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.lang = 'ar';
      document.documentElement.dir = 'rtl';
    }),
  );

/** What the modal frame says of its language, direction and texts. */
const texts = (on: Opened) =>
  shown(on.page, frameSel(FR['Newsletter signup'])).then(({ frame }) =>
    frame.evaluate(() => {
      const q = (s: string) => document.querySelector(s);
      const close = q('.mc-close')!.getBoundingClientRect();
      const dialog = q('.mc-dialog')!.getBoundingClientRect();
      return {
        lang: document.documentElement.lang,
        dir: getComputedStyle(document.body).direction,
        title: document.title,
        dialog: q('.mc-dialog')!.getAttribute('aria-label'),
        close: q('.mc-close')!.getAttribute('aria-label'),
        closeAtLeft: close.left - dialog.left < dialog.right - close.right,
        button: q('button[type=submit]')!.textContent,
        placeholder: q('input[type=email]')!.getAttribute('placeholder'),
        honeypot: q('[aria-hidden] input')!.getAttribute('aria-label'),
        legend: q('.mc-field-address legend')?.textContent,
        city: q('label[for="mc-ADDRESS-2"]')?.textContent,
        day: q('input[name="BIRTHDAY[day]"]')?.getAttribute('placeholder'),
      };
    }),
  );

T(
  "a form's own language and direction win over the page's, and popup.js's texts come from its translations",
  async () => {
    let on: Opened | undefined;
    try {
      // Left to right and in French on an Arabic, right-to-left page, every field type: the group's word and
      // sub-inputs' labels and placeholders come with form-extras.js. The demo's own labels (closeLabel, buttonLabel)
      // would win over the translations: they are the owner's.
      const every = { ...demoForm('every-field')!.settings, closeLabel: '', buttonLabel: '', description: '' };
      on = await openHost(
        ctx.browser,
        ctx.fx,
        { ...every, popupDelay: 0, useMobileBanner: 'N', lang: 'fr', dir: 'ltr', translations: FR },
        { viewport: DESKTOP, reducedMotion: 'reduce', before: RTL_PAGE },
      );
      const fr = await texts(on);
      // The frame's title is read on the host page: the frame element says its language too.
      assert.is(await on.page.getAttribute(frameSel(FR['Newsletter signup']), 'lang'), 'fr');
      assert.equal(
        fr,
        {
          lang: 'fr',
          dir: 'ltr',
          title: FR['Newsletter signup'],
          // No heading in the description: the dialog is named by the frame's title.
          dialog: FR['Newsletter signup'],
          close: 'Fermer',
          closeAtLeft: false,
          button: "S'abonner",
          placeholder: null,
          honeypot: 'Laissez ce champ vide',
          legend: 'Address * (obligatoire)',
          city: 'Ville',
          day: 'JJ',
        },
        JSON.stringify(fr),
      );
      await on.context.close();
      // Right to left in Arabic on an English page, the fixed bar with its placeholder; then a submit the provider
      // never answers says so in the form's words.
      on = await openHost(
        ctx.browser,
        ctx.fx,
        { popupDelay: 0, modalVariation: 'fixed', lang: 'ar', dir: 'rtl', translations: FR },
        { viewport: DESKTOP, reducedMotion: 'reduce' },
      );
      const ar = await texts(on);
      assert.equal(
        [ar.lang, ar.dir, ar.closeAtLeft, ar.placeholder, ar.button],
        ['ar', 'rtl', true, 'Votre adresse e-mail', "S'abonner"],
        JSON.stringify(ar),
      );
      await on.page.route('**/subscribe/form-post-json**', (r) => r.abort('connectionrefused'));
      const { frame } = await shown(on.page, frameSel(FR['Newsletter signup']));
      await frame.fill('input[type=email]', 'someone@example.com');
      await frame.press('input[type=email]', 'Enter');
      await frame.waitForSelector(`.mc-flash >> text=${FR['Sorry, we could not reach the list. Please try again.']}`);
    } finally {
      await on?.context.close();
    }
  },
);

T("the mobile banner's frame and region are named in the form's language", async () => {
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 0, useMobileBanner: 'Y', bannerDescription: '<p>Rejoignez-nous</p>', lang: 'fr', translations: FR },
    { viewport: { width: 375, height: 700 }, reducedMotion: 'reduce' },
  );
  try {
    const { frame } = await shown(page, frameSel(FR['Newsletter signup banner']));
    assert.is(await frame.getAttribute('.mc-banner', 'aria-label'), FR['Newsletter signup banner']);
    assert.is(await frame.getAttribute('.mc-close', 'aria-label'), 'Fermer');
    assert.is(await frame.evaluate(() => document.documentElement.lang), 'fr');
  } finally {
    await context.close();
  }
});

T.run();
