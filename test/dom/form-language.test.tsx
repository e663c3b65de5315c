/**
 * Languages (issue 35 item 5): the SMS step's and the GDPR block's built-in texts (form-extras.js) from the settings'
 * translations, keyed by their English (src/form-model/texts.ts), with the English where a form gives none; the
 * labels the settings name themselves still win. The browser layer (test/browser/popup-language.test.ts) covers the
 * frames, popup.js's texts, the groups and the mobile banner from the built bundles.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
