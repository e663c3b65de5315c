/** The form model read from raw settings (src/form-model/form.ts): the flags both sides read, and the placement. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bannerOnPhones } from '../../src/form-model/banner';
import { readForm, type FormModel } from '../../src/form-model/form';
import { yes } from '../../src/form-model/raw';

const EMAIL = { type: 'email', name: 'EMAIL' };
const SMS = { type: 'smsphone', name: 'SMS' };

test('any JSON in, a model out', () => {
  for (const raw of [undefined, null, 'x', 4, [], { fields: 'x', translations: 7, template: {} }]) {
    const m = readForm(raw);
    assert.equal(
      [m.variation, m.template, m.fields, m.gdpr, m.gdprPlaced, m.emailStep, m.translations, m.doubleOptIn, m.captcha],
      ['modal', 1, [], false, true, true, {}, false, false],
      JSON.stringify(raw),
    );
    assert.equal(m.placement, { main: [], sms: null, gdpr: [], gdprOn: false, ack: false });
  }
});

test('flags: every Y/N flag read with the same `yes` (booleans, Y/N, true/false strings, 1/0)', () => {
  const cases: [unknown, boolean][] = [
    [true, true],
    ['Y', true],
    ['yes', true],
    ['true', true],
    [1, true],
    [false, false],
    ['N', false],
    ['no', false],
    ['false', false],
    [0, false],
    ['', false],
  ];
  const get: [string, (m: FormModel) => boolean][] = [
    ['hasGdprEnabled', (m) => m.gdpr],
    ['useEmailStep', (m) => m.emailStep],
    ['hasDoubleOptIn', (m) => m.doubleOptIn],
    ['captcha', (m) => m.captcha],
  ];
  for (const [key, read] of get)
    for (const [v, want] of cases) assert.is(read(readForm({ fields: [EMAIL], [key]: v })), want, `${key}: ${v}`);
  // useEmailStep absent counts as Y (a form without SMS still shows its fields, spec 5.5).
  assert.is(readForm({}).emailStep, true);
  assert.is(readForm({ useEmailStep: null }).emailStep, true);
});

test('variation, template, GDPR placement (spec 2.2): template 5 in the modal variation places no GDPR block', () => {
  const cases: [Record<string, unknown>, string, number, boolean][] = [
    [{}, 'modal', 1, true],
    [{ template: 5 }, 'modal', 5, false],
    [{ template: '5' }, 'modal', 5, false],
    [{ template: 5, modalVariation: 'modal' }, 'modal', 5, false],
    [{ template: 5, modalVariation: 'slide' }, 'slide', 5, true],
    [{ template: 5, modalVariation: 'fixed' }, 'fixed', 1, true],
    [{ template: 4.6 }, 'modal', 5, false],
    [{ template: 6 }, 'modal', 1, true],
    [{ template: 0 }, 'modal', 1, true],
    [{ template: 3, modalVariation: 'weird' }, 'modal', 3, true],
    [{ template: 3, modalVariation: ' slide ' }, 'slide', 3, true],
    // JSON can give an object a toString that is no function: a comparison would call it and throw.
    [{ template: 3, modalVariation: { toString: false } }, 'modal', 3, true],
    [{ template: 3, modalVariation: [{ toString: 1 }] }, 'modal', 3, true],
  ];
  for (const [raw, variation, template, gdprPlaced] of cases) {
    const m = readForm({ fields: [EMAIL], hasGdprEnabled: 'Y', ...raw });
    assert.equal(
      [m.variation, m.template, m.gdprPlaced, m.placement.gdprOn],
      [variation, template, gdprPlaced, gdprPlaced],
    );
  }
});

test('phones see the banner first with useMobileBanner, and always for the slide-in (issue 35 item 3)', () => {
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, false],
    [{ useMobileBanner: 'Y' }, true],
    [{ useMobileBanner: 'N', modalVariation: 'modal' }, false],
    [{ useMobileBanner: 'N', modalVariation: 'fixed' }, false],
    [{ useMobileBanner: 'Y', modalVariation: 'fixed' }, true],
    [{ useMobileBanner: 'N', modalVariation: 'slide' }, true],
    [{ modalVariation: 'slide' }, true],
  ];
  for (const [raw, want] of cases)
    assert.is(bannerOnPhones(yes(raw.useMobileBanner), readForm(raw).variation), want, JSON.stringify(raw));
});

test('gdpr needs an e-mail field; the placement follows the flags', () => {
  assert.is(readForm({ hasGdprEnabled: 'Y', fields: [{ type: 'text', name: 'A' }] }).gdpr, false);
  assert.is(readForm({ hasGdprEnabled: 'Y', fields: [EMAIL] }).gdpr, true);
  const pl = readForm({ useEmailStep: false, hasGdprEnabled: true, fields: [EMAIL, SMS] }).placement;
  assert.equal([pl.main, pl.sms?.name, pl.gdprOn], [[], 'SMS', false]);
  const on = readForm({ useEmailStep: 'Y', fields: [EMAIL, SMS] }).placement;
  assert.equal([on.main.map((f) => f.name), on.sms?.name], [['EMAIL'], 'SMS']);
});

test('translations: the non-empty strings and numbers, trimmed', () => {
  assert.equal(readForm({ translations: { required: ' Requis ', email: '', url: 4, x: {}, y: null } }).translations, {
    required: 'Requis',
    url: '4',
  });
});

test.run();
