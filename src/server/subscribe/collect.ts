/**
 * Server-side validation of a submit (spec 7.1 form-post-json), pure: the query read back with the popup's own codec
 * (src/form-model/wire.ts) for exactly the fields the popup placed (the form's model, src/form-model/form.ts), checked
 * with the same rules (src/form-model/rules.ts), plus what only a store must check: lengths, choices, an SMS number's
 * digits, the SMS acknowledgement, someone to subscribe, GDPR consent. Produces either the answer's errors (spec 3.6)
 * or the signup.
 */
import { EMAIL_LOCAL_MAX, EMAIL_MAX } from '../constants';
import { MERGE_VALUE_MAX } from '../../constants';
import { inputsOf } from '../../form-model/field-inputs';
import type { Field } from '../../form-model/fields';
import type { FormModel } from '../../form-model/form';
import type { Parts } from '../../form-model/parts';
import { errorText, message, storeMessage } from '../../form-model/rules';
import { storedValue, type MergeValue } from '../../form-model/store';
import type { Submission } from '../../form-model/wire';

/** A valid signup, as the store takes it. */
export interface Signup {
  email: string | null;
  sms: string | null;
  merge: Record<string, MergeValue>;
  consents: Record<string, boolean>;
  anyConsent: boolean;
}

/** The outcome of reading a submit's fields. */
export type Collected = ({ ok: true } & Signup) | { ok: false; errors: Record<string, string> };

/** The outcome of judging a whole submit: the signup, or the error answer (spec 3.6, 8). */
export type Verdict =
  | { ok: true; signup: Signup }
  | { ok: false; msg: string; type?: 'gdpr_error'; errors: Record<string, string> };

/** The first problem the store finds with a field that passed the rules, or null. */
const storeCheck = (f: Field, p: Parts, translations: Record<string, string>): string | null => {
  // Longer than the store keeps; or a part longer than its input allows (spec 5.4: a birthday's month and day 2, a
  // date's year 4), which would break the stored MM/DD or YYYY-MM-DD (the popup's inputs cannot hold more, so only a
  // hand-made submit gets this). The popup's rules let both through and show this text under the field: it is the
  // form's translation when the settings have one.
  if (
    Object.values(p).some((v) => v.length > MERGE_VALUE_MAX) ||
    inputsOf(f).some((i) => i.max && (p[i.key] || '').length > i.max)
  )
    return storeMessage('maxlength', translations);
  const v = (p[''] || '').trim();
  const { posts, role } = f.row;
  // The popup lets any SMS text through (spec 5.2), but a number without a digit reaches no phone, and an SMS-only
  // subscriber is keyed by its digits: two such signups would be one row, the second lost without a word.
  if (role === 'sms' && v && !/\d/.test(v)) return message('smsphone', translations);
  if (role === 'email' && v) {
    // Spaces around an address fold away, but a line break anywhere is a script building mail headers (issue 8).
    if (/[\r\n]/.test(p[''])) return message('email', translations);
    const at = v.lastIndexOf('@');
    if (at > EMAIL_LOCAL_MAX || v.length > EMAIL_MAX) return message('email', translations);
  }
  // A select, dropdown or radio holds one of its choices, or nothing.
  if ((posts === 'select' || posts === 'radio') && v && !f.choices.some((c) => c.value === v))
    return storeMessage('choice', translations);
  return null;
};

/**
 * Checks the placed fields of a submit, decoded (src/form-model/wire.ts `decode`, for the placement's `carried`
 * fields). Errors are keyed by merge_id (spec 3.6), first error per field only (spec 4.7), with the form's messages
 * (spec 5.3).
 */
export const collect = (sub: Submission, m: FormModel): Collected => {
  const { placement: pl, translations } = m;
  const fields = pl.sms ? [...pl.main, pl.sms] : pl.main;
  const errors: Record<string, string> = {};
  const merge: Record<string, MergeValue> = {};
  let email: string | null = null;
  let sms: string | null = null;
  for (const f of fields) {
    const p = sub.values[f.name];
    const problem = errorText(f, p, translations) || storeCheck(f, p, translations);
    if (problem) {
      errors[f.mergeId] = problem;
      continue;
    }
    const value = storedValue(f, p);
    if (f === pl.sms) {
      // The acknowledgement exists only for a required SMS field (spec 5.5); missing, it gets the text the popup
      // shows beside its box (src/popup/form/submit.ts validate): the form's 'required'.
      if (pl.ack && value && !sub.ack) errors[f.mergeId] = message('required', translations);
      else sms = (value as string | null) || null;
      continue;
    }
    if (value === null) continue;
    if (f.row.role === 'email' && !email) email = value as string;
    else merge[f.name] = value;
  }
  // A consent box marked required is judged as the popup judges it (spec 5.2: a checkbox must be checked).
  for (const g of pl.gdpr) {
    const problem = errorText(g, sub.values[g.name], translations);
    if (problem) errors[g.mergeId] = problem;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const consents: Record<string, boolean> = {};
  for (const g of pl.gdpr) consents[g.mpId] = !!sub.values[g.name][''];
  return { ok: true, email, sms, merge, consents, anyConsent: Object.values(consents).some((c) => c) };
};

/**
 * Judges a whole submit of a form whose model is `m` (pure: the store is the caller's): its fields, then someone to
 * subscribe (an e-mail address or an SMS number), then GDPR consent when the form requires it and shows the block.
 */
export const verdictOf = (sub: Submission, m: FormModel, requireConsent: boolean): Verdict => {
  const pl = m.placement;
  const t = m.translations;
  const c = collect(sub, m);
  if (!c.ok) return { ok: false, msg: storeMessage('fixFields', t), errors: c.errors };
  if (!c.email && !c.sms) {
    // Every field optional and left blank: nobody to subscribe. Point at the e-mail (or SMS) field.
    const f = pl.main.find((x) => x.row.role === 'email') || pl.sms || pl.main[0];
    return { ok: false, msg: storeMessage('fixFields', t), errors: f ? { [f.mergeId]: message('required', t) } : {} };
  }
  if (requireConsent && pl.gdprOn && pl.gdpr.length && !c.anyConsent) {
    // One text in both places the popup shows it (spec 8 steps 2 and 3): the flash and the GDPR block.
    const msg = storeMessage('gdpr', t);
    return { ok: false, msg, type: 'gdpr_error', errors: { msg } };
  }
  const { ok: _, ...signup } = c;
  return { ok: true, signup };
};
