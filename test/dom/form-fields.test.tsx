/** The DOM of every field type (spec 3.4, 3.5, 5.4): posted names, ids, labels, groups, limits, autocomplete. */
import { attr, demo, labelOf, mount, PARAMS, spoken } from './form-env';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * [name, id, visible label, maxlength, placeholder, autocomplete]
 * of every input and select in screen order. The label is a label[for] on screen, never an aria-label alone: a
 * placeholder is gone once typed over, and the US phone's parts have none (WCAG 3.3.2).
 */
const inputsOf = (root: Element, sel: string) =>
  Array.from(root.querySelectorAll(`${sel} input, ${sel} select`)).map((i) => [
    i.getAttribute('name'),
    i.id,
    attr(i, 'aria-label') == null ? labelOf(root, i) : 'aria-label only',
    attr(i, 'maxlength'),
    attr(i, 'placeholder'),
    attr(i, 'autocomplete'),
  ]);

test('every-field demo form: names, ids, labels, limits and autocomplete of each type (3.5, 5.4)', () => {
  const m = mount(demo('every-field'));
  const cases: [string, (string | null)[][]][] = [
    ['.mc-field-email', [['EMAIL', 'mc-EMAIL-0', 'Email Address', null, null, 'email']]],
    [
      '.mc-field-address',
      [
        ['ADDRESS[addr1]', 'mc-ADDRESS-0', 'Address', null, null, 'address-line1'],
        ['ADDRESS[addr2]', 'mc-ADDRESS-1', 'Address Line 2', null, null, 'address-line2'],
        ['ADDRESS[city]', 'mc-ADDRESS-2', 'City', null, null, 'address-level2'],
        ['ADDRESS[state]', 'mc-ADDRESS-3', 'State/Province/Region', null, null, 'address-level1'],
        ['ADDRESS[zip]', 'mc-ADDRESS-4', 'Postal / Zip Code', null, null, 'postal-code'],
        ['ADDRESS[country]', 'mc-ADDRESS-5', 'Country', null, null, 'country-name'],
      ],
    ],
    // dateformat MM/DD: month first.
    [
      '.mc-field-birthday',
      [
        ['BIRTHDAY[month]', 'mc-BIRTHDAY-0', 'Month', '2', 'MM', 'bday-month'],
        ['BIRTHDAY[day]', 'mc-BIRTHDAY-1', 'Day', '2', 'DD', 'bday-day'],
      ],
    ],
    // dateformat DD/MM/YYYY: day, month, year on screen; ids keep the posted order year, month, day.
    [
      '.mc-field-date',
      [
        ['DATE[day]', 'mc-DATE-2', 'Day', '2', 'DD', null],
        ['DATE[month]', 'mc-DATE-1', 'Month', '2', 'MM', null],
        ['DATE[year]', 'mc-DATE-0', 'Year', '4', 'YYYY', null],
      ],
    ],
    ['.mc-field-number', [['AGE', 'mc-AGE-0', 'Age', null, null, null]]],
    ['.mc-field-url', [['WEBSITE', 'mc-WEBSITE-0', 'Website', null, 'http://', null]]],
    [
      '.mc-field-radio',
      [
        ['FREQ', 'mc-FREQ-0', 'Weekly', null, null, null],
        ['FREQ', 'mc-FREQ-1', 'Monthly', null, null, null],
      ],
    ],
    // Checkboxes post name[value]; group_id 1 goes into the ids.
    [
      '.mc-field-checkbox',
      [
        ['TOPICS[1]', 'mc-TOPICS-1-0', 'News', null, null, null],
        ['TOPICS[2]', 'mc-TOPICS-1-1', 'Offers', null, null, null],
        ['TOPICS[4]', 'mc-TOPICS-1-2', 'Events', null, null, null],
      ],
    ],
  ];
  for (const [sel, want] of cases) assert.equal(inputsOf(m.el, sel), want, sel);
  assert.equal(
    inputsOf(m.el, '.mc-field-phone').map((r) => [r[0], r[1], r[2], r[3], r[5]]),
    [
      ['PHONE[area]', 'mc-PHONE-0', 'Area code', '3', 'tel-area-code'],
      ['PHONE[detail1]', 'mc-PHONE-1', 'Phone prefix', '3', 'tel-local-prefix'],
      ['PHONE[detail2]', 'mc-PHONE-2', 'Line number', '4', 'tel-local-suffix'],
      // phoneformat other than US: one plain phone input.
      ['MOBILE', 'mc-MOBILE-0', 'Mobile (any country)', null, 'tel'],
    ],
  );
  assert.is(m.$('#mc-MOBILE-0').getAttribute('type'), 'tel');
  assert.is(m.$('#mc-EMAIL-0').getAttribute('type'), 'email');
  assert.is(m.$('#mc-WEBSITE-0').getAttribute('type'), 'url');
  assert.is(attr(m.$('#mc-AGE-0'), 'inputmode'), 'numeric');
  assert.is(m.$('#mc-COMPANY-0').getAttribute('type'), 'text');
  // Selects and dropdowns: an empty default, then the choices.
  for (const [id, opts] of [
    ['mc-PLAN-0', ['', 'Free', 'Standard', 'Premium']],
    ['mc-SIZE-0', ['', 'S', 'M', 'L', 'XL']],
  ] as const) {
    const sel = m.$(`#${id}`);
    assert.is(sel.localName, 'select', id);
    assert.equal(
      Array.from(sel.querySelectorAll('option')).map((o) => o.getAttribute('value') || ''),
      opts,
      id,
    );
  }
  m.unmount();
});

test('groups are fieldsets with legends; single inputs have labels; ids unique; every control named', () => {
  const m = mount(demo('every-field'));
  // As a screen reader reads them: the required ones say so (their star is for the eye).
  const legends = m.$$('fieldset > legend').map(spoken);
  assert.equal(legends, [
    'Address (required)',
    'Birthday',
    'Anniversary',
    'Phone Number',
    'How often? (required)',
    'Topics',
  ]);
  assert.is(m.$('.mc-field-radio fieldset').getAttribute('role'), 'radiogroup');
  const ids = m.$$('[id]').map((e) => e.id);
  assert.equal(ids.length, new Set(ids).size, 'ids unique');
  for (const i of m.$$('input, select'))
    assert.ok(labelOf(m.el, i) || attr(i, 'aria-label'), 'named: ' + i.getAttribute('name'));
  // Required fields say so to assistive technology.
  assert.is(attr(m.$('#mc-EMAIL-0'), 'aria-required'), 'true');
  assert.is(attr(m.$('#mc-ADDRESS-1'), 'aria-required'), null, 'address line 2 is optional');
  assert.is(attr(m.$('#mc-ADDRESS-0'), 'aria-required'), 'true');
  // No browser validation (spec 2.2).
  assert.ok(attr(m.$('form'), 'novalidate') != null);
  assert.is(m.$$('[required]').length, 0);
  m.unmount();
});

test('a required group says so in the name a screen reader reads, in valid ARIA; an optional one does not', () => {
  const every = demo('every-field') as { fields: Record<string, unknown>[] };
  const groups = ['Address', 'Birthday', 'Anniversary', 'Phone Number', 'How often?', 'Topics'];
  for (const required of [true, false]) {
    const m = mount({ ...every, fields: every.fields.map((x) => ({ ...x, required })) });
    const fieldsets = m.$$('fieldset');
    // The group's name is its legend's text: the word is there, for checkboxes too, which are not each required.
    assert.equal(
      fieldsets.map((g) => spoken(g.querySelector('legend')!)),
      groups.map((g) => (required ? g + ' (required)' : g)),
      'required: ' + required,
    );
    // The star beside it stays for the eye only.
    for (const g of fieldsets)
      assert.is(
        g.querySelector('legend .mc-req') && attr(g.querySelector('legend .mc-req')!, 'aria-hidden'),
        required ? 'true' : null,
      );
    // aria-required on a group is not ARIA (a radiogroup alone takes it); none is set where it is not allowed.
    for (const g of m.$$('[aria-required]'))
      assert.ok(
        ['input', 'select'].includes(g.localName) || attr(g, 'role') === 'radiogroup',
        g.outerHTML.slice(0, 80),
      );
    // The boxes of a checkbox group are not each required: one ticked is enough (spec 5.2).
    assert.equal(m.$$('.mc-field-checkbox input[aria-required]'), []);
    m.unmount();
  }
});

test('address: the country select has an empty default and the provider list (3.5)', () => {
  const m = mount(demo('every-field'));
  const opts = m
    .$$<HTMLOptionElement>('#mc-ADDRESS-5 option')
    .map((o): [string, string] => [o.getAttribute('value') || '', o.textContent || '']);
  assert.equal(opts[0], ['', '']);
  assert.ok(opts.length > 230, 'about 240 countries: ' + opts.length);
  const by = new Map(opts);
  for (const [id, name] of [
    ['274', 'Afghanistan'],
    ['2', 'Albania'],
    ['30', 'Canada'],
    ['262', 'United Kingdom'],
    ['164', 'USA'],
    ['275', "Cote D'Ivoire"],
  ])
    assert.is(by.get(id), name, id);
  assert.is(new Set(opts.map((o) => o[0])).size, opts.length, 'ids unique');
  m.unmount();
});

test('help text: rendered, sanitized, describes the inputs', () => {
  const m = mount(demo('every-field'));
  assert.is(m.$('#mc-ADDRESS-help').textContent, 'Where should we send the catalogue?');
  assert.is(attr(m.$('#mc-ADDRESS-2'), 'aria-describedby'), 'mc-ADDRESS-help');
  assert.is(m.$('#mc-FREQ-help').textContent, 'Pick one');
  assert.is(attr(m.$('#mc-FREQ-0'), 'aria-describedby'), 'mc-FREQ-help');
  assert.is(attr(m.$('#mc-EMAIL-0'), 'aria-describedby'), null);
  m.unmount();
  const x = mount(
    demo('modal', {
      fields: [
        { type: 'text', name: 'T', helper_text: '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script>' },
      ],
    }),
  );
  assert.is(x.$('#mc-T-help').innerHTML.includes('onerror') || x.$('#mc-T-help').innerHTML.includes('script'), false);
  assert.is(x.$('#mc-T-help b').textContent, 'bold');
  x.unmount();
});

test('dateformat and phoneformat variants; unknown type is text; image posts nothing', () => {
  const cases: [Record<string, unknown>, string[]][] = [
    [{ type: 'birthday', name: 'B', dateformat: 'DD/MM' }, ['B[day]', 'B[month]']],
    [{ type: 'birthday', name: 'B', dateformat: 'MM/DD' }, ['B[month]', 'B[day]']],
    [{ type: 'birthday', name: 'B' }, ['B[month]', 'B[day]']],
    [{ type: 'date', name: 'D', dateformat: 'MM/DD/YYYY' }, ['D[month]', 'D[day]', 'D[year]']],
    [{ type: 'date', name: 'D', dateformat: 'DD/MM/YYYY' }, ['D[day]', 'D[month]', 'D[year]']],
    [{ type: 'phone', name: 'P', phoneformat: 'US' }, ['P[area]', 'P[detail1]', 'P[detail2]']],
    [{ type: 'phone', name: 'P', phoneformat: 'none' }, ['P']],
    [{ type: 'phone', name: 'P' }, ['P']],
    [{ type: 'mystery', name: 'M' }, ['M']],
    [{ type: 'image', name: 'I' }, []],
  ];
  for (const [field, want] of cases) {
    const m = mount(demo('modal', { fields: [field] }));
    assert.equal(
      m.$$('.mc-step-email input, .mc-step-email select').map((i) => i.getAttribute('name')),
      want,
      JSON.stringify(field),
    );
    if (field.type === 'mystery') assert.is(m.$('#mc-M-0').getAttribute('type'), 'text');
    m.unmount();
  }
});

test(`honeypot b_{uuid}_{lid}: off-screen, hidden from assistive technology, out of the tab order, \
no autocomplete`, () => {
  const m = mount(demo('modal'));
  const h = m.$(`input[name="b_${PARAMS.uuid}_${PARAMS.lid}"]`);
  assert.is(attr(h, 'tabindex'), '-1');
  assert.is(attr(h, 'autocomplete'), 'off');
  assert.is(h.getAttribute('type'), 'text');
  const box = h.parentElement!;
  assert.is(box.getAttribute('aria-hidden'), 'true');
  // Above the frame, not left of it: in a right-to-left frame what lies left of the page widens what scrolls.
  assert.ok(/top:\s*-5000px/.test(box.getAttribute('style') || ''), box.getAttribute('style') || '');
  assert.ok(/position:\s*absolute/.test(box.getAttribute('style') || ''));
  m.unmount();
});

test('e-mail placeholder only on non-mobile fixed variation (2.2); buttons and footer', () => {
  const cases: [Record<string, unknown>, boolean, string | null][] = [
    [{ modalVariation: 'fixed' }, false, 'Enter your email'],
    [{ modalVariation: 'fixed' }, true, null],
    [{ modalVariation: 'modal' }, false, null],
    [{ modalVariation: 'slide' }, false, null],
  ];
  for (const [over, mobile, want] of cases) {
    const m = mount(demo('modal', over), { mobile });
    assert.is(attr(m.$('#mc-EMAIL-0'), 'placeholder'), want, JSON.stringify([over, mobile]));
    m.unmount();
  }
  const m = mount(demo('modal', { buttonLabel: 'Join now' }));
  const buttons = m.$$('button');
  assert.equal(
    buttons.map((b) => [b.getAttribute('type'), b.textContent]),
    [['submit', 'Join now']],
  );
  assert.is(m.$('.mc-footer').textContent, 'You can unsubscribe at any time. We never share your address.');
  m.unmount();
});

test.run();
