/**
 * Steps (spec 4.4, 5.5): e-mail step, Continue, SMS step, useEmailStep Y/N, text-to-join, opt-out;
 * the GDPR block (2.2).
 */
import { attr, calls, click, demo, forgetCalls, mount, query, submit, tick, type, wait } from './form-env';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SMSPHONE } from '../../src/server/seed/fields';

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email Address', required: true, merge_id: 0 };
const OPTIONAL_SMS: Record<string, unknown> = { ...SMSPHONE, required: false };
const buttons = (m: ReturnType<typeof mount>) => m.$$('button').map((b) => b.textContent);

test('useEmailStep Y: the e-mail step with Continue, which validates it before the SMS step shows (4.4)', () => {
  forgetCalls();
  const m = mount(demo('sms'));
  assert.ok(m.$('#mc-EMAIL-0'));
  assert.is(m.$$('[name="SMSPHONE"]').length, 0, 'SMS input not on the e-mail step');
  assert.equal(buttons(m), ['Continue']);
  submit(m);
  assert.is(attr(m.$('#mc-EMAIL-0'), 'aria-invalid'), 'true');
  assert.is(m.$$('[name="SMSPHONE"]').length, 0, 'still the e-mail step');
  type(m.$('#mc-EMAIL-0'), 'someone@example.com');
  submit(m);
  assert.is(calls().length, 0, 'Continue sends nothing');
  assert.ok(m.$('.mc-step-email').hasAttribute('hidden'));
  const sms = m.$('[name="SMSPHONE"]');
  assert.is(sms.id, 'mc-SMSPHONE-0');
  assert.is(sms.getAttribute('type'), 'tel');
  assert.is(attr(sms, 'autocomplete'), 'tel');
  assert.equal(buttons(m), ['Subscribe'], 'required SMS: no opt-out');
  // The required acknowledgement (5.5) with the program's legal text, and the program image.
  const ack = m.$('#mc-SMSPHONE-ack');
  assert.equal(
    [ack.getAttribute('name'), ack.getAttribute('type'), ack.getAttribute('value')],
    ['mc-SMSPHONE-ack', 'checkbox', 'true'],
  );
  assert.is(
    m.$('label[for="mc-SMSPHONE-ack"]').textContent,
    SMSPHONE.smsProgramData && (SMSPHONE.smsProgramData as { requiredTemplate: string }[])[0].requiredTemplate,
  );
  // The seed's program image is a path on the provider, which would resolve against the host page: not shown.
  assert.is(m.$$('.mc-sms-img').length, 0);
  // Submit without the acknowledgement: refused, marked; the SMS phone itself always passes (5.2).
  type(sms, 'not a number');
  submit(m);
  assert.is(attr(ack, 'aria-invalid'), 'true');
  assert.is(m.$('#mc-sms-ack-err').textContent, 'This field is required.');
  assert.is(attr(sms, 'aria-invalid'), null);
  assert.is(calls().length, 0);
  tick(ack);
  assert.is(attr(ack, 'aria-invalid'), null);
  submit(m);
  assert.is(calls().length, 1);
  const q = query(calls()[0]);
  assert.equal(
    [q.EMAIL, q.SMSPHONE, q['mc-SMSPHONE-ack'], q.popup],
    ['someone@example.com', 'not a number', 'true', 'true'],
  );
  m.unmount();
  forgetCalls();
});

test('useEmailStep N: only the SMS step, only the SMS field validated and sent (4.4, 5.5)', () => {
  forgetCalls();
  const img = {
    ...OPTIONAL_SMS,
    smsProgramData: [{ ...(OPTIONAL_SMS.smsProgramData as object[])[0], imgSrc: 'https://cdn.test/flag.svg' }],
  };
  const m = mount(demo('sms', { useEmailStep: 'N', fields: [EMAIL, img] }));
  assert.is(m.$('.mc-sms-img').getAttribute('src'), 'https://cdn.test/flag.svg');
  assert.is(m.$('.mc-sms-img').getAttribute('alt'), '');
  assert.is(m.$$('#mc-EMAIL-0').length, 0);
  assert.ok(m.$('[name="SMSPHONE"]'));
  assert.equal(buttons(m).sort(), ["No, I don't want texts", 'Subscribe']);
  assert.is(m.$$('#mc-SMSPHONE-ack').length, 0, 'optional SMS: no acknowledgement');
  assert.is(m.$('.mc-sms-legal').textContent, 'Texts from Demo Goods are optional. Msg & data rates may apply.');
  submit(m);
  assert.is(calls().length, 1);
  const q = query(calls()[0]);
  assert.is(q.EMAIL, undefined);
  assert.is(q.SMSPHONE, '');
  m.unmount();
  // The opt-out with no e-mail step has nothing to send: it closes.
  const n = mount(demo('sms', { useEmailStep: 'N', fields: [EMAIL, OPTIONAL_SMS] }));
  click(n.$('.mc-optout'));
  assert.is(n.closes, 1);
  assert.is(calls().length, 1);
  n.unmount();
  forgetCalls();
});

test("'No, I don't want texts' after Continue submits the e-mail step without the SMS phone", () => {
  forgetCalls();
  const m = mount(demo('sms', { fields: [EMAIL, OPTIONAL_SMS] }));
  type(m.$('#mc-EMAIL-0'), 'someone@example.com');
  submit(m);
  type(m.$('[name="SMSPHONE"]'), '5555550100');
  click(m.$('.mc-optout'));
  assert.is(calls().length, 1);
  const q = query(calls()[0]);
  assert.equal([q.EMAIL, q.SMSPHONE], ['someone@example.com', undefined]);
  m.unmount();
  forgetCalls();
});

test(`text-to-join on a mobile view: sms: link in the parent window, closes after 1 s; \
Type number instead (4.4)`, async () => {
  const cases: [Record<string, unknown>, boolean, boolean][] = [
    // [settings, mobile, panel shown]
    [{}, true, true],
    [{}, false, false],
    [{ useTtt: 'N' }, true, false],
    [{ smsTransportNumber: '' }, true, false],
  ];
  for (const [over, mobile, shown] of cases) {
    const m = mount(demo('sms', { useEmailStep: 'N', ...over }), { mobile });
    assert.is(m.$$('.mc-ttt').length, shown ? 1 : 0, JSON.stringify([over, mobile]));
    assert.is(m.$$('[name="SMSPHONE"]').length, shown ? 0 : 1, 'input hidden while the panel shows');
    m.unmount();
  }
  const m = mount(demo('sms', { useEmailStep: 'N', fields: [EMAIL, OPTIONAL_SMS] }), { mobile: true });
  const join = m.$('.mc-ttt-join');
  assert.equal(
    [join.textContent, join.getAttribute('href'), join.getAttribute('target')],
    ['Join via text', 'sms:+15555550123?&body=SIGNUP', '_parent'],
  );
  assert.is(m.$$('button[type=submit]').length, 0, 'no submit while the panel shows');
  click(join);
  assert.is(m.closes, 0, 'not at once');
  await wait(1100);
  assert.is(m.closes, 1, 'closed after 1 s');
  // The opt-out while the panel shows returns to the input, as does 'Type number instead'.
  click(m.$('.mc-optout'));
  assert.ok(m.$('[name="SMSPHONE"]'));
  assert.is(m.$$('.mc-ttt').length, 0);
  m.unmount();
  const n = mount(demo('sms', { useEmailStep: 'N' }), { mobile: true });
  click(n.$('.mc-ttt-type'));
  assert.ok(n.$('[name="SMSPHONE"]'));
  assert.equal(buttons(n), ['Subscribe']);
  n.unmount();
});

test('GDPR block: shown by the rules of 2.2 and 5.5, with its parts and ids gdpr-{marketing_preference_id}', () => {
  const m = mount(demo('gdpr'));
  const block = m.$('fieldset.mc-gdpr');
  assert.is(block.querySelector('legend')!.textContent, 'Marketing Permissions');
  assert.is(
    m.$('.mc-gdpr-description').textContent,
    'Please select all the ways you would like to hear from Demo Goods:',
  );
  assert.equal(
    m
      .$$('.mc-gdpr input')
      .map((i) => [i.id, i.getAttribute('name'), i.getAttribute('type'), m.$(`label[for="${i.id}"]`).textContent]),
    [
      ['gdpr-101', 'gdpr[101]', 'checkbox', 'Email'],
      ['gdpr-102', 'gdpr[102]', 'checkbox', 'Direct Mail'],
      ['gdpr-103', 'gdpr[103]', 'checkbox', 'Customized Online Advertising'],
    ],
  );
  assert.ok(m.$('.mc-gdpr-legal').textContent!.startsWith('You can change your mind'));
  assert.ok(m.$('.mc-gdpr-info a').getAttribute('href')!.startsWith('https://'));
  assert.is(m.$('.mc-gdpr-info a').getAttribute('rel'), 'noopener');
  assert.is(m.$('.mc-gdpr-mclegal a').getAttribute('href'), 'https://mailchimp.com/legal/terms');
  assert.is(m.$('.mc-gdpr-msg').getAttribute('role'), 'alert');
  m.unmount();
  const NAME = { type: 'text', name: 'FNAME', merge_id: 1 };
  const GD = (demo('gdpr').fields as Record<string, unknown>[]).filter((f) => f.marketing_preference_id);
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, true],
    [{ hasGdprEnabled: false }, false],
    // No e-mail field: GDPR is off, and the marketing preferences do not appear anywhere.
    [{ fields: [NAME, ...GD] }, false],
    [{ template: 5 }, false],
    [{ template: 5, modalVariation: 'slide' }, true],
  ];
  for (const [over, on] of cases) {
    const x = mount(demo('gdpr', over));
    assert.is(x.$$('.mc-gdpr').length, on ? 1 : 0, JSON.stringify(over));
    assert.is(x.$$('[id^="gdpr-"]').length, on ? 3 : 0, JSON.stringify(over));
    x.unmount();
  }
});

test('GDPR consent posts {name}=Y only when ticked', () => {
  forgetCalls();
  const m = mount(demo('gdpr'));
  type(m.$('#mc-EMAIL-0'), 'someone@example.com');
  tick(m.$('#gdpr-102'));
  submit(m);
  const q = query(calls()[0]);
  assert.equal([q['gdpr[101]'], q['gdpr[102]'], q['gdpr[103]']], [undefined, 'Y', undefined]);
  m.unmount();
  forgetCalls();
});

test.run();
