/** Validation in the form (spec 4.7, 5): on blur, on submit, the first error only, help hidden while invalid, ARIA. */
import { attr, calls, demo, leave, mount, submit, tick, type } from './form-env';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MESSAGES } from '../../src/form-model/rules';

/** The shown error of field `name` ('' when none) and whether its inputs are marked invalid. */
const state = (m: ReturnType<typeof mount>, name: string) => {
  const err = m.$(`#mc-${name}-err`).textContent || '';
  const inv = m.$$(`.mc-field [name^="${name}"]`).map((i) => attr(i, 'aria-invalid'));
  // Invalid: every input marked, but an address marks only those the error is about (its own test below).
  const marked = name === 'ADDRESS' ? inv.some((x) => x === 'true') : inv.every((x) => x === 'true');
  return { err, invalid: marked, neutral: inv.every((x) => x == null) };
};

const T = {
  ...DEFAULT_MESSAGES,
  required: 'Needed!',
  email: 'Bad e-mail',
  phone: 'Bad phone',
  url: 'Bad URL',
  number: 'Digits!',
  birthday: 'Bad birthday',
  date: 'Bad date',
  address: 'Whole address please',
};

test('blur: each type with good and bad values, messages from translations (5.1, 5.2, 5.3)', () => {
  // [field name, sub-input values by input name, expected message ('' = valid)]
  const cases: [string, Record<string, string>, string][] = [
    ['EMAIL', { EMAIL: 'someone@example.com' }, ''],
    ['EMAIL', { EMAIL: 'someone@' }, 'Bad e-mail'],
    ['EMAIL', { EMAIL: 'a@-bad.com' }, 'Bad e-mail'],
    ['EMAIL', { EMAIL: '' }, 'Needed!'],
    ['AGE', { AGE: '42' }, ''],
    ['AGE', { AGE: '4e2' }, 'Digits!'],
    ['WEBSITE', { WEBSITE: 'https://example.com:8080/a?b#c' }, ''],
    ['WEBSITE', { WEBSITE: 'example.com' }, 'Bad URL'],
    ['WEBSITE', { WEBSITE: 'http://1.2.3.4:99999' }, 'Bad URL'],
    ['PHONE', { 'PHONE[area]': '555', 'PHONE[detail1]': '123', 'PHONE[detail2]': '4567' }, ''],
    ['PHONE', { 'PHONE[area]': '555', 'PHONE[detail1]': '12', 'PHONE[detail2]': '4567' }, 'Bad phone'],
    ['PHONE', { 'PHONE[area]': '55a', 'PHONE[detail1]': '123', 'PHONE[detail2]': '4567' }, 'Bad phone'],
    ['MOBILE', { MOBILE: 'call me maybe' }, ''],
    ['BIRTHDAY', { 'BIRTHDAY[month]': '12', 'BIRTHDAY[day]': '31' }, ''],
    ['BIRTHDAY', { 'BIRTHDAY[month]': '13', 'BIRTHDAY[day]': '1' }, 'Bad birthday'],
    ['BIRTHDAY', { 'BIRTHDAY[month]': '1', 'BIRTHDAY[day]': '' }, 'Bad birthday'],
    ['DATE', { 'DATE[day]': '31', 'DATE[month]': '12', 'DATE[year]': '2024' }, ''],
    ['DATE', { 'DATE[day]': '1', 'DATE[month]': '1', 'DATE[year]': '0' }, 'Bad date'],
    ['DATE', { 'DATE[day]': '32', 'DATE[month]': '1', 'DATE[year]': '2024' }, 'Bad date'],
    [
      'ADDRESS',
      {
        'ADDRESS[addr1]': '1 Main St',
        'ADDRESS[city]': 'Town',
        'ADDRESS[state]': 'ST',
        'ADDRESS[zip]': '12345',
        'ADDRESS[country]': '164',
      },
      '',
    ],
    [
      'ADDRESS',
      { 'ADDRESS[addr1]': '1 Main St', 'ADDRESS[city]': 'Town', 'ADDRESS[state]': 'ST', 'ADDRESS[zip]': '12345' },
      'Whole address please',
    ],
    ['ADDRESS', { 'ADDRESS[addr2]': 'Flat 2' }, 'Whole address please'],
    ['COMPANY', { COMPANY: '<anything>' }, ''],
  ];
  for (const [name, values, want] of cases) {
    const m = mount(demo('every-field', { translations: T }));
    let last: Element | null = null;
    for (const [n, v] of Object.entries(values)) type((last = m.$(`[name="${n}"]`)), v);
    // A blank field is judged on blur once it was judged before: type, leave, clear (then leave below).
    if (!Object.values(values).some(Boolean)) {
      type(m.$(`[name="${name}"]`), 'x');
      leave(m.$(`[name="${name}"]`));
      type((last = m.$(`[name="${name}"]`)), '');
    }
    leave(last!);
    const st = state(m, name);
    assert.is(st.err, want, `${name} ${JSON.stringify(values)}`);
    assert.ok(want ? st.invalid : st.neutral, `${name} aria-invalid`);
    m.unmount();
  }
});

test('blur: a blank untouched field stays neutral; English defaults without translations', () => {
  const m = mount(demo('every-field', { translations: {} }));
  leave(m.$('#mc-EMAIL-0'));
  assert.equal(state(m, 'EMAIL'), { err: '', invalid: false, neutral: true });
  type(m.$('#mc-EMAIL-0'), 'nope');
  leave(m.$('#mc-EMAIL-0'));
  assert.is(state(m, 'EMAIL').err, DEFAULT_MESSAGES.email);
  type(m.$('#mc-PLAN-0'), 'Free');
  leave(m.$('#mc-PLAN-0'));
  assert.is(state(m, 'PLAN').err, '');
  type(m.$('#mc-PLAN-0'), '');
  leave(m.$('#mc-PLAN-0'));
  assert.is(state(m, 'PLAN').err, DEFAULT_MESSAGES.required);
  m.unmount();
});

test('help text hidden while invalid; aria-describedby points at the error, then back at the help (4.7)', () => {
  const m = mount(demo('every-field'));
  const zip = m.$('#mc-ADDRESS-4');
  type(zip, '12345');
  leave(zip);
  assert.is(m.$$('#mc-ADDRESS-help').length, 0, 'help hidden');
  assert.is(attr(zip, 'aria-describedby'), 'mc-ADDRESS-err');
  assert.is(m.$('#mc-ADDRESS-err').textContent, DEFAULT_MESSAGES.address);
  // Marked invalid: the inputs the error is about, the empty ones but line 2 (WCAG 3.3.1); all read the message.
  assert.equal(
    m.$$('.mc-field-address input, .mc-field-address select').map((i) => [i.id, attr(i, 'aria-invalid')]),
    [
      ['mc-ADDRESS-0', 'true'],
      ['mc-ADDRESS-1', null],
      ['mc-ADDRESS-2', 'true'],
      ['mc-ADDRESS-3', 'true'],
      ['mc-ADDRESS-4', null],
      ['mc-ADDRESS-5', 'true'],
    ],
  );
  assert.is(attr(m.$('#mc-ADDRESS-err'), 'aria-live'), 'polite');
  for (const [k, v] of [
    ['addr1', '1 Main St'],
    ['city', 'Town'],
    ['state', 'ST'],
  ])
    type(m.$(`[name="ADDRESS[${k}]"]`), v);
  type(m.$('#mc-ADDRESS-5'), '262');
  leave(zip);
  assert.is(m.$('#mc-ADDRESS-help').textContent, 'Where should we send the catalogue?');
  assert.is(attr(zip, 'aria-describedby'), 'mc-ADDRESS-help');
  assert.is(attr(zip, 'aria-invalid'), null);
  m.unmount();
});

test('blur inside a group waits until focus leaves the whole field', () => {
  const m = mount(demo('every-field'));
  const month = m.$('#mc-BIRTHDAY-0');
  const day = m.$('#mc-BIRTHDAY-1');
  type(month, '99');
  // Focus moves from month to day: still inside the field, no verdict yet.
  month.dispatchEvent(
    Object.assign(new window.Event('focusout', { bubbles: true }), { relatedTarget: day }) as unknown as Event,
  );
  assert.is(state(m, 'BIRTHDAY').err, '');
  leave(day);
  assert.is(state(m, 'BIRTHDAY').err, DEFAULT_MESSAGES.birthday);
  m.unmount();
});

test(`submit: every field checked, one message per field, required choices, \
no call while invalid (5.1, 4.5 step 1)`, () => {
  const m = mount(demo('every-field'));
  const before = calls().length;
  type(m.$('#mc-EMAIL-0'), 'bad');
  type(m.$('#mc-WEBSITE-0'), 'ftp://files.example.com/x');
  submit(m);
  const errs = Object.fromEntries(
    m
      .$$('.mc-error')
      .map((e) => [e.id, e.textContent])
      .filter(([, t]) => t),
  );
  assert.equal(errs, {
    'mc-EMAIL-err': DEFAULT_MESSAGES.email,
    'mc-ADDRESS-err': DEFAULT_MESSAGES.required,
    'mc-PLAN-err': DEFAULT_MESSAGES.required,
    'mc-FREQ-err': DEFAULT_MESSAGES.required,
  });
  for (const [name, ok] of [
    ['WEBSITE', true],
    ['FNAME', true],
    ['TOPICS', true],
    ['FREQ', false],
    ['EMAIL', false],
  ] as const)
    assert.is(state(m, name).invalid, !ok, name);
  assert.is(calls().length, before, 'no request');
  assert.equal(m.status, []);
  // Fix them all: the form is valid and posts.
  type(m.$('#mc-EMAIL-0'), 'someone@example.com');
  for (const [k, v] of [
    ['addr1', '1 Main St'],
    ['city', 'Town'],
    ['state', 'ST'],
    ['zip', 'SW1A 1AA'],
  ])
    type(m.$(`[name="ADDRESS[${k}]"]`), v);
  type(m.$('#mc-ADDRESS-5'), '262');
  type(m.$('#mc-PLAN-0'), 'Premium');
  tick(m.$('#mc-FREQ-1'));
  tick(m.$('#mc-TOPICS-1-2'));
  submit(m);
  assert.is(m.$$('[aria-invalid="true"]').length, 0);
  assert.is(calls().length, before + 1, 'one request');
  m.unmount();
});

test.run();
