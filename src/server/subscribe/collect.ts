/**
 * Server-side validation of a submit (spec 7.1 form-post-json), with the same rules as the form
 * (src/validate/rules.ts) plus what only a store must check: lengths, choices, the SMS acknowledgement, GDPR consent.
 * Produces either the per-merge_id errors of spec 3.6 or the signup to store.
 */
import { EMAIL_LOCAL_MAX, EMAIL_MAX, MERGE_VALUE_MAX } from '../../constants';
import { isEmpty, message, readParts, validate, type Parts } from '../../validate/rules';
import type { MergeValue } from '../db/subscribers';
import type { FormField, Placement } from './fields';
import { MSG_NOT_A_CHOICE, MSG_SMS_ACK, MSG_TOO_LONG } from './messages';

/** The outcome of reading a submit. */
export type Collected =
  | {
      ok: true;
      email: string | null;
      sms: string | null;
      merge: Record<string, MergeValue>;
      consents: Record<string, boolean>;
      anyConsent: boolean;
    }
  | { ok: false; errors: Record<string, string> };

const pad = (v: string) => v.trim().padStart(2, '0');

/** A field's parts as the value stored for it; null when blank. */
export const storedValue = (f: FormField, p: Parts): MergeValue | null => {
  if (isEmpty(p)) return null;
  switch (f.type) {
    case 'checkbox':
      return Object.keys(p).filter((k) => p[k]);
    case 'birthday':
      return `${pad(p.month)}/${pad(p.day)}`;
    case 'date':
      return `${p.year.trim().padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
    case 'phone':
      return f.usPhone ? `${p.area}-${p.detail1}-${p.detail2}` : p[''].trim();
    case 'address': {
      const out: Record<string, string> = {};
      for (const k of Object.keys(p)) if (p[k].trim()) out[k] = p[k].trim();
      return out;
    }
    default:
      return p[''].trim();
  }
};

/** The first problem the store finds with a field that passed the rules, or null. */
const storeCheck = (f: FormField, p: Parts, translations: Record<string, unknown> | undefined): string | null => {
  if (Object.values(p).some((v) => v.length > MERGE_VALUE_MAX)) return MSG_TOO_LONG;
  const v = (p[''] || '').trim();
  if (f.type === 'email' && v) {
    // Spaces around an address fold away, but a line break anywhere is a script building mail headers (issue 8).
    if (/[\r\n]/.test(p[''])) return message('email', translations);
    const at = v.lastIndexOf('@');
    if (at > EMAIL_LOCAL_MAX || v.length > EMAIL_MAX) return message('email', translations);
  }
  if ((f.type === 'select' || f.type === 'dropdown' || f.type === 'radio') && v && !f.choices.includes(v))
    return MSG_NOT_A_CHOICE;
  return null;
};

/**
 * Reads and checks the placed fields of a submit. `q` is the flat query (spec 3.5 names); `translations` the form's
 * messages (spec 5.3). Errors are keyed by merge_id (spec 3.6), first error per field only (spec 4.7).
 */
export const collect = (
  q: Record<string, string>,
  pl: Placement,
  translations?: Record<string, unknown>,
): Collected => {
  const errors: Record<string, string> = {};
  const merge: Record<string, MergeValue> = {};
  let email: string | null = null;
  let sms: string | null = null;
  for (const f of pl.fields) {
    const p = readParts(q, f.name, f, f.choices);
    const key = validate(f, p);
    const problem = key ? message(key, translations) : storeCheck(f, p, translations);
    if (problem) {
      errors[f.mergeId] = problem;
      continue;
    }
    const value = storedValue(f, p);
    if (f.type === 'smsphone') {
      // The acknowledgement checkbox exists only for a required SMS field (spec 5.5).
      if (f.required && value && q['mc-SMSPHONE-ack'] !== 'true') errors[f.mergeId] = MSG_SMS_ACK;
      else sms = (value as string | null) || null;
      continue;
    }
    if (value === null) continue;
    if (f.type === 'email' && !email) email = value as string;
    else merge[f.name] = value;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const consents: Record<string, boolean> = {};
  for (const g of pl.gdpr) consents[g.marketingPreferenceId as string] = !!q[g.name];
  return { ok: true, email, sms, merge, consents, anyConsent: Object.values(consents).some((c) => c) };
};
