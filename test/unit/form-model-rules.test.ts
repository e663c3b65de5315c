/** The rules of spec 5 (src/form-model/rules.ts): each validator, the required check, messages. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_MESSAGES,
  errorText,
  isAddress,
  isBirthday,
  isDate,
  isDigits,
  isEmail,
  isUrl,
  isUsPhone,
  isZip,
  maxLength,
  message,
  minLength,
  STORE_MESSAGES,
  storeMessage,
  validate,
  type ErrorKey,
} from '../../src/form-model/rules';
import type { Parts } from '../../src/form-model/parts';
import { parseFields, type Field } from '../../src/form-model/fields';

/** A parsed field of `type` (a US phone when `us`), required or not: what the rules are given. */
const F = (type: string, required = false, us = false): Field =>
  parseFields([{ name: 'X', type, required, phoneformat: us ? 'US' : '' }])[0];

test('isEmail: local part characters, @, domain labels of 1-63 chars without edge hyphens', () => {
  const cases: [string, boolean][] = [
    ['a@b.co', true],
    ['first.last@example.com', true],
    ["o'brien+tag@x-y.example.org", true],
    ['a!#$%&*/=?^_`{|}~-@d.io', true],
    ['a@b', true],
    ['x@1.2.3.4', true],
    ['UPPER@EXAMPLE.COM', true],
    [`a@${'d'.repeat(63)}.com`, true],
    [`a@${'d'.repeat(64)}.com`, false],
    ['a@-b.com', false],
    ['a@b-.com', false],
    ['a@b..com', false],
    ['a@.com', false],
    ['a@b.com.', false],
    ['@b.com', false],
    ['a@', false],
    ['ab.com', false],
    ['a b@c.com', false],
    ['a@b c.com', false],
    ['a@@b.com', false],
    ['a@b_c.com', false],
    ['a(b)@c.com', false],
    ['a@b.com\n', false],
    ['<a@b.com>', false],
    ['', false],
  ];
  for (const [v, want] of cases) assert.is(isEmail(v), want, JSON.stringify(v));
});

test('isUrl: schemes, IPv4 and domain hosts, ports, path, query, fragment', () => {
  const cases: [string, boolean][] = [
    ['http://example.com', true],
    ['https://example.com/a/b?c=d#e', true],
    ['ftp://files.example.org', true],
    ['sftp://host.example.net:22/x', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['http://192.168.0.1', true],
    ['http://255.255.255.255:8080/', true],
    ['http://user:pw@example.com', true],
    ['http://a.b.c.example.co.uk', true],
    ['http://xn--bcher-kva.example', true],
    ['http://bücher.de', true],
    ['http://example.com:65535', true],
    ['http://example.com:65536', false],
    ['http://example.com:0', false],
    ['http://example.com:', false],
    ['http://256.1.1.1', false],
    ['http://localhost', false],
    ['http://-a.com', false],
    ['http://a-.com', false],
    ['http://exa mple.com', false],
    ['example.com', false],
    ['www.example.com', false],
    ['javascript:alert(1)', false],
    ['gopher://example.com', false],
    ['http:/example.com', false],
    ['http://', false],
    ['http://.com', false],
    ['http://example.c', false],
    ['http://example.com/ space', false],
    ['', false],
  ];
  for (const [v, want] of cases) assert.is(isUrl(v), want, v);
});

test('isDigits, isUsPhone, isBirthday, isDate, isAddress', () => {
  for (const [v, want] of [
    ['0', true],
    ['123', true],
    ['1.5', false],
    ['-1', false],
    ['1e3', false],
    [' 1', false],
    ['', false],
    ['١٢', false],
  ] as const)
    assert.is(isDigits(v), want, v);
  const phones: [Parts, boolean][] = [
    [{ area: '555', detail1: '123', detail2: '4567' }, true],
    [{ area: '55', detail1: '123', detail2: '4567' }, false],
    [{ area: '555', detail1: '1234', detail2: '4567' }, false],
    [{ area: '555', detail1: '123', detail2: '456' }, false],
    [{ area: '5a5', detail1: '123', detail2: '4567' }, false],
    [{ area: '555', detail1: '123' }, false],
  ];
  for (const [p, want] of phones) assert.is(isUsPhone(p), want, JSON.stringify(p));
  const birthdays: [Parts, boolean][] = [
    [{ month: '1', day: '1' }, true],
    [{ month: '12', day: '31' }, true],
    [{ month: '01', day: '09' }, true],
    [{ month: '0', day: '1' }, false],
    [{ month: '13', day: '1' }, false],
    [{ month: '1', day: '32' }, false],
    [{ month: '1', day: '0' }, false],
    [{ month: '1.', day: '1' }, false],
    [{ month: '', day: '1' }, false],
    [{ day: '1' }, false],
  ];
  for (const [p, want] of birthdays) assert.is(isBirthday(p), want, JSON.stringify(p));
  const dates: [Parts, boolean][] = [
    [{ year: '2024', month: '2', day: '29' }, true],
    [{ year: '1', month: '1', day: '1' }, true],
    [{ year: '9999', month: '12', day: '31' }, true],
    [{ year: '0', month: '1', day: '1' }, false],
    [{ year: '10000', month: '1', day: '1' }, false],
    [{ year: '', month: '1', day: '1' }, false],
    [{ year: '2024', month: '13', day: '1' }, false],
    [{ year: '2024', month: '1', day: '32' }, false],
    [{ year: '20x4', month: '1', day: '1' }, false],
  ];
  for (const [p, want] of dates) assert.is(isDate(p), want, JSON.stringify(p));
  const full = { addr1: '1 Main St', addr2: '', city: 'Town', state: 'GA', zip: '30301', country: '164' };
  assert.ok(isAddress(full));
  for (const k of ['addr1', 'city', 'state', 'zip', 'country']) {
    assert.not.ok(isAddress({ ...full, [k]: '' }), k);
    assert.not.ok(isAddress({ ...full, [k]: '  ' }), k + ' blank');
  }
});

test('helpers of 5.3 exist: ZIP, min and max length', () => {
  for (const [v, want] of [
    ['12345', true],
    ['12345-6789', true],
    ['1234', false],
    ['123456', false],
    ['12345-678', false],
    ['abcde', false],
  ] as const)
    assert.is(isZip(v), want, v);
  assert.ok(minLength('abc', 3));
  assert.not.ok(minLength('ab', 3));
  assert.ok(maxLength('ab', 2));
  assert.not.ok(maxLength('abc', 2));
});

test('validate: the table of 5.2, blank optional passes, blank required is required', () => {
  const cases: [Field, Parts, ErrorKey | null][] = [
    [F('text'), { '': '' }, null],
    [F('text', true), { '': '' }, 'required'],
    [F('text', true), { '': '   ' }, 'required'],
    [F('text'), { '': '<anything>' }, null],
    [F('email'), { '': '' }, null],
    [F('email', true), { '': '' }, 'required'],
    [F('email'), { '': 'nope' }, 'email'],
    [F('email'), { '': ' a@b.co ' }, null],
    [F('url'), { '': 'http://' }, 'url'],
    [F('url'), { '': 'https://ok.example' }, null],
    [F('number'), { '': '12' }, null],
    [F('number'), { '': '1.2' }, 'number'],
    [F('phone', false, true), { area: '555', detail1: '123', detail2: '4567' }, null],
    [F('phone', false, true), { area: '555', detail1: '', detail2: '' }, 'phone'],
    [F('phone', false, true), { area: '', detail1: '', detail2: '' }, null],
    [F('phone', true, true), { area: '', detail1: '', detail2: '' }, 'required'],
    [F('phone'), { '': 'call me maybe' }, null],
    [F('birthday'), { month: '2', day: '' }, 'birthday'],
    [F('birthday'), { month: '2', day: '30' }, null],
    [F('date'), { year: '2020', month: '1', day: '1' }, null],
    [F('date'), { year: '', month: '1', day: '1' }, 'date'],
    [F('address'), { addr1: '', addr2: '', city: '', state: '', zip: '', country: '' }, null],
    [F('address', true), { addr1: '', addr2: '', city: '', state: '', zip: '', country: '' }, 'required'],
    [F('address'), { addr1: 'x', addr2: '', city: '', state: '', zip: '', country: '' }, 'address'],
    [F('address'), { addr1: 'x', addr2: '', city: 'c', state: 's', zip: 'z', country: '2' }, null],
    [F('smsphone'), { '': 'garbage!' }, null],
    [F('smsphone', true), { '': '' }, 'required'],
    [F('radio'), {}, null],
    [F('radio', true), { '': '' }, 'required'],
    [F('radio', true), { '': 'a' }, null],
    [F('checkbox', true), {}, 'required'],
    [F('checkbox', true), { b: 'b' }, null],
    [F('checkbox'), {}, null],
    [F('select', true), { '': '' }, 'required'],
    [F('dropdown'), { '': 'x' }, null],
    [F('image'), {}, null],
  ];
  for (const [f, p, want] of cases) assert.is(validate(f, p), want, JSON.stringify([f.type, f.required, p]));
});

test('message: the translation when there is one, else the English default', () => {
  assert.is(message('required', { required: 'Obligatoire' }), 'Obligatoire');
  assert.is(message('required', { required: '' }), DEFAULT_MESSAGES.required);
  assert.is(message('email', { required: 'Obligatoire' }), DEFAULT_MESSAGES.email);
  assert.is(message('url'), DEFAULT_MESSAGES.url);
  assert.is(message('smsphone'), 'Please enter a valid phone number.');
});

test("storeMessage: the store's own limits in the form's language, else English; never a rule's text", () => {
  const cases: [Record<string, string> | undefined, string][] = [
    [{ maxlength: 'Trop long.' }, 'Trop long.'],
    [{ maxlength: '' }, 'This value is too long.'],
    [{ required: 'Obligatoire' }, 'This value is too long.'],
    [undefined, STORE_MESSAGES.maxlength],
  ];
  for (const [t, want] of cases) assert.is(storeMessage('maxlength', t), want, JSON.stringify(t));
  // The provider's other texts of a known form, each under its own key, English when the form has none.
  assert.is(storeMessage('gdpr', { gdpr: 'Choisissez au moins un moyen.' }), 'Choisissez au moins un moyen.');
  assert.is(storeMessage('gdpr', { maxlength: 'Trop long.' }), STORE_MESSAGES.gdpr);
  assert.equal(STORE_MESSAGES, {
    maxlength: 'This value is too long.',
    choice: 'Please choose one of the options.',
    fixFields: 'Please fix the highlighted fields and try again.',
    gdpr: 'Please select at least one way you would like to hear from us.',
    captcha: 'Please complete the human check to subscribe.',
  });
  // Keys of their own: no store message takes a rule's key, nor a rule's default the store's.
  for (const k of Object.keys(STORE_MESSAGES)) assert.not.ok(k in DEFAULT_MESSAGES, k);
});

test('errorText: the message of the first error, translated, or empty when valid', () => {
  const cases: [Field, Parts, Record<string, string>, string][] = [
    [F('email'), { '': 'a@b.co' }, {}, ''],
    [F('email'), { '': 'nope' }, {}, DEFAULT_MESSAGES.email],
    [F('email'), { '': 'nope' }, { email: 'Adresse invalide' }, 'Adresse invalide'],
    [F('email', true), { '': '' }, { required: 'Obligatoire' }, 'Obligatoire'],
    [F('phone', false, true), { area: '1', detail1: '', detail2: '' }, {}, DEFAULT_MESSAGES.phone],
    [F('image', true), {}, {}, DEFAULT_MESSAGES.required],
  ];
  for (const [f, p, t, want] of cases) assert.is(errorText(f, p, t), want, JSON.stringify([f.type, p, t]));
});

test.run();
