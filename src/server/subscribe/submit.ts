/**
 * A signup, from a flat query of posted fields (spec 3.5) to the answer of spec 3.6. Shared by form-post-json and the
 * captcha path. The answer depends only on the form and the input, never on what the store held before: the second
 * signup of an address, in any case, answers exactly as the first (docs/decisions/members-never-overwritten.md), an
 * address already on the list answers exactly as a new one (docs/decisions/members-never-overwritten.md), and a filled
 * honeypot is answered as a success and stored nowhere.
 */
import { randomBytes } from 'node:crypto';
import { carried } from '../../form-model/place';
import { successText } from '../../form-model/texts';
import { shownValue } from '../../form-model/store';
import { decode, successType } from '../../form-model/wire';
import type { FormRow } from '../db/forms';
import type { FormModel } from '../../form-model/form';
import { countEvent } from '../db/form-counts';
import { mac, purposeKey, storeSecret } from '../db/secret';
import { type ChangeLabels, contactKey, recordSignup } from '../db/subscribers';
import { verdictOf, type Signup } from './collect';
import { type Outbound, sendChangeConfirmation, sendConfirmation, sendWelcome } from './mails';
import type { Store } from '../store/types';

/** The submit answer of spec 3.6. */
export interface Answer {
  result: 'success' | 'error';
  msg: string;
  type?: string;
  errors?: Record<string, string>;
  webEngagementCookieValue?: string;
}

/** The success answer of a form: of `successType` (the modal stays under double opt-in, spec 4.5). */
const success = (form: FormRow, webId: string): Answer => ({
  result: 'success',
  msg: successText(form.model),
  type: successType(form.model.doubleOptIn),
  webEngagementCookieValue: webId,
});

/**
 * The labels the page of a proposed change shows for signup `c` (src/server/pages/confirm.ts), and its values as the
 * form showed them, read off the form's model (its fields parsed once, when the form entered the cache).
 */
const labelsOf = (m: FormModel, c: Signup): ChangeLabels => {
  const pl = m.placement;
  const merge: Record<string, string> = {};
  const shown: Record<string, string> = {};
  for (const f of pl.main)
    if (f.name in c.merge) {
      merge[f.name] = f.label;
      shown[f.name] = shownValue(f, c.merge[f.name]);
    }
  const consents: Record<string, string> = {};
  for (const g of pl.gdpr) if (g.mpId in c.consents) consents[g.mpId] = g.label;
  return { merge, sms: pl.sms?.label || '', consents, shown };
};

/**
 * The web-engagement id a signup answers with (spec 3.6 webEngagementCookieValue): derived from the store's secret, the
 * list and the person's contact key, so one address gets the same answer on one list whether it was on the list before
 * or not (docs/decisions/members-never-overwritten.md: the answer tells nobody who is a member), and a new person's row
 * keeps it.
 */
export const webIdOf = async (store: Store, listId: string, key: string): Promise<string> =>
  mac(purposeKey(await storeSecret(store), 'web-engagement'), `${listId}\n${key}`).slice(0, 24);

/**
 * The key a signup is counted under by the per-address limit (docs/decisions/rate-limits.md): the person on one list,
 * so that exhausting an address's signups on one list leaves every other list open to it.
 */
export const addressKey = (listId: string, key: string): string => JSON.stringify([listId, key]);

/**
 * Validates and stores a signup for `form`; `out` says where links in e-mails point (the Site's origin, never a request
 * header), whether the demo pages exist for the welcome link, and the mailbox limit its mail counts against (issue 32
 * item 2: past it the mail is kept unsent, and the answer is the same). `admit`, when given, is asked about the person
 * on this list (addressKey: the list and their contact key, lower-cased e-mail, else SMS digits) once the signup is
 * valid and before it is stored; when it says no, the answer is an error with `refusedMsg` and nothing is stored or
 * mailed (docs/decisions/rate-limits.md). A person already on the list answers as a new one would and gets an
 * e-mail as a new one would, but nothing of theirs changes until they follow its link
 * (docs/decisions/members-never-overwritten.md, src/server/db/subscribers.ts).
 */
export const submit = async (
  store: Store,
  form: FormRow,
  q: Record<string, string>,
  out: Outbound,
  admit?: (addressKey: string) => Promise<boolean>,
  refusedMsg = '',
): Promise<Answer> => {
  // Read with the popup's own codec, for the fields the popup placed (the form's model, made once per cached form).
  const sub = decode(q, carried(form.model.placement), form.uuid, form.listId);
  const v = verdictOf(sub, form.model, form.requireConsent);
  // A bot filled the hidden input: it learns nothing, not even that it was caught (the answer a valid signup of the
  // same address would get).
  if (sub.honeypot) {
    const c = v.ok ? v.signup : null;
    const webId = c ? await webIdOf(store, form.listId, contactKey(c.email, c.sms)) : randomBytes(12).toString('hex');
    return success(form, webId);
  }
  if (!v.ok) return { result: 'error', msg: v.msg, type: v.type, errors: v.errors };
  const c = v.signup;
  const key = contactKey(c.email, c.sms);
  if (admit && !(await admit(addressKey(form.listId, key)))) return { result: 'error', msg: refusedMsg };
  const webId = await webIdOf(store, form.listId, key);
  // The row (or the proposed change) and the e-mail it causes commit together: one write to the log instead of two,
  // and never one without the other after a crash. Acknowledged only once committed (src/server/store/).
  await store.tx(async (tx) => {
    const r = await recordSignup(tx, {
      listId: form.listId,
      fId: form.fId,
      email: c.email,
      sms: c.sms,
      merge: c.merge,
      consents: c.consents,
      doubleOptIn: form.model.doubleOptIn,
      webId,
      labels: labelsOf(form.model, c),
    });
    // Issue 36 item 2: a submit the provider accepted counts, with the signup it stored (a honeypot's never comes
    // here), whichever path brought it (form-post-json, the captcha page).
    await countEvent(tx, form.listId, form.fId, 'subscribed');
    if (r.kind === 'known') await sendChangeConfirmation(tx, out, form.listId, r.email, r.changeToken);
    if (r.kind !== 'new' || !c.email) return;
    if (r.confirmToken) await sendConfirmation(tx, out, form.listId, c.email, r.confirmToken);
    if (r.welcomed) await sendWelcome(tx, out, form.listId, c.email, r.eid, form.demoKey);
  });
  return success(form, webId);
};
