/**
 * The signup form's state (spec 4.4 to 4.7, 5.1, 8): field values and marks, the step, the submit and its outcome.
 * The views (src/popup/form/views.tsx, Form.tsx) only render what it returns; where a submit goes is the injected
 * transport's business (src/popup/form/transport.ts). The rules, the query and the answer's reading come with
 * form-actions.js (src/popup/form/actions.ts), fetched on the visitor's first key or pointer press in the form
 * (`intent`): a blur or a submit before it has loaded waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import { COOKIE_LIST_MEMBER, SUBSCRIBED_COOKIE_MS, TTT_CLOSE_MS } from '../../constants';
import type { Field } from '../../form-model/fields';
import { carried, firstStep, sent } from '../../form-model/place';
import { isEmpty } from '../../form-model/parts';
import { ACK_NAME, type Values } from '../../form-model/wire';
import { setCookie } from '../../browser/cookies';
import type { Settings } from '../settings';
import type { FormProps } from './contract';
import type { FieldProps } from './inputs';
import { type Actions, withActions } from './with-actions';
import { FAILED, type FieldMarks, type Outcome } from './outcome';

/** What the form's views need: state, refs to attach, and the visitor's actions. */
export type SignupForm = ReturnType<typeof useSignupForm>;

/** The form's state and actions. One request per submit: a second while one is out does nothing (spec 4.5 step 3). */
export const useSignupForm = ({ s, p, transport, mobile, onStatus, onClose }: FormProps<Settings>) => {
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
  const [typed, setTyped] = useState(false);
  const [ack, setAck] = useState(false);
  // Bumped to move focus after a render: to the first invalid input, else the submit button.
  const [focusTick, setFocusTick] = useState(0);
  const sending = useRef(false);
  const moved = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (f: () => void, ms: number) => timers.current.push(setTimeout(f, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const sms = pl.sms;
  // Text-to-join (spec 4.4): useTtt, a mobile view, an SMS field, a number to text (src/popup/form/Sms.tsx tttHref),
  // until 'Type number instead'.
  const ttt = s.ttt && mobile && !!sms && !typed && /[\d+]/.test(s.smsTransportNumber);
  const t = s.translations;

  useEffect(() => {
    const root = form.current;
    // (Plain || chains, not ?.: esbuild lowers ?. for Chrome < 91, at a dozen bytes a time.)
    if (focusTick && root)
      (
        root.querySelector<HTMLElement>('[aria-invalid="true"]') ||
        root.querySelector<HTMLElement>('button[type=submit]') ||
        root
      ).focus();
  }, [focusTick]);
  useEffect(() => {
    if (done && success.current) success.current.focus();
  }, [done]);

  const set = (name: string, key: string, value: string) =>
    setValues((v) => ({ ...v, [name]: { ...v[name], [key]: value } }));
  const check = (a: Actions, f: Field) => a.errorText(f, values[f.name] || {}, t);
  // Spec 5.1: validated on blur. A field left blank and never judged stays neutral, so tabbing through the form
  // does not paint it red before the visitor has tried; once judged, or once it holds a value, every blur re-checks.
  // A blank, never judged field asks for nothing: the blur of a popup closed untouched (its frame torn down with
  // focus in a field) fetches no form-actions.js.
  const blur = (f: Field) =>
    (!isEmpty(values[f.name] || {}) || marks[f.name] != null) &&
    withActions((a) => setMarks((m) => ({ ...m, [f.name]: check(a, f) || true })));

  /**
   * Validates `fields` (and the SMS acknowledgement when asked),
   * marks each valid or invalid, focuses the first error.
   */
  const validateAll = (a: Actions, fields: Field[], withAck: boolean): boolean => {
    const m: FieldMarks = { ...marks };
    let ok = true;
    for (const f of fields) {
      const e = check(a, f);
      m[f.name] = e || true;
      if (e) ok = false;
    }
    if (withAck) {
      m[ACK_NAME] = ack || a.message('required', t);
      if (!ack) ok = false;
    }
    setMarks(m);
    if (!ok) setFocusTick((n) => n + 1);
    return ok;
  };

  const reset = () => {
    setValues({});
    setMarks({});
    setAck(false);
    setTyped(false);
    setStep(start);
    moved.current = false;
    if (honeypot.current) honeypot.current.value = '';
  };

  /** Applies a submit's outcome; `restores`: the transport's (the owner preview brings the form back). */
  const apply = (o: Outcome, restores?: boolean) => {
    if (o.ok) {
      setDone(o);
      reset();
      onStatus('success');
      if (o.cookie) setCookie(COOKIE_LIST_MEMBER, o.cookie, SUBSCRIBED_COOKIE_MS);
      const ms = s.confirmationS * 1000;
      // The preview restores the form on its first step (spec 4.6); a real success hides the modal unless the
      // type is "confirmation" (spec 4.5 step 5).
      if (restores)
        later(() => {
          setDone(null);
          onStatus('idle');
        }, ms);
      else if (o.close) later(onClose, ms);
      return;
    }
    setDone(null);
    setFlash(o.msg);
    setGdprMsg(o.gdpr);
    onStatus('error');
    if (o.marks) {
      // Functional: the reply comes after the click's render, and fields judged on blur since then keep their marks.
      setMarks((m) => ({ ...m, ...o.marks }));
      // A field of the e-mail step named by the server while the SMS step shows: go back to where it can be fixed.
      if (pl.main.some((f) => typeof o.marks![f.name] == 'string')) setStep('email');
    }
    setFocusTick((n) => n + 1);
  };

  /**
   * Submits the placed fields, with or without the SMS phone (spec 4.5, 7.1 reading (a), captcha path). One submit at
   * a time, from the press on: while form-actions.js loads too.
   */
  const send = (withSms: boolean) => {
    if (sending.current) return;
    sending.current = true;
    const done = () => {
      sending.current = false;
      setBusy(false);
    };
    withActions(
      (a) => {
        const withAck = withSms && pl.ack;
        const fields = sent(pl, withSms);
        if (!validateAll(a, fields, withAck)) return done();
        setFlash('');
        setGdprMsg('');
        const q = a.encode(
          fields,
          { values, ack: withAck, honeypot: honeypot.current ? honeypot.current.value : '' },
          p.uuid,
          p.lid,
        );
        const t = transport(a);
        const waits = t.send(q, (r) => {
          done();
          // A time-out or network failure (spec 8 has no text for it): the flash block tells the visitor, the console
          // tells the owner. Nothing of what was typed goes into the log.
          if (r == null) console.warn('Signup form: no reply from the provider (network error or time-out).');
          // Errors may name any placed field: the SMS phone too after an opt-out (nobody to subscribe, spec 8 step 4).
          apply(a.outcome(r, carried(pl), pl.gdprOn, s.doubleOptIn ? s.doubleOptInMsg : s.successMsg), t.restores);
        });
        // The captcha window took the submit over: the modal hides. A reply that came at once (the preview) is applied.
        if (!waits) onClose();
        else if (sending.current) setBusy(true);
      },
      () => {
        done();
        apply(FAILED);
      },
    );
  };

  /** Continue (spec 4.4): validates the e-mail step; when valid the SMS step shows. */
  const next = () =>
    withActions((a) => {
      if (validateAll(a, sent(pl, false), false)) {
        moved.current = true;
        setStep('sms');
      }
    });

  const continues = step == 'email' && !!sms;
  return {
    pl,
    step,
    values,
    busy,
    flash,
    gdprMsg,
    done,
    ttt,
    ack,
    /** Field marks by name, the SMS acknowledgement's under its name (src/form-model/wire.ts ACK_NAME). */
    marks,
    continues,
    /** The SMS step was reached by Continue (its view then moves focus in). */
    moved,
    form,
    honeypot,
    success,
    set,
    /** Props of a field's component. */
    fieldProps: (f: Field): FieldProps => {
      const m = marks[f.name];
      return {
        f,
        v: values[f.name] || {},
        err: typeof m == 'string' ? m : '',
        set: (k, v) => set(f.name, k, v),
        blur: () => blur(f),
      };
    },
    setAck: (v: boolean) => {
      setAck(v);
      withActions((a) => setMarks((m) => ({ ...m, [ACK_NAME]: v || a.message('required', t) })));
    },
    /**
     * A key or pointer press or an input (autofill types no key) in the form, the visitor's intent to act:
     * form-actions.js is fetched now, so the blur or submit that follows finds it. Escape only closes.
     */
    intent: (e: Event) => {
      if ((e as KeyboardEvent).key != 'Escape') withActions(() => {});
    },
    /** Enter or the submit button: Continue on the e-mail step of a two-step form, else send. */
    submit: () => (continues ? next() : send(true)),
    /** 'No, I don't want texts': sends the e-mail step without the SMS phone; closes a form that has nothing else. */
    optOut: () => (pl.main.length ? send(false) : onClose()),
    /** 'Join via text' was followed: the modal closes after 1 s (spec 4.4). */
    join: () => later(onClose, TTT_CLOSE_MS),
    /** 'Type number instead': back to the number input. */
    typeNumber: () => setTyped(true),
  };
};

/**
 * Props of the form's views (views.tsx, and Gdpr.tsx and Sms.tsx in form-extras.js): the form's state and actions.
 * Declared here, beside the state, so the views in form-extras.js need not import views.tsx (no import circle).
 */
export interface ViewProps {
  f: SignupForm;
}
