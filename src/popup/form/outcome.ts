/**
 * What a submit response means for the form (spec 3.6, 4.5, 8), pure: the form applies the result.
 */
import type { Field } from '../../form-model/fields';
import { str } from '../../form-model/raw';

/** Field states after a response: a message marks the field invalid, true marks it valid (spec 8 step 4). */
export type FieldMarks = Record<string, string | true>;

/** The decision for one response. */
export interface Outcome {
  ok: boolean;
  /** Message for the success area (ok) or the flash block (not ok); owner/provider HTML. */
  msg: string;
  /** type "custom": the message is shown as given; otherwise it is wrapped in 24 px Arial (spec 4.5 step 5). */
  custom: boolean;
  /** The modal hides after confirmationDuration unless the type is "confirmation" (spec 4.5 step 5). */
  close: boolean;
  /** webEngagementCookieValue for the mcListMember cookie, '' when absent (spec 4.5 step 5). */
  cookie: string;
  /** errors.msg of a gdpr_error, shown in the GDPR block (spec 8 step 3); '' otherwise. */
  gdpr: string;
  /** Field marks by field name, null when the response names no fields (spec 8 step 4). */
  marks: FieldMarks | null;
}

type Obj = Record<string, unknown>;

/** A failure's outcome, with its message. */
const failure = (msg: string): Outcome => ({
  ok: false,
  msg,
  custom: false,
  close: false,
  cookie: '',
  gdpr: '',
  marks: null,
});

/**
 * Reads a form-post-json response (spec 3.6). `r` is whatever came back: undefined for a failed or timed-out call.
 * `fields` are the placed fields (their merge_id keys `errors`); `gdprOn` whether the GDPR block shows;
 * `success` the form's success message, shown when a success carries no msg; `noReply` what a call without an answer
 * says (spec 8 has no text for it; the hook says it too when form-actions.js could not load). Both are in the form's
 * language (src/form-model/texts.ts).
 */
export const outcome = (r: unknown, fields: Field[], gdprOn: boolean, success: string, noReply: string): Outcome => {
  const failed = failure(noReply);
  if (!r || typeof r !== 'object') return failed;
  const o = r as Obj;
  const msg = str(o.msg);
  if (o.result !== 'error')
    return {
      ...failed,
      ok: true,
      msg: msg || success,
      custom: o.type === 'custom',
      close: o.type !== 'confirmation',
      cookie: str(o.webEngagementCookieValue),
    };
  const errors = (o.errors && typeof o.errors === 'object' ? o.errors : {}) as Obj;
  const out = failure(msg);
  // An error that names nothing, neither a message nor a field, still says that the signup did not go through.
  if (!Object.keys(errors).length) return msg ? out : failed;
  if (o.type === 'gdpr_error' && gdprOn) return { ...out, gdpr: str(errors.msg) };
  const marks: FieldMarks = {};
  for (const f of fields) marks[f.name] = str(errors[f.mergeId]) || true;
  return { ...out, marks };
};
