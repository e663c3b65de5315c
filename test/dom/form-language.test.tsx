/**
 * Languages (issue 35 item 5): the SMS step's and the GDPR block's built-in texts (form-extras.js) from the settings'
 * translations, keyed by their English (src/form-model/texts.ts), with the English where a form gives none; the
 * labels the settings name themselves still win. The browser layer (test/browser/popup-language.test.ts) covers the
 * frames, popup.js's texts, the groups and the mobile banner from the built bundles.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILT_IN_TEXTS } from '../../src/form-model/built-in-texts';
import { SMSPHONE } from '../../src/server/seed/fields';
import { click, demo, mount, submit, type } from './form-env';

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email Address', required: true, merge_id: 0 };
// No program data nor legal texts: the acknowledgement's label is then the built-in one.
const OPTIONAL_SMS: Record<string, unknown> = { ...SMSPHONE, required: false, smsProgramData: [], legal: {} };

/** A Spanish form's translations. */
const ES: Record<string, string> = {
  Subscribe: 'Suscribirse',
  Continue: 'Continuar',
  "No, I don't want texts": 'No, no quiero mensajes',
  'Join via text': 'Unirse por SMS',
  'Type number instead': 'Escribir el número',
  'I agree to receive text messages at the number provided.': 'Acepto recibir mensajes en este número.',
  'Marketing permissions': 'Permisos de marketing',
  'Learn more about our privacy practices.': 'Más sobre nuestra privacidad.',
};
const texts = (els: Element[]) => els.map((e) => e.textContent!.trim());

test('the SMS step in the form’s language: Continue, the opt-out, text-to-join, the acknowledgement', () => {
  const m = mount(demo('sms', { buttonLabel: '', continueLabel: '', fields: [EMAIL, OPTIONAL_SMS], translations: ES }));
  assert.equal(texts(m.$$('button')), ['Continuar']);
  type(m.$('#mc-EMAIL-0'), 'someone@example.com');
  submit(m);
  assert.equal(texts(m.$$('button')).sort(), ['No, no quiero mensajes', 'Suscribirse']);
  m.unmount();
  const ttt = mount(demo('sms', { useEmailStep: 'N', fields: [EMAIL, OPTIONAL_SMS], translations: ES }), {
    mobile: true,
  });
  assert.equal(texts(ttt.$$('.mc-ttt a, .mc-ttt button')), ['Unirse por SMS', 'Escribir el número']);
  click(ttt.$('.mc-ttt-type'));
  assert.is(ttt.$$('.mc-ttt').length, 0);
  ttt.unmount();
  // A required SMS field without legal text: the acknowledgement's own label.
  const ack = mount(
    demo('sms', { useEmailStep: 'N', fields: [EMAIL, { ...OPTIONAL_SMS, required: true }], translations: ES }),
  );
  assert.is(ack.$('label[for="mc-SMSPHONE-ack"]').textContent, 'Acepto recibir mensajes en este número.');
  ack.unmount();
});

test('the GDPR block: its legend when gdprLabel is empty and its link in the form’s language; gdprLabel wins', () => {
  for (const [gdprLabel, legend] of [
    ['', 'Permisos de marketing'],
    ['Permisos', 'Permisos'],
  ]) {
    const m = mount(demo('gdpr', { gdprLabel, translations: ES }));
    assert.is(m.$('.mc-gdpr > legend').textContent, legend, gdprLabel);
    assert.is(m.$('.mc-gdpr-info a').textContent!.trim(), 'Más sobre nuestra privacidad.');
    m.unmount();
  }
  // No translations: the spec's English.
  const en = mount(demo('gdpr', { gdprLabel: '' }));
  assert.equal(
    [en.$('.mc-gdpr > legend').textContent, en.$('.mc-gdpr-info a').textContent!.trim()],
    ['Marketing permissions', 'Learn more about our privacy practices.'],
  );
  en.unmount();
});

/** Every built-in text, and a form's translations of each marked «so». */
const ALL = new Set(BUILT_IN_TEXTS.flatMap(([, texts]) => texts));
const MARKED = Object.fromEntries([...ALL].map((en) => [en, `«${en}»`]));

/** What a visitor meets of `el`: its texts, and its names, placeholders and titles. */
const met = (el: Element): string[] => [
  ...[...el.querySelectorAll('*')].flatMap((e) =>
    [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent!.trim()),
  ),
  ...[...el.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap((e) =>
    ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) || ''),
  ),
];

test('every built-in text a form shows comes from its translations: no listed English is left', () => {
  // The owner's own labels empty, so that the built-in ones show.
  const own = {
    closeLabel: '',
    buttonLabel: '',
    continueLabel: '',
    bannerCtaLabel: '',
    gdprLabel: '',
    translations: MARKED,
  };
  const sms = { ...own, fields: [EMAIL, { ...OPTIONAL_SMS, required: true }], useEmailStep: 'N' };
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['every field type', demo('every-field', own), false],
    ['GDPR', demo('gdpr', own), false],
    ['SMS, the acknowledgement', demo('sms', sms), false],
    ['SMS, the opt-out', demo('sms', { ...sms, fields: [EMAIL, OPTIONAL_SMS] }), false],
    ['text-to-join', demo('sms', { ...sms, fields: [EMAIL, OPTIONAL_SMS] }), true],
  ];
  const seen = new Set<string>();
  for (const [what, settings, mobile] of cases) {
    const m = mount(settings, { mobile });
    const shown = met(m.el);
    for (const t of shown) if (t.startsWith('«')) seen.add(t);
    assert.equal(
      shown.filter((t) => ALL.has(t)),
      [],
      what,
    );
    m.unmount();
  }
  // Not vacuous: the marked texts did show.
  for (const t of ['«Subscribe»', '«(required)»', '«City»', '«DD»', '«Marketing permissions»', '«Join via text»'])
    assert.ok(seen.has(t), t);
});

test.run();
