/**
 * The form's submit and Continue (spec 4.4, 4.5, 5.1, 8), part of form-actions.js (src/popup/form/actions.ts): only a
 * visitor who presses a key or a pointer in the form fetches it, so popup.js carries none of it
 * (docs/decisions/fetched-when-needed.md). The form's state stays in its hook (src/popup/form/useSignupForm.ts), which
 * lends this render's values and its setters as a `FormState`; everything here reads them and sets them, and holds no
 * state of its own.
 */
import type { LoaderParams } from '../../types';
import { carried, firstStep, type Placement, sent, type Step } from '../../form-model/place';
import { type ChooseTransport, previewTransport, providerTransport } from './transport';
import { COOKIE_LIST_MEMBER, SUBSCRIBED_COOKIE_MS, SUBMIT_FAILED_MSG } from '../../constants';
import { errorText, message } from '../../form-model/rules';
import { ACK_NAME, encode, type Values } from '../../form-model/wire';
import { type FieldMarks, type Outcome, outcome } from './outcome';
import type { Settings } from '../settings';
import type { FormStatus } from './contract';
import type { Field } from '../../form-model/fields';
import { setCookie } from '../../browser/cookies';
import { successText } from '../../form-model/texts';

/** What the form's hook lends a submit: this render's state, its setters and the popup's callbacks. */
export interface FormState {
  s: Settings;
  p: LoaderParams;
  values: Values;
  marks: FieldMarks;
  /** The SMS step's state (useSmsStep.ts), on a form with an SMS field: its acknowledgement is read here. */
  sms: { ack: boolean; reset(): void } | null;
  transport: ChooseTransport;
  /** The honeypot input (spec 3.5): read at the submit, as a bot fills it without the form hearing it. */
  honeypot: { current: HTMLInputElement | null };
  /** Set while a submit is out (spec 4.5 step 3: one at a time); cleared when its answer came. */
  sending: { current: boolean };
  setMarks(f: (m: FieldMarks) => FieldMarks): void;
  setStep(s: Step): void;
  setBusy(b: boolean): void;
  /** Shows a successful outcome in the success area, or clears it (null). */
  setDone(o: Outcome | null): void;
  setValues(v: Values): void;
  /** The fields as placed in the steps and blocks: the first step is where a restart goes. */
  pl: Placement;
  /** The SMS step was reached by Continue (cleared by a restart). */
  moved: { current: boolean };
  /** Sets the flash block's message and the GDPR block's ('' clears them). */
  setMessages(msg: string, gdpr: string): void;
  /** Shows a failed submit: its messages (`setMessages`), the shell told, focus to the first error. */
  failed(msg: string, gdpr: string): void;
  /** Moves focus after the next render: to the first invalid input, else the submit button. */
  refocus(): void;
  /** Tells the shell the form's status (src/popup/form/contract.ts). */
  tell(status: FormStatus): void;
  /** Closes the modal. */
  dismiss(): void;
  /** Runs `f` after `ms` unless the form is gone first. */
  later(f: () => void, ms: number): void;
}

/** A field's error text for the current values, '' when valid (spec 5). */
export const fieldError = (st: FormState, f: Field): string => errorText(f, st.values[f.name] || {}, st.s.translations);

/**
 * Validates `fields` (and the SMS acknowledgement when asked), marks each valid or invalid and moves focus to the first
 * error. Whether all are valid.
 */
export const validate = (st: FormState, fields: Field[], withAck: boolean): boolean => {
  const m: FieldMarks = { ...st.marks };
  let ok = true;
  for (const f of fields) {
    const e = fieldError(st, f);
    m[f.name] = e || true;
    if (e) ok = false;
  }
  if (withAck) {
    const ack = !!st.sms && st.sms.ack;
    m[ACK_NAME] = ack || message('required', st.s.translations);
    if (!ack) ok = false;
  }
  st.setMarks(() => m);
  if (!ok) st.refocus();
  return ok;
};

/** A blur (spec 5.1): the field's mark, valid or its error. */
export const judge = (st: FormState, f: Field): void =>
  st.setMarks((m) => ({ ...m, [f.name]: fieldError(st, f) || true }));

/** Continue (spec 4.4): validates the e-mail step; when valid the SMS step shows. */
export const next = (st: FormState): void => {
  if (validate(st, sent(st.pl, false), false)) {
    st.moved.current = true;
    st.setStep('sms');
  }
};

/** Empties the form and takes it back to its first step (after a success). */
const restart = (st: FormState) => {
  st.setValues({});
  st.setMarks(() => ({}));
  if (st.sms) st.sms.reset();
  st.setStep(firstStep(st.pl));
  st.moved.current = false;
  if (st.honeypot.current) st.honeypot.current.value = '';
};

/** Applies a submit's outcome; `restores`: the transport's (the owner preview brings the form back). */
const apply = (st: FormState, o: Outcome, restores?: boolean) => {
  const { s } = st;
  if (o.ok) {
    st.setDone(o);
    restart(st);
    st.tell('success');
    if (o.cookie) setCookie(COOKIE_LIST_MEMBER, o.cookie, SUBSCRIBED_COOKIE_MS);
    const ms = s.confirmationS * 1000;
    // The preview restores the form on its first step (spec 4.6); a real success hides the modal unless the
    // type is "confirmation" (spec 4.5 step 5).
    if (restores)
      st.later(() => {
        st.setDone(null);
        st.tell('idle');
      }, ms);
    else if (o.close) st.later(st.dismiss, ms);
    return;
  }
  if (o.marks) {
    // Functional: the reply comes after the click's render, and fields judged on blur since then keep their marks.
    st.setMarks((m) => ({ ...m, ...o.marks }));
    // A field of the e-mail step named by the server while the SMS step shows: go back to where it can be fixed.
    if (s.placement.main.some((f) => typeof o.marks![f.name] === 'string')) st.setStep('email');
  }
  st.failed(o.msg, o.gdpr);
};

/**
 * Submits the placed fields, with or without the SMS phone (spec 4.5, 7.1 reading (a), captcha path). The hook has
 * set `sending` already (from the press on, while this file loaded); it is cleared here when the submit is over.
 */
export const submitForm = (st: FormState, withSms: boolean): void => {
  const { s, p, sending } = st;
  const pl = s.placement;
  const over = () => {
    sending.current = false;
    st.setBusy(false);
  };
  const withAck = withSms && pl.ack;
  const fields = sent(pl, withSms);
  if (!validate(st, fields, withAck)) {
    over();
    return;
  }
  st.setMessages('', '');
  const hp = st.honeypot.current;
  const q = encode(fields, { values: st.values, ack: withAck, honeypot: hp ? hp.value : '' }, p.uuid, p.lid);
  const t = st.transport({ providerTransport, previewTransport });
  const waits = t.send(
    q,
    (r) => {
      over();
      // A time-out or network failure (spec 8 has no text for it): the flash block tells the visitor, the console
      // tells the owner. Nothing of what was typed goes into the log.
      if (r == null) console.warn('signup popup: no reply from the provider');
      // Errors may name any placed field: the SMS phone too after an opt-out (nobody to subscribe, spec 8 step 4).
      apply(st, outcome(r, carried(pl), pl.gdprOn, successText(s), s.localized(SUBMIT_FAILED_MSG)), t.restores);
    },
    s.doubleOptIn,
  );
  // The captcha window took the submit over: the modal hides. A reply that came at once (the preview) is applied.
  if (!waits) st.dismiss();
  else if (sending.current) st.setBusy(true);
};
