/**
 * The hosted form's post (issue 35 item 1): /subscribe/post?u=&id=[&f_id=] with the form's fields in the body, as
 * Mailchimp's hosted form and its classic embedded-form HTML post them, from this page or from any site (the
 * embedded form lives on the owner's pages: a cross-site post is this route's purpose, never refused). It goes through
 * the JSONP call's path: every post counts against its client, the fields are read with the popup's codec and judged
 * by the same rules (submit.ts `submit`, collect.ts `verdictOf`), the per-address and per-mailbox limits and the
 * honeypot apply inside `submit`, and a form that needs the human check gets the captcha path's page first. A
 * refusal shows the form again with what was typed and the answer's messages; a success redirects (303) to the
 * success page, whose address is made of the form's own ids: nothing the request said can send the visitor anywhere
 * else.
 */
import type { ServerResponse } from 'node:http';
import { carried } from '../../form-model/place';
import { isEmpty } from '../../form-model/parts';
import { message } from '../../form-model/rules';
import { decode } from '../../form-model/wire';
import type { FormRow } from '../db/forms';
import type { Limiters } from '../http/ratelimit';
import { redirect, sendPage } from '../http/respond';
import { CAPTCHA_POLICY, challengePage } from '../pages/challenge';
import type { RouteContext } from '../route';
import { verdictOf } from '../subscribe/collect';
import { MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from '../subscribe/messages';
import { type Answer, submit } from '../subscribe/submit';
import { type FormState, formQuery } from './page';
import { sendForm, sendMissing } from './send';

/** Where a post that subscribed goes: the form's success page. */
export const THANKS_PATH = '/subscribe/thanks';

/** Seconds a client over its limit is asked to wait: the per-client window (src/constants.ts RATE_CLIENT_WINDOW_MS). */
const RETRY_CLIENT_S = '60';

/** What the page shows of a refusal `a` of posted query `q`: the values as typed, each error at its place. */
export const refused = (row: FormRow, q: Record<string, string>, a: Pick<Answer, 'msg' | 'type' | 'errors'>) => {
  const m = row.model;
  const pl = m.placement;
  const sub = decode(q, carried(pl), row.uuid, row.listId);
  const gdpr = a.type === 'gdpr_error';
  const errors = gdpr ? {} : { ...a.errors };
  const sms = pl.sms;
  const smsErr = (sms && errors[sms.mergeId]) || '';
  // A required SMS number given but not acknowledged is answered with the form's 'required' under its merge_id
  // (collect.ts): that is the tick's error, shown at the tick, as the popup shows it (src/popup/form/submit.ts).
  const ackMissing =
    !!sms && pl.ack && !sub.ack && !isEmpty(sub.values[sms.name]) && smsErr === message('required', m.translations);
  const st: FormState = {
    shown: {
      values: sub.values,
      errors,
      gdprMsg: gdpr ? a.errors?.msg || a.msg : '',
      ack: sub.ack,
      ackErr: ackMissing ? smsErr : '',
    },
    msg: a.msg,
  };
  return st;
};

/** The per-address limit as `submit` asks it, remembering whether it said no (the page's status then says so). */
export const addressLimit = (limits?: Limiters) => {
  const perAddress = limits?.perAddress;
  let said = false;
  const admit = perAddress
    ? async (key: string) => {
        const ok = await perAddress.hit(key);
        if (!ok) said = true;
        return ok;
      }
    : undefined;
  return { admit, refused: () => said };
};

/**
 * Answers a signup's `answer` for the hosted form: a success redirects to the success page; a refusal shows the form
 * again (429 when a limit refused it). Also the captcha path's answer to a hosted form's human check.
 */
export const hostedAnswer = (
  res: ServerResponse,
  row: FormRow,
  q: Record<string, string>,
  a: Answer,
  limited = false,
) =>
  a.result === 'error'
    ? sendForm(res, row, refused(row, q, a), limited ? 429 : 400)
    : redirect(res, `${THANKS_PATH}?${formQuery(row)}`);

/**
 * Submits the hosted form's post `q` (query and body, read once) to form `row`; `limited` when its client is over the
 * per-client limit (counted by the caller before anything else, as for form-post-json).
 */
export const hostedPost = async (
  res: ServerResponse,
  row: FormRow | null,
  q: Record<string, string>,
  ctx: RouteContext,
  limits: Limiters | undefined,
  limited: boolean,
): Promise<void> => {
  if (!row) return sendMissing(res, 'This signup form does not exist, or no longer does.');
  if (limited)
    return sendForm(res, row, refused(row, q, { msg: MSG_RATE_CLIENT }), 429, {
      headers: { 'Retry-After': RETRY_CLIENT_S },
    });
  if (row.model.captcha) {
    // Everything the rules can say is said before the human check, so the answer to it subscribes.
    const v = verdictOf(decode(q, carried(row.model.placement), row.uuid, row.listId), row.model, row.requireConsent);
    if (!v.ok) return sendForm(res, row, refused(row, q, v), 400);
    return sendPage(res, await challengePage(row, q, ctx), { policy: CAPTCHA_POLICY });
  }
  const address = addressLimit(limits);
  // Links in the e-mails this causes come from the Site, never from the Host header
  // (docs/decisions/links-from-site-origin.md).
  const a = await submit(ctx.store, row, q, ctx, address.admit, MSG_RATE_ADDRESS);
  hostedAnswer(res, row, q, a, address.refused());
};
