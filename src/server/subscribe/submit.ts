/**
 * A signup, from a flat query of posted fields (spec 3.5) to the answer of spec 3.6. Shared by form-post-json and
 * the captcha path. The answer depends only on the form and the input, never on what the store held before: the
 * second signup of an address, in any case, answers exactly as the first (issue 5), and a filled honeypot is
 * answered as a success and stored nowhere.
 */
import { randomBytes } from 'node:crypto';
import { carried } from '../../form-model/place';
import { decode } from '../../form-model/wire';
import type { FormRow } from '../db/forms';
import type { Site } from '../site';
import { contactKey, upsertSubscriber } from '../db/subscribers';
import { judge } from './collect';
import { sendConfirmation, sendWelcome } from './mails';
import type { Store } from '../store/types';

/** The submit answer of spec 3.6. */
export interface Answer {
  result: 'success' | 'error';
  msg: string;
  type?: string;
  errors?: Record<string, string>;
  webEngagementCookieValue?: string;
}

const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);

/** The success answer of a form: 'confirmation' under double opt-in (the modal stays, spec 4.5), else 'custom'. */
const success = (form: FormRow, webId: string): Answer => {
  const s = form.settings;
  return form.model.doubleOptIn
    ? {
        result: 'success',
        msg: text(s.doubleOptInSuccessMessage, 'Almost finished... please confirm your email address.'),
        type: 'confirmation',
        webEngagementCookieValue: webId,
      }
    : {
        result: 'success',
        msg: text(s.successMsg, 'Thank you for subscribing!'),
        type: 'custom',
        webEngagementCookieValue: webId,
      };
};

/**
 * Validates and stores a signup for `form`; `site` says where links in e-mails point (its origin, never a request
 * header) and whether the demo pages exist for the welcome link. `admit`, when given, is asked
 * about the person (their contact key: lower-cased e-mail, else SMS digits) once the signup is valid and before it is
 * stored; when it says no, the answer is an error with `refusedMsg` and nothing is stored or mailed (issue 8 limits).
 */
export const submit = async (
  store: Store,
  form: FormRow,
  q: Record<string, string>,
  site: Pick<Site, 'origin' | 'mode'>,
  admit?: (contactKey: string) => Promise<boolean>,
  refusedMsg = '',
): Promise<Answer> => {
  // Read with the popup's own codec, for the fields the popup placed (the form's model, made once per cached form).
  const sub = decode(q, carried(form.model.placement), form.uuid, form.listId);
  // A bot filled the hidden input: it learns nothing, not even that it was caught.
  if (sub.honeypot) return success(form, randomBytes(12).toString('hex'));
  const v = judge(sub, form.model, form.requireConsent);
  if (!v.ok) return { result: 'error', msg: v.msg, type: v.type, errors: v.errors };
  const c = v.signup;
  if (admit && !(await admit(contactKey(c.email, c.sms)))) return { result: 'error', msg: refusedMsg };
  const doubleOptIn = form.model.doubleOptIn;
  // The row and the e-mail it causes commit together: one write to the log instead of two, and never one without the
  // other after a crash. Acknowledged only once committed (the store's durability, src/server/store/).
  const r = await store.tx(async (tx) => {
    const r = await upsertSubscriber(tx, {
      listId: form.listId,
      fId: form.fId,
      email: c.email,
      sms: c.sms,
      merge: c.merge,
      consents: c.consents,
      doubleOptIn,
    });
    if (c.email && r.confirmToken) await sendConfirmation(tx, site.origin, form.listId, c.email, r.confirmToken);
    if (c.email && r.welcomed) await sendWelcome(tx, site, form.listId, c.email, r.eid, form.demoKey);
    return r;
  });
  return success(form, r.webId);
};
