/**
 * The submit in form-actions.js (src/popup/form/submit.ts): what it reads from the form's state and what it sets,
 * on a recording `FormState` and a transport that answers as told. The views over it are the dom layer's
 * (test/dom/form-submit.test.tsx); the real provider's answers the browser layer's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_SUCCESS_MSG, SUBMIT_FAILED_MSG } from '../../src/constants';
import { ACK_NAME, type Query } from '../../src/form-model/wire';
import type { FieldMarks, Outcome } from '../../src/popup/form/outcome';
import { type FormState, judge, next, submitForm, validate } from '../../src/popup/form/submit';
import type { Transport } from '../../src/popup/form/transport';
import { normalize } from '../../src/popup/settings';
import { PARAMS } from '../params';

const P = { ...PARAMS, uuid: 'u1', lid: 'l1' };
const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', required: true, merge_id: 0 };
const FNAME = { type: 'text', name: 'FNAME', label: 'First name', required: false, merge_id: 1 };
const SMS = { type: 'smsphone', name: 'SMSPHONE', label: 'Phone', required: true, merge_id: 2 };

/** A FormState over these settings and values that records every call, with a transport answering `answer`. */
const recorder = (
  raw: Record<string, unknown>,
  values: Record<string, Record<string, string>>,
  answer: { reply?: unknown; waits?: boolean; restores?: boolean } = {},
) => {
  const calls: unknown[][] = [];
  const sent: Query[] = [];
  /** The transports the submit offered the form's choice, by name. */
  const offered: string[][] = [];
  let marks: FieldMarks = {};
  const rec =
    (name: string) =>
    (...a: unknown[]) =>
      calls.push([name, ...a]);
  const transport: Transport = {
    send: (q, reply) => {
      sent.push(q);
      if (answer.waits !== false) reply(answer.reply);
      return answer.waits !== false;
    },
    restores: answer.restores,
  };
  const s = normalize(raw);
  const st: FormState = {
    s,
    p: P,
    values,
    marks: {},
    pl: s.placement,
    sms: { ack: false, reset: rec('reset') },
    moved: { current: true },
    transport: (t) => {
      offered.push(Object.keys(t).sort());
      return transport;
    },
    honeypot: { current: null },
    sending: { current: true },
    setMarks: (f) => {
      marks = f(marks);
      calls.push(['setMarks']);
    },
    setStep: rec('setStep'),
    setBusy: rec('setBusy'),
    setDone: (o: Outcome | null) => calls.push(['setDone', o ? o.msg : null]),
    setValues: rec('setValues'),
    setMessages: rec('setMessages'),
    failed: rec('failed'),
    refocus: rec('refocus'),
    tell: rec('tell'),
    dismiss: rec('dismiss'),
    later: (f, ms) => calls.push(['later', ms, f]),
  };
  /** Runs what the submit left for later (the timers' callbacks), recording what they do. */
  const elapse = () => {
    for (const c of calls.slice()) if (c[0] === 'later') (c[2] as () => void)();
  };
  return { st, calls, sent, offered, elapse, marks: () => marks };
};

test('validate: marks every field valid or with its message, and moves focus only when one is wrong', () => {
  const cases: [Record<string, Record<string, string>>, boolean, FieldMarks][] = [
    [{ EMAIL: { '': 'ann@example.com' } }, true, { EMAIL: true, FNAME: true }],
    [{ EMAIL: { '': 'nope' } }, false, { EMAIL: 'Please enter a valid email address.', FNAME: true }],
    [{}, false, { EMAIL: 'This field is required.', FNAME: true }],
  ];
  for (const [values, ok, want] of cases) {
    const r = recorder({ fields: [EMAIL, FNAME] }, values);
    assert.is(validate(r.st, r.st.s.placement.main, false), ok, JSON.stringify(values));
    assert.equal(r.marks(), want);
    assert.is(
      r.calls.some((c) => c[0] === 'refocus'),
      !ok,
    );
  }
});

test('validate: the SMS acknowledgement, when asked, is required', () => {
  const r = recorder({ fields: [SMS] }, { SMSPHONE: { '': '+15555550123' } });
  assert.is(validate(r.st, [], true), false);
  assert.is(r.marks()[ACK_NAME], 'This field is required.');
  const ok = recorder({ fields: [SMS] }, {});
  ok.st.sms = { ack: true, reset: () => {} };
  assert.is(validate(ok.st, [], true), true);
  assert.is(ok.marks()[ACK_NAME], true);
});

test('judge: a blur marks the field valid or with its message, keeping the other marks', () => {
  const cases: [Record<string, Record<string, string>>, FieldMarks][] = [
    [{ EMAIL: { '': 'ann@example.com' } }, { FNAME: 'kept', EMAIL: true }],
    [{ EMAIL: { '': 'nope' } }, { FNAME: 'kept', EMAIL: 'Please enter a valid email address.' }],
  ];
  for (const [values, want] of cases) {
    const r = recorder({ fields: [EMAIL, FNAME] }, values);
    r.st.setMarks(() => ({ FNAME: 'kept' }));
    judge(r.st, r.st.s.placement.main[0]);
    assert.equal(r.marks(), want, JSON.stringify(values));
  }
});

test('next: Continue shows the SMS step only when the e-mail step is valid, and says it moved there', () => {
  for (const [email, moves] of [
    ['ann@example.com', true],
    ['nope', false],
  ] as const) {
    const r = recorder({ fields: [EMAIL, SMS], useEmailStep: 'Y' }, { EMAIL: { '': email } });
    r.st.moved.current = false;
    next(r.st);
    assert.is(
      r.calls.some((c) => c[0] === 'setStep' && c[1] === 'sms'),
      moves,
      email,
    );
    assert.is(r.st.moved.current, moves, email);
    assert.is(r.marks().EMAIL === true, moves, email);
  }
});

test('submitForm: an invalid form sends nothing and ends the submit', () => {
  const r = recorder({ fields: [EMAIL] }, { EMAIL: { '': 'nope' } });
  submitForm(r.st, true);
  assert.equal(r.sent, []);
  assert.is(r.st.sending.current, false);
  assert.ok(r.calls.some((c) => c[0] === 'setBusy' && c[1] === false));
});

/** A success's restart: values and marks emptied, the SMS step's state reset, the form on its first step. */
const RESTART = [['setValues', {}], ['setMarks'], ['reset'], ['setStep', 'email']];

test('submitForm: the query holds the fields, the honeypot and popup=true; the answer is applied', () => {
  const cases: [string, { reply?: unknown; restores?: boolean }, unknown[][]][] = [
    [
      'success: shown, form emptied, the modal closes after confirmationDuration',
      { reply: { result: 'success', msg: 'Welcome' } },
      [['setDone', 'Welcome'], ...RESTART, ['tell', 'success'], ['later', 5000], ['dismiss']],
    ],
    [
      'preview: the form comes back instead, and the modal stays',
      { reply: {}, restores: true },
      [
        ['setDone', DEFAULT_SUCCESS_MSG],
        ...RESTART,
        ['tell', 'success'],
        ['later', 5000],
        ['setDone', null],
        ['tell', 'idle'],
      ],
    ],
    [
      'error naming a field: marked, its step shown, the flash shows',
      { reply: { result: 'error', msg: 'Fix it', errors: { 0: 'Bad address' } } },
      [['setMarks'], ['setStep', 'email'], ['failed', 'Fix it', '']],
    ],
    ['no answer: the failure message', { reply: undefined }, [['failed', SUBMIT_FAILED_MSG, '']]],
  ];
  const warn = console.warn;
  console.warn = () => {};
  try {
    for (const [name, answer, want] of cases) {
      const r = recorder({ fields: [EMAIL], confirmationDuration: 5 }, { EMAIL: { '': 'ann@example.com' } }, answer);
      submitForm(r.st, true);
      r.elapse();
      assert.equal(r.sent, [{ popup: 'true', EMAIL: 'ann@example.com', b_u1_l1: '' }], name);
      assert.equal(r.offered, [['previewTransport', 'providerTransport']], name);
      const after = r.calls.slice(r.calls.findIndex((c) => c[0] === 'setMessages') + 1);
      assert.equal(after[0], ['setBusy', false], name);
      assert.equal(
        after.slice(1).map((c) => c.filter((x) => typeof x !== 'function')),
        want,
        name,
      );
      assert.is(r.st.sending.current, false, name);
      if (answer.reply && (answer.reply as { result?: string }).result !== 'error' && answer.reply !== undefined) {
        assert.equal(r.marks(), {}, `${name}: marks emptied`);
        assert.is(r.st.moved.current, false, `${name}: the SMS step's move forgotten`);
      }
    }
  } finally {
    console.warn = warn;
  }
});

test('submitForm: an error naming an e-mail step field while the SMS step shows goes back to it', () => {
  const r = recorder(
    { fields: [EMAIL, SMS], useEmailStep: 'Y' },
    { EMAIL: { '': 'ann@example.com' }, SMSPHONE: { '': '+15555550123' } },
    { reply: { result: 'error', msg: 'No', errors: { 0: 'Taken' } } },
  );
  r.st.sms = { ack: true, reset: () => {} };
  submitForm(r.st, true);
  assert.ok(r.calls.some((c) => c[0] === 'setStep' && c[1] === 'email'));
  assert.is(r.marks().EMAIL, 'Taken');
});

test('submitForm: a submit that left in a window of its own (captcha) closes the modal and stays sending', () => {
  const r = recorder({ fields: [EMAIL] }, { EMAIL: { '': 'ann@example.com' } }, { waits: false });
  submitForm(r.st, true);
  assert.ok(r.calls.some((c) => c[0] === 'dismiss'));
  assert.not.ok(r.calls.some((c) => c[0] === 'setBusy'));
  assert.is(r.st.sending.current, true, 'no answer will come: the form takes no second submit');
});

test('submitForm: what a bot typed into the honeypot is posted under its name (spec 3.5)', () => {
  const r = recorder({ fields: [EMAIL] }, { EMAIL: { '': 'ann@example.com' } }, { reply: { result: 'success' } });
  const honeypot = { value: 'bot' } as HTMLInputElement;
  r.st.honeypot.current = honeypot;
  submitForm(r.st, true);
  assert.equal(r.sent, [{ popup: 'true', EMAIL: 'ann@example.com', b_u1_l1: 'bot' }]);
  assert.is(honeypot.value, '', 'the success empties it with the rest of the form');
});

test.run();
