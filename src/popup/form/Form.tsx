/**
 * The form inside the modal (spec 2.2 form content, 4.4 to 4.7, 5, 7.1 submit reading (a), 8): flash block, success
 * area, the e-mail step, the SMS step, the GDPR block, the buttons and the footer. The shell around it
 * (src/popup/Modal.tsx) hears about success and errors through `onStatus` (src/popup/form/contract.ts).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  COOKIE_LIST_MEMBER,
  COOKIE_SUBSCRIBED,
  DEFAULT_SUCCESS_MSG,
  SMS_ACK_NAME,
  SUBMIT_TIMEOUT_MS,
  SUBSCRIBED_COOKIE_MS,
  TTT_CLOSE_MS,
} from '../../constants';
import { setCookie } from '../../loader/cookies';
import { jsonp } from '../../loader/jsonp';
import { providerUrl } from '../../loader/urls';
import { isEmpty, message } from '../../validate/rules';
import { Html } from '../html/Html';
import { emailPlaceholder, type Settings } from '../settings';
import type { FormProps } from './contract';
import type { Field } from './fields';
import { outcome, type FieldMarks, type Outcome } from './outcome';
import { defOf } from './registry';
import { serialize, type Values } from './serialize';
import { tttHref } from './Sms';
import { extra } from './lazy';
import { firstStep, place } from './steps';
import { HONEYPOT_LABEL } from './texts';

// The GDPR block and the SMS step come with form-extras.js (src/popup/form/extras.ts), loaded before the modal shows.
const Gdpr = extra('Gdpr');
const Sms = extra('Sms');

/** The success area's content: the message and whether it is shown as given (type "custom", spec 4.5 step 5). */
interface Done {
  msg: string;
  custom: boolean;
}

/** The signup form. One request per submit: a second click while one is out does nothing (spec 4.5 step 3). */
export const Form = ({ s, p, mobile, onStatus, onClose, onResize }: FormProps<Settings>) => {
  const pl = useMemo(() => place(s), [s]);
  const start = firstStep(pl);
  const [values, setValues] = useState<Values>({});
  const [marks, setMarks] = useState<FieldMarks>({});
  const [step, setStep] = useState(start);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState('');
  const [gdprMsg, setGdprMsg] = useState('');
  const [done, setDone] = useState<Done | null>(null);
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
  const ttt = s.ttt && mobile && sms && !typed ? tttHref(s.smsTransportNumber) : '';
  const ackRequired = !!sms && sms.required;
  const t = s.translations;

  // biome-ignore lint/correctness/useExhaustiveDependencies: any of these may change the form's height
  useLayoutEffect(onResize, [step, marks, flash, gdprMsg, done, ttt, busy]);
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
    // Into the SMS step after Continue: focus its first control, so keyboard and screen-reader users follow.
    const root = form.current;
    if (moved.current && step == 'sms' && root)
      (root.querySelector<HTMLElement>('.mc-sms input,.mc-sms a') || root).focus();
  }, [step]);
  useEffect(() => {
    if (done && success.current) success.current.focus();
  }, [done]);

  const set = (name: string, key: string, value: string) =>
    setValues((v) => ({ ...v, [name]: { ...v[name], [key]: value } }));
  const check = (f: Field) => defOf(f).check(f, values[f.name] || {}, t);
  const errOf = (f: Field) => {
    const m = marks[f.name];
    return typeof m == 'string' ? m : '';
  };
  // Spec 5.1: validated on blur. A field left blank and never judged stays neutral, so tabbing through the form
  // does not paint it red before the visitor has tried; once judged, or once it holds a value, every blur re-checks.
  const blur = (f: Field) => {
    if (!isEmpty(values[f.name] || {}) || marks[f.name] != null)
      setMarks((m) => ({ ...m, [f.name]: check(f) || true }));
  };

  /**
   * Validates `fields` (and the SMS acknowledgement when asked),
   * marks each valid or invalid, focuses the first error.
   */
  const validateAll = (fields: Field[], withAck: boolean): boolean => {
    const m: FieldMarks = { ...marks };
    let ok = true;
    for (const f of fields) {
      const e = check(f);
      m[f.name] = e || true;
      if (e) ok = false;
    }
    if (withAck) {
      m[SMS_ACK_NAME] = ack || message('required', t);
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

  const apply = (o: Outcome, preview: boolean) => {
    if (o.ok) {
      setDone({ msg: o.msg, custom: o.custom });
      reset();
      onStatus('success');
      if (o.cookie) setCookie(COOKIE_LIST_MEMBER, o.cookie, SUBSCRIBED_COOKIE_MS);
      const ms = s.confirmationS * 1000;
      // Preview restores the form on its first step (spec 4.6); a real success hides the modal unless the
      // type is "confirmation" (spec 4.5 step 5).
      if (preview)
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

  /** Submits the placed fields, with or without the SMS phone (spec 4.5, 7.1 reading (a), captcha path). */
  const send = (withSms: boolean) => {
    if (sending.current) return;
    const fields = [...pl.main, ...pl.gdpr, ...(withSms && sms ? [sms] : [])];
    if (!validateAll(fields, withSms && ackRequired)) return;
    setFlash('');
    setGdprMsg('');
    if (p.isPreview) {
      const msg = (s.doubleOptIn ? s.doubleOptInMsg : s.successMsg) || DEFAULT_SUCCESS_MSG;
      return apply({ ok: true, msg, custom: false, close: false, cookie: '', gdpr: '', marks: null }, true);
    }
    const q: Record<string, string> = { popup: 'true', ...serialize(fields, values) };
    q[`b_${p.uuid}_${p.lid}`] = honeypot.current ? honeypot.current.value : '';
    if (withSms && ackRequired) q[SMS_ACK_NAME] = 'true';
    setCookie(COOKIE_SUBSCRIBED, '1', SUBSCRIBED_COOKIE_MS);
    if (s.captcha) {
      // Opened here, inside the click's own task, so popup blockers let it through; noopener: the provider's page
      // gets no handle on the host page (spec 4.5 step 2, 7.1 captcha path).
      window.open(providerUrl(p, 'post', q), '_blank', 'noopener');
      onClose();
      return;
    }
    sending.current = true;
    setBusy(true);
    jsonp(
      providerUrl(p, 'form-post-json', q),
      (r) => {
        sending.current = false;
        setBusy(false);
        // A time-out or network failure (spec 8 has no text for it): the flash block tells the visitor, the console
        // tells the owner. Nothing of what was typed goes into the log.
        if (r == null) console.warn('Signup form: no reply from the provider (network error or time-out).');
        apply(outcome(r, fields, pl.gdprOn, s.doubleOptIn ? s.doubleOptInMsg : s.successMsg), false);
      },
      SUBMIT_TIMEOUT_MS,
    );
  };

  /** Continue (spec 4.4): validates the e-mail step; when valid the SMS step shows. */
  const next = () => {
    if (validateAll([...pl.main, ...pl.gdpr], false)) {
      moved.current = true;
      setStep('sms');
    }
  };

  const continues = step == 'email' && !!sms;
  const fieldProps = (f: Field) => ({
    f,
    v: values[f.name] || {},
    err: errOf(f),
    set: (k: string, v: string) => set(f.name, k, v),
    blur: () => blur(f),
  });
  const ackMark = marks[SMS_ACK_NAME];

  return (
    <>
      <div class="mc-flash" role="alert">
        {flash && <Html html={flash} />}
      </div>
      <div class="mc-success" role="status" tabIndex={-1} ref={success}>
        {/* Non-custom types are wrapped in 24 px Arial (spec 4.5 step 5), set through the CSS object model. */}
        {done &&
          (done.custom ? (
            <Html html={done.msg} />
          ) : (
            <div style={{ fontSize: '24px', fontFamily: 'Arial' }}>
              <Html html={done.msg} />
            </div>
          ))}
      </div>
      <form
        ref={form}
        noValidate
        hidden={!!done}
        aria-busy={busy ? 'true' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          if (continues) next();
          else send(true);
        }}
      >
        <div class="mc-step-email" hidden={step != 'email'}>
          {pl.main.map((f) => {
            const C = defOf(f).C;
            return (
              <C key={f.name} {...fieldProps(f)} ph={f.type == 'email' ? emailPlaceholder(s, mobile) : undefined} />
            );
          })}
          {pl.gdprOn && (
            <Gdpr
              fields={pl.gdpr}
              values={values}
              set={set}
              label={s.gdprLabel}
              description={s.gdprDescription}
              legal={s.gdprLegal}
              mcLegal={s.gdprMCLegal}
              msg={gdprMsg}
            />
          )}
        </div>
        {sms && step == 'sms' && (
          <Sms
            field={fieldProps(sms)}
            ttt={ttt}
            ack={ack}
            ackErr={typeof ackMark == 'string' ? ackMark : ''}
            setAck={(v) => {
              setAck(v);
              setMarks((m) => ({ ...m, [SMS_ACK_NAME]: v || message('required', t) }));
            }}
            busy={busy}
            onJoin={() => later(onClose, TTT_CLOSE_MS)}
            onType={() => setTyped(true)}
            onOptOut={() => (pl.main.length ? send(false) : onClose())}
          />
        )}
        {/* The honeypot (spec 3.5): bots fill it, people never see or reach it. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: '-5000px' }}>
          <input
            ref={honeypot}
            type="text"
            name={`b_${p.uuid}_${p.lid}`}
            tabIndex={-1}
            autoComplete="off"
            aria-label={HONEYPOT_LABEL}
          />
        </div>
        {!(ttt && step == 'sms') && (
          <button type="submit" class={busy ? 'mc-loading' : undefined} disabled={busy}>
            {continues ? s.continueLabel : s.buttonLabel}
          </button>
        )}
        {s.footer && <Html className="mc-footer" html={s.footer} />}
      </form>
    </>
  );
};
