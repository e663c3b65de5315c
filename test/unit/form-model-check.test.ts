/**
 * The rule of what an owner may save (issue 33 item 3, src/form-model/check.ts): one table of raw settings and the
 * paths of the problems each must have; the demo forms pass; the limits agree with the code they stand for.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIRMATION_MAX_S, MERGE_VALUE_MAX } from '../../src/constants';
import { DEFAULT_DELAY_MS } from '../../src/loader/constants';
import { checkSettings, DELAY_MAX_S, SERVED_VERSIONS, SETTINGS_MAX_BYTES } from '../../src/form-model/check';
import { CHOICES_MAX, FIELDS_MAX } from '../../src/form-model/check-fields';
import { RICH_MAX } from '../../src/form-model/problems';
import { FONT_KEYS } from '../../src/form-model/style';
import { parseTrigger } from '../../src/loader/triggers';
import { DEMO_FORMS } from '../../src/server/seed/forms';

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', merge_id: 0 };
const SMS = { type: 'smsphone', name: 'SMSPHONE', label: 'Phone', merge_id: 9 };
const field = (over: Record<string, unknown>) => ({ type: 'text', name: 'F', label: 'F', ...over });
const consent = (id: number, over: Record<string, unknown> = {}) => ({
  type: 'checkbox',
  name: `gdpr[${id}]`,
  label: 'Email',
  merge_id: id,
  marketing_preference_id: id,
  ...over,
});
const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));
const gdpr = { hasGdprEnabled: 'Y', fields: [EMAIL, consent(1)] };

/** [what, settings over a valid one-field form, the paths of its problems]. */
type Case = [string, Record<string, unknown>, string[]];

const CASES: Case[] = [
  ['a form with an e-mail field', {}, []],
  ['an unknown key is kept', { myTool: { a: 1 } }, []],
  ['result error', { result: 'error' }, ['result']],
  // Layout: spec 2.2, 3.2.
  ...[1, 5, '3'].map((t): Case => [`template ${t}`, { template: t }, []]),
  ...[0, 6, 2.5, 'x', null].filter((t) => t != null).map((t): Case => [`template ${t}`, { template: t }, ['template']]),
  ['fixed with template 3', { modalVariation: 'fixed', template: 3 }, ['template']],
  ['fixed with template 1', { modalVariation: 'fixed', template: 1 }, []],
  ['slide', { modalVariation: 'slide' }, []],
  ['variation popup', { modalVariation: 'popup' }, ['modalVariation']],
  ['version 1.1', { version: '1.1' }, []],
  ['version 2.0: no such popup.js', { version: '2.0' }, ['version']],
  ['version x', { version: 'x' }, ['version']],
  ['appDomain host:port', { appDomain: 'a.test:8080' }, []],
  ['appDomain with a path', { appDomain: 'a.test/x' }, ['appDomain']],
  // Numbers: spec 3.2, 9.1–9.3.
  ...[0, 2.5, '5', 'exit', 'middle', 'bottom', DELAY_MAX_S - 1].map((d): Case => [`delay ${d}`, { popupDelay: d }, []]),
  ...[-1, 'soon', 'Exit', DELAY_MAX_S, '2s', true].map((d): Case => [`delay ${d}`, { popupDelay: d }, ['popupDelay']]),
  ...[0, 400, '7'].map((d): Case => [`frequency ${d}`, { popupFrequency: d }, []]),
  ...[401, -1, 'never'].map((d): Case => [`frequency ${d}`, { popupFrequency: d }, ['popupFrequency']]),
  ...[0, 100].map((d): Case => [`opacity ${d}`, { popupOpacity: d }, []]),
  ...[101, -5].map((d): Case => [`opacity ${d}`, { popupOpacity: d }, ['popupOpacity']]),
  ['confirmation at the cap', { confirmationDuration: CONFIRMATION_MAX_S }, []],
  ['confirmation past the cap', { confirmationDuration: CONFIRMATION_MAX_S + 1 }, ['confirmationDuration']],
  // Flags: spec 3.2 Y/N.
  ...['Y', 'n', 'yes', 'false', true, 0, 1].map((v): Case => [`flag ${v}`, { useMobileBanner: v }, []]),
  ...['maybe', '', 2].map(
    (v): Case => [`flag ${v}`, { useMobileBanner: v, captcha: v }, ['useMobileBanner', 'captcha']],
  ),
  // Texts.
  ['description at the cap', { description: 'x'.repeat(RICH_MAX) }, []],
  ['description past the cap', { description: 'x'.repeat(RICH_MAX + 1) }, ['description']],
  ['description an object', { description: { html: 'x' } }, ['description']],
  ['button label with markup', { buttonLabel: '<b>Go</b>' }, ['buttonLabel']],
  ['button label past the cap', { buttonLabel: 'x'.repeat(101) }, ['buttonLabel']],
  ['button label a number', { buttonLabel: 5 }, []],
  ['translations text', { translations: 'x' }, ['translations']],
  ['translation an object', { translations: { required: {}, email: 'Courriel ?' } }, ['translations.required']],
  // The built-in texts by their English (src/form-model/texts.ts); a key with a dot is named JSON-quoted.
  [
    'built-in texts',
    { translations: { Close: 'Fermer', 'Learn more about our privacy practices.': 'En savoir plus.' } },
    [],
  ],
  [
    'built-in texts with markup',
    { translations: { Close: '<b>Fermer</b>', 'Learn more about our privacy practices.': '<i>plus</i>' } },
    ['translations.Close', 'translations["Learn more about our privacy practices."]'],
  ],
  // Language and direction (src/form-model/language.ts).
  ...['fr', 'pt-BR', 'zh-Hant-TW', 'ar-u-nu-latn', ''].map((v): Case => [`lang ${v}`, { lang: v }, []]),
  ...['f', 'fr_FR', 'fr-', 'x'.repeat(36), 'fr" onload="x', 3].map((v): Case => [`lang ${v}`, { lang: v }, ['lang']]),
  ...['ltr', 'rtl', ''].map((v): Case => [`dir ${v}`, { dir: v }, []]),
  ...['auto', 'RTL', 1].map((v): Case => [`dir ${v}`, { dir: v }, ['dir']]),
  ['text-to-join number', { smsTransportNumber: '+1 (555) 555-0123' }, []],
  ['text-to-join number with a word', { smsTransportNumber: 'SIGNUP 555' }, ['smsTransportNumber']],
  ['too large to serve', { myTool: 'x'.repeat(SETTINGS_MAX_BYTES) }, ['']],
  // Links: spec 9.3; a path is the provider's (forVisitor).
  ...['https://x.test/a.png', '//x.test/a.png', '/demo/assets/form-image.svg', ''].map(
    (u): Case => [`image ${u}`, { imageUrl: u }, []],
  ),
  ...['javascript:alert(1)', 'data:image/png;base64,AA', 'a.png', 'https://x.test/a b.png', 7].map(
    (u): Case => [`image ${u}`, { imageUrl: u }, ['imageUrl']],
  ),
  ['rewards on 1.1 with a link', { version: '1.1', useRewards: true, rewardsUrl: 'https://r.test/x' }, []],
  ['rewards on 1.0', { useRewards: true, rewardsUrl: 'https://r.test/x' }, ['useRewards']],
  ['rewards without a link', { version: '1.1', useRewards: 'Y' }, ['rewardsUrl']],
  // The badge: issue 33 item 5.
  ['badge off', { poweredBy: false }, []],
  ['badge of the provider', { poweredBy: { text: 'Powered by Acme', url: 'https://acme.test/' } }, []],
  ['badge without text', { poweredBy: { text: '', url: 'https://acme.test/' } }, ['poweredBy.text']],
  ['badge text a number', { poweredBy: { text: 5, url: 'https://acme.test/' } }, ['poweredBy.text']],
  ['badge text too long', { poweredBy: { text: 'x'.repeat(41), url: 'https://acme.test/' } }, ['poweredBy.text']],
  ['badge text with markup', { poweredBy: { text: '<b>Acme</b>', url: 'https://acme.test/' } }, ['poweredBy.text']],
  ['badge link javascript', { poweredBy: { text: 'Acme', url: 'javascript:x' } }, ['poweredBy.url']],
  ['badge link protocol-relative', { poweredBy: { text: 'Acme', url: '//acme.test' } }, ['poweredBy.url']],
  ['badge true', { poweredBy: true }, ['poweredBy']],
  ['badge a string', { poweredBy: 'Acme' }, ['poweredBy']],
  // Styles: spec 3.3.
  ...['#fff', '#1A73E880', 'navy', 'rgb(1, 2, 3)', 'rgb(1 2 3 / 50%)', 'hsl(10, 20%, 30%)', 'transparent', ''].map(
    (c): Case => [`colour ${c}`, { styles: { backgroundColor: c, button: { color: c } } }, []],
  ),
  ...['bluish', '#12345', 'rgb(1,2)', 'red;x', 'hsl(10 20 30)', 'currentcolor', 12].map(
    (c): Case => [
      `colour ${c}`,
      { styles: { backgroundColor: c, modal: { close_link_color: c } } },
      ['styles.modal.close_link_color', 'styles.backgroundColor'],
    ],
  ),
  ['font Georgia', { styles: { headingFont: 'Georgia', labels: { font: 'helvetica' } } }, []],
  ['font papyrus', { styles: { paragraphFont: 'papyrus' } }, ['styles.paragraphFont']],
  ['alignment right', { styles: { button: { alignment: 'right' } } }, []],
  ['alignment Left', { styles: { bannerCta: { alignment: 'Left' } } }, ['styles.bannerCta.alignment']],
  ['max width 500px', { styles: { modal: { max_width: '500px' } } }, []],
  ['max width 0', { styles: { modal: { max_width: 0 } } }, ['styles.modal.max_width']],
  ['base font size 0', { styles: { baseFontSize: 0 } }, ['styles.baseFontSize']],
  ['styles a string', { styles: 'dark' }, ['styles']],
  // Fields: spec 3.4, 3.5.
  ['no fields', { fields: [] }, ['fields']],
  ['fields not a list', { fields: { EMAIL } }, ['fields']],
  ['an SMS-only form', { fields: [SMS] }, []],
  ['a field that is no object', { fields: [EMAIL, 'FNAME'] }, ['fields[1]']],
  ['a field without a name', { fields: [EMAIL, field({ name: '' })] }, ['fields[1].name']],
  ['a reserved name', { fields: [EMAIL, field({ name: 'c' })] }, ['fields[1].name']],
  ...['first name', 'b_x', '1A', 'A'.repeat(51), 'X[y]'].map(
    (n): Case => [`name ${n}`, { fields: [EMAIL, field({ name: n })] }, ['fields[1].name']],
  ),
  ['name group[3]', { fields: [EMAIL, field({ name: 'group[3]' })] }, []],
  [
    'name gdpr[3] without permission',
    { fields: [EMAIL, field({ name: 'gdpr[3]' })] },
    ['fields[1].marketing_preference_id'],
  ],
  ['a repeated name', { fields: [EMAIL, field({}), field({ merge_id: 5 })] }, ['fields[2].name']],
  ['a repeated merge id', { fields: [EMAIL, field({ merge_id: 0 })] }, ['fields[1].merge_id']],
  [
    'a merge id that is a name',
    { fields: [EMAIL, field({ name: 'A' }), field({ name: 'B', merge_id: 'A' })] },
    ['fields[2].merge_id'],
  ],
  ['type hidden', { fields: [EMAIL, field({ type: 'hidden' })] }, ['fields[1].type']],
  ['type image', { fields: [EMAIL, field({ type: 'image' })] }, ['fields[1].type']],
  ['required maybe', { fields: [EMAIL, field({ required: 'maybe' })] }, ['fields[1].required']],
  ['a field label with markup', { fields: [EMAIL, field({ label: '<i>F</i>' })] }, ['fields[1].label']],
  ['radio with choices', { fields: [EMAIL, field({ type: 'radio', choices: choices('a', 'b') })] }, []],
  ['radio without choices', { fields: [EMAIL, field({ type: 'radio' })] }, ['fields[1].choices']],
  ['select with no choice', { fields: [EMAIL, field({ type: 'select', choices: [] })] }, ['fields[1].choices']],
  [
    'repeated choice',
    { fields: [EMAIL, field({ type: 'dropdown', choices: choices('a', 'a') })] },
    ['fields[1].choices[1].value'],
  ],
  [
    'empty choice',
    { fields: [EMAIL, field({ type: 'checkbox', choices: choices('', 'b') })] },
    ['fields[1].choices[0].value'],
  ],
  [
    'choice longer than the store keeps',
    { fields: [EMAIL, field({ type: 'radio', choices: [{ value: 'x'.repeat(MERGE_VALUE_MAX + 1), label: 'Long' }] })] },
    ['fields[1].choices[0].value'],
  ],
  [
    'too many choices',
    {
      fields: [
        EMAIL,
        field({ type: 'select', choices: choices(...Array.from({ length: CHOICES_MAX + 1 }, (_, i) => `${i}`)) }),
      ],
    },
    ['fields[1].choices'],
  ],
  ['text field with stray choices', { fields: [EMAIL, field({ choices: choices('', '') })] }, []],
  ...['DD/MM', 'mm/dd', ''].map(
    (d): Case => [`birthday ${d}`, { fields: [EMAIL, field({ type: 'birthday', dateformat: d })] }, []],
  ),
  [
    'birthday DD/MM/YYYY',
    { fields: [EMAIL, field({ type: 'birthday', dateformat: 'DD/MM/YYYY' })] },
    ['fields[1].dateformat'],
  ],
  ['date YYYY-MM-DD', { fields: [EMAIL, field({ type: 'date', dateformat: 'YYYY-MM-DD' })] }, ['fields[1].dateformat']],
  ['a second e-mail field', { fields: [EMAIL, field({ type: 'email', name: 'EMAIL2' })] }, ['fields[1].type']],
  ['a second SMS field', { fields: [EMAIL, SMS, { ...SMS, name: 'SMS2', merge_id: 10 }] }, ['fields[2].type']],
  [
    'too many fields',
    { fields: [EMAIL, ...Array.from({ length: FIELDS_MAX }, (_, i) => field({ name: `F${i}` }))] },
    ['fields'],
  ],
  ['SMS image a path', { fields: [EMAIL, { ...SMS, smsProgramData: [{ imgSrc: '/demo/assets/flag-us.svg' }] }] }, []],
  [
    'SMS image javascript',
    { fields: [EMAIL, { ...SMS, smsProgramData: [{ imgSrc: 'javascript:x' }] }] },
    ['fields[1].smsProgramData[0].imgSrc'],
  ],
  // GDPR: spec 2.2, 5.5.
  ['GDPR with a permission', gdpr, []],
  ['GDPR permission without a label', { ...gdpr, fields: [EMAIL, consent(1, { label: '' })] }, ['fields[1].label']],
  [
    'GDPR permission repeated',
    { ...gdpr, fields: [EMAIL, consent(1), consent(2, { marketing_preference_id: 1 })] },
    ['fields[2].marketing_preference_id'],
  ],
  ['GDPR without a permission', { ...gdpr, fields: [EMAIL] }, ['fields']],
  ['GDPR without an e-mail field', { ...gdpr, fields: [SMS, consent(1)] }, ['hasGdprEnabled']],
  ['GDPR on template 5 of the modal', { ...gdpr, template: 5 }, ['hasGdprEnabled']],
  ['GDPR on template 5 of the slide-in', { ...gdpr, template: 5, modalVariation: 'slide' }, []],
  [
    'GDPR with the e-mail step off',
    { ...gdpr, useEmailStep: 'N', fields: [EMAIL, SMS, consent(1)] },
    ['hasGdprEnabled'],
  ],
  ['GDPR off with permissions', { fields: [EMAIL, consent(1)] }, []],
  // SMS steps: spec 4.4.
  ['text-to-join', { useTtt: 'Y', smsTransportNumber: '+15555550123', fields: [EMAIL, SMS] }, []],
  ['text-to-join without an SMS field', { useTtt: 'Y', smsTransportNumber: '+15555550123' }, ['useTtt']],
  ['text-to-join without a number', { useTtt: 'Y', fields: [EMAIL, SMS] }, ['smsTransportNumber']],
  ['e-mail step off with SMS', { useEmailStep: 'N', fields: [EMAIL, SMS] }, []],
  ['e-mail step off without SMS', { useEmailStep: 'N' }, ['useEmailStep']],
];

test('a table of settings and the paths of their problems', () => {
  for (const [what, over, want] of CASES) {
    const got = checkSettings({ fields: [EMAIL], ...over });
    assert.equal(got.map((p) => p.path).sort(), [...want].sort(), `${what}: ${JSON.stringify(got)}`);
  }
});

test('anything but an object is one problem at the root', () => {
  for (const raw of [null, undefined, 'x', 3, [], true])
    assert.equal(
      checkSettings(raw).map((p) => p.path),
      [''],
    );
});

test('messages name the control as the studio labels it, and say what to do or why', () => {
  const got = checkSettings({
    fields: [EMAIL, field({ type: 'radio' })],
    template: 9,
    styles: { button: { text_color: 'bluish' } },
    poweredBy: { text: 'Acme', url: 'ftp://x' },
  });
  const by = Object.fromEntries(got.map((p) => [p.path, p.message]));
  assert.match(by.template, /^Template must be a whole number from 1 to 5, not "9"\.$/);
  assert.match(by['styles.button.text_color'], /^Button text colour: "bluish" is no colour/);
  assert.match(by['fields[1].choices'], /^Field 2 \(F\) has no choices/);
  assert.match(by['poweredBy.url'], /^Powered-by link must be an https:\/\/ or http:\/\/ address/);
  for (const p of got) assert.match(p.message, /\.$/, p.path);
});

test('every demo form of the seed passes', () => {
  for (const f of DEMO_FORMS) assert.equal(checkSettings(f.settings), [], f.key);
});

test('the limits agree with the code they stand for', () => {
  // The versions build.mjs writes popup.js for.
  const versions = /export const VERSIONS = \[([^\]]*)\]/.exec(readFileSync('build.mjs', 'utf8'))![1];
  assert.equal(
    SERVED_VERSIONS,
    [...versions.matchAll(/'([^']+)'/g)].map((m) => m[1]),
  );
  // The loader reads a delay up to DELAY_MAX_S, and the default from there (src/loader/triggers.ts).
  assert.is(parseTrigger(DELAY_MAX_S - 1), (DELAY_MAX_S - 1) * 1000);
  assert.is(parseTrigger(DELAY_MAX_S), DEFAULT_DELAY_MS);
  // The font keys: fonts.css's stacks and helvetica, common.css's default.
  const stacks = [...readFileSync('src/popup/css/fonts.css', 'utf8').matchAll(/--mc-f-(\w+):/g)].map((m) => m[1]);
  assert.equal([...FONT_KEYS].sort(), ['helvetica', ...stacks].sort());
});

test.run();
