/**
 * The signup form's state (spec 4.4 to 4.7, 5.1, 8): field values and marks, the step, the submit and its outcome.
 * The views (src/popup/form/views.tsx, Form.tsx) only render what it returns; where a submit goes is the injected
 * transport's business (src/popup/form/transport.ts). The rules and the submit (src/popup/form/submit.ts: validation,
 * the query, the answer applied to this state) come with form-actions.js (src/popup/form/actions.ts), fetched on the
 * visitor's first key or pointer press in the form (`intent`): a blur or a submit before it has loaded waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import type { Field } from '../../form-model/fields';
import { firstStep, type Placement, type Step } from '../../form-model/place';
import type { Values } from '../../form-model/wire';
import type { Settings } from '../settings';
import { SUBMIT_FAILED_MSG } from '../../constants';
import type { FormProps } from './contract';
import type { FieldProps } from './inputs';
import { isEmpty } from '../../form-model/parts';
import { withActions } from './with-actions';
import type { FieldMarks, Outcome } from './outcome';
import type { FormState } from './submit';
import { report } from '../report';
import { sharedNow } from '../../browser/shared-now';
import type { SmsStep, useSmsStep } from './useSmsStep';

/**
 * What the form's views need: state, refs to attach, and the visitor's actions; and what a submit needs (`FormState`).
 * Declared, not inferred, so that build/mangle.mjs may rename its members in popup.js and form-extras.js alike.
 */
export interface SignupForm extends FormState {
  /** The flash block's message (spec 8). */
  flash: string;
  /** Counts the failures (and other refocusing), so the flash of each is announced (views.tsx). */
  tick: number;
  /** A successful outcome shown in the success area, or null. */
  done: Outcome | null;
  /** The fields as placed in the steps and blocks (src/form-model/place.ts). */
  pl: Placement;
  /** The step that shows. */
  step: Step;
  /** A submit is out (spec 4.5 step 3). */
  busy: boolean;
  /** The SMS step's state (useSmsStep.ts, in form-extras.js), on a form with an SMS field. */
  sms: SmsStep | null;
  /** The GDPR block's message (spec 8 step 3). */
  gdprMsg: string;
  /** The e-mail step of a two-step form: its button says Continue (spec 4.4). */
  continues: boolean;
  /** The SMS step was reached by Continue (its view then moves focus in). */
  moved: { current: boolean };
  /** The form element, and the success area (focus moves to each, views.tsx). */
  form: { current: HTMLFormElement | null };
  success: { current: HTMLDivElement | null };
  /** Sets one part of a field's value. */
  set(name: string, key: string, value: string): void;
  /** Props of a field's component. */
  fieldProps(f: Field): FieldProps;
  /** A key or pointer press or an input in the form: form-actions.js is fetched now. */
  intent(e: Event): void;
  /** Enter or the submit button. */
  submit(): void;
}

/** The form's state and actions. One request per submit: a second while one is out does nothing (spec 4.5 step 3). */
export const useSignupForm = ({ s, p, transport, mobile, onStatus, onClose }: FormProps<Settings>): SignupForm => {
  const pl = s.placement;
  const start = firstStep(pl);
  const [values, setValues] = useState<Values>({});
  const [marks, setMarks] = useState<FieldMarks>({});
  const [step, setStep] = useState(start);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState('');
  const [gdprMsg, setGdprMsg] = useState('');
  // The success area's content: a successful outcome (its message, and whether it is shown as given).
  const [done, setDone] = useState<Outcome | null>(null);
  // Bumped to move focus after a render: to the first invalid input, else the submit button.
  const [focusTick, setFocusTick] = useState(0);
  const sending = useRef(false);
  const moved = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (f: () => void, ms: number) => timers.current.push(setTimeout(f, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    const root = formRef.current;
    // The first invalid field, or the first consent after a refusal (spec 8 step 3): on a phone its message is in
    // view there, far below the flash, which only a screen reader would have told of.
    if (focusTick && root)
      (
        root.querySelector<HTMLElement>('[aria-invalid=true],.mc-gdpr-msg:not(:empty)+* input') ||
        root.querySelector<HTMLElement>('button[type=submit]') ||
        root
      ).focus();
  }, [focusTick]);
  useEffect(() => {
    if (done && success.current) success.current.focus();
  }, [done]);

  const set = (name: string, key: string, value: string) =>
    setValues((v) => ({ ...v, [name]: { ...v[name], [key]: value } }));
  const refocus = () => setFocusTick((n) => n + 1);
  const setMessages = (msg: string, gdpr: string) => {
    setFlash(msg);
    setGdprMsg(gdpr);
  };
  const failed = (msg: string, gdpr: string) => {
    setDone(null);
    setMessages(msg, gdpr);
    onStatus('error');
    refocus();
  };
  // Spec 5.1: validated on blur. A field left blank and never judged stays neutral, so tabbing through the form
  // does not paint it red before the visitor has tried; once judged, or once it holds a value, every blur re-checks.
  // A blank, never judged field asks for nothing: the blur of a popup closed untouched (its frame torn down with
  // focus in a field) fetches no form-actions.js.
  const blur = (f: Field) =>
    (!isEmpty(values[f.name] || {}) || marks[f.name] != null) && withActions((a) => a.judge(form, f));

  /**
   * Submits (src/popup/form/submit.ts). One submit at a time, from the press on: while form-actions.js loads too;
   * when it cannot load, the submit fails as one without an answer does.
   */
  const send = (withSms: boolean) => {
    if (sending.current) return;
    sending.current = true;
    withActions(
      (a) => a.submitForm(form, withSms),
      () => {
        sending.current = false;
        failed(s.localized(SUBMIT_FAILED_MSG), '');
      },
    );
  };

  // The SMS step's state comes with its view in form-extras.js, which a form with an SMS field has loaded before it
  // renders (src/form-model/place.ts needsExtras). Whether the form has one never changes while it lives (new
  // settings mount a new popup), so the same hooks run on every render.
  const sms = pl.sms
    ? // biome-ignore lint/correctness/useHookAtTopLevel: the condition is fixed for the form's life (above)
      (sharedNow().extras as { useSmsStep: typeof useSmsStep }).useSmsStep({
        s,
        pl,
        mobile,
        setMarks,
        send,
        close: onClose,
        later,
      })
    : null;
  const continues = step === 'email' && !!sms;
  // One object for the views and for the submit in form-actions.js (src/popup/form/submit.ts `FormState`, which
  // reads this render's state and sets it through the setters below): its shared members are written once.
  const form: SignupForm = {
    flash,
    /** Counts the failures (and other refocusing), so the flash of each is announced (views.tsx). */
    tick: focusTick,
    p,
    transport,
    sending,
    setMarks,
    setStep,
    setBusy,
    setDone,
    setValues,
    setMessages,
    failed,
    refocus,
    // Issue 36 item 3: the host page hears of a signup the provider accepted (the submit's success; never the
    // preview's simulated one, src/popup/report.ts).
    tell: (x) => {
      onStatus(x);
      if (x === 'success') report(p, 'subscribed');
    },
    done,
    later,
    pl,
    step,
    values,
    busy,
    s,
    sms,
    dismiss: onClose,
    gdprMsg,
    /** Field marks by name, the SMS acknowledgement's under its name (src/form-model/wire.ts ACK_NAME). */
    marks,
    continues,
    /** The SMS step was reached by Continue (its view then moves focus in). */
    moved,
    form: formRef,
    honeypot,
    success,
    set,
    /** Props of a field's component. */
    fieldProps: (f: Field): FieldProps => {
      const m = marks[f.name];
      return {
        f,
        v: values[f.name] || {},
        err: typeof m === 'string' ? m : '',
        set: (k, v) => set(f.name, k, v),
        blur: () => blur(f),
        localized: s.localized,
      };
    },
    /**
     * A key or pointer press or an input (autofill types no key) in the form, the visitor's intent to act:
     * form-actions.js is fetched now, so the blur or submit that follows finds it. Escape only closes.
     */
    intent: (e: Event) => {
      if ((e as KeyboardEvent).key !== 'Escape') withActions(() => {});
    },
    /** Enter or the submit button: Continue on the e-mail step of a two-step form, else send. */
    submit: () => (continues ? withActions((a) => a.next(form)) : send(true)),
  };
  return form;
};

/**
 * Props of the form's views (views.tsx, and Gdpr.tsx and Sms.tsx in form-extras.js): the form's state and actions.
 * Declared here, beside the state, so the views in form-extras.js need not import views.tsx (no import circle).
 */
export interface ViewProps {
  f: SignupForm;
}
