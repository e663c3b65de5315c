/**
 * /subscribe/post, two callers (spec 4.5 step 2, 7.1; issue 35 item 1):
 * - the captcha path: the popup opens it in a new window with u, id, popup, f_id and the form's fields. GET checks the
 *   fields and shows a human check carrying them (./challenge.ts); its POST checks the answer and subscribes exactly
 *   as form-post-json would, then shows the answer's message (a hosted form's check: src/server/hosted/post.ts).
 * - the hosted form and Mailchimp's classic embedded-form HTML: a POST to /subscribe/post?u=&id= with the fields in
 *   the body and no answer to a check, handed to src/server/hosted/post.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { carried } from '../../form-model/place';
import { decode } from '../../form-model/wire';
import { findForm, type FormRow } from '../db/forms';
import { readBody } from '../http/body';
import type { Limiters } from '../http/ratelimit';
import { readQuery } from '../http/query';
import { sendPage, sendText } from '../http/respond';
import { addressLimit, hostedAnswer, hostedPost } from '../hosted/post';
import type { RouteContext } from '../route';
import { CAPTCHA_INPUTS, checkAnswer } from '../subscribe/captcha';
import { collect } from '../subscribe/collect';
import { MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from '../subscribe/messages';
import { type Answer, submit } from '../subscribe/submit';
import { type Build, CAPTCHA_POLICY, challengePage, formKey, shell } from './challenge';
import { esc } from './html';

/** Largest form body read, in bytes: a form of a few dozen short fields. */
const MAX_BODY = 32 * 1024;

/** Sends a captcha-path page with its policy. */
const show = (res: ServerResponse, build: Build, status: number, headers: Record<string, string> = {}) =>
  sendPage(res, build, { status, policy: CAPTCHA_POLICY, headers });

/** The label of the field with this merge_id, for listing errors on a page without the form. */
const labelOf = (f: FormRow, mergeId: string): string => {
  const hit = f.model.fields.find((x) => x.mergeId === mergeId);
  return hit ? hit.label : mergeId;
};

/** The page of a submit answer (spec 3.6): its message, and the field errors by label. */
const answerPage = (f: FormRow, a: Answer): Build => {
  if (a.result !== 'error')
    return shell('Thank you', `<p role="status">${esc(a.msg)}</p><p>You can close this window.</p>`);
  const list = Object.entries(a.errors || {})
    .filter(([k]) => k !== 'msg' || a.type !== 'gdpr_error')
    .map(([k, m]) => `<li><strong>${esc(labelOf(f, k))}</strong>: ${esc(m)}</li>`)
    .join('');
  return shell(
    'Not subscribed yet',
    `<p role="alert">${esc(a.msg)}</p>${list ? `<ul>${list}</ul>` : ''}
<p>Close this window, correct the form and submit it again.</p>`,
  );
};

/** A page saying a parameter came twice (the query names no one form). */
const repeatedPage = (name: string) =>
  shell('Not subscribed', `<p>The form sent the field ${esc(name)} twice. Please submit it again.</p>`);

/** The captcha window's GET: the fields checked, then the human check (spec 4.5 step 2). */
const popupGet = async (res: ServerResponse, url: URL, ctx: RouteContext) => {
  const q = readQuery(url.searchParams);
  if (!q.ok) return show(res, repeatedPage(q.repeated), 400);
  const v = q.values;
  const form = await findForm(ctx.store, v.u || '', v.id || '', v.f_id || '');
  if (!form)
    return show(res, shell('Form not found', '<p>This signup form does not exist, or no longer does.</p>'), 404);
  const c = collect(decode(v, carried(form.model.placement), form.uuid, form.listId), form.model);
  if (!c.ok)
    show(res, answerPage(form, { result: 'error', msg: 'Please fix these fields first.', errors: c.errors }), 400);
  else show(res, await challengePage(form, v, ctx), 200);
};

/** A post's parameters: the address's query and the url-encoded body, read once; null when already answered. */
const readPost = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<URLSearchParams | null> => {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] || '')) {
    req.resume();
    sendText(res, 415, 'Unsupported Media Type');
    return null;
  }
  const body = await readBody(req, MAX_BODY);
  if (body === null) {
    sendText(res, 413, 'Payload Too Large', { Connection: 'close' });
    return null;
  }
  // The hosted form names its list in the action's query (Mailchimp's shape); the check's page posts everything.
  return new URLSearchParams([...url.searchParams, ...new URLSearchParams(body)]);
};

/** The answer to a human check: a wrong or spent one gets a new question; a right one subscribes. */
const answerCheck = async (
  res: ServerResponse,
  form: FormRow,
  v: Record<string, string>,
  ctx: RouteContext,
  limits?: Limiters,
) => {
  const secret = { exp: '', nonce: '', sig: '', seal: '' };
  for (const k of Object.keys(secret) as (keyof typeof secret)[]) secret[k] = v[CAPTCHA_INPUTS[k]] || '';
  const check = await checkAnswer(ctx.store, formKey(form), secret, v[CAPTCHA_INPUTS.answer] || '');
  if (check !== 'ok') {
    const note =
      check === 'wrong'
        ? 'That answer was not right. Please try this one.'
        : check === 'expired'
          ? 'That question expired. Please answer this one.'
          : 'That question was answered already. Please answer this one.';
    return show(res, await challengePage(form, v, ctx, note), 400);
  }
  // The human check stops volume, not a person aiming confirmation mails at one address: the per-address limit
  // applies. Links in the e-mails this causes come from the Site, never from the Host header
  // (docs/decisions/links-from-site-origin.md).
  const address = addressLimit(limits);
  const answer = await submit(ctx.store, form, v, ctx, address.admit, MSG_RATE_ADDRESS);
  // The popup's window shows the answer; the hosted form goes where its own post would have (issue 35 item 1).
  if (v.popup === 'true') show(res, answerPage(form, answer), answer.result === 'error' ? 400 : 200);
  else hostedAnswer(res, form, v, answer, address.refused());
};

/** A post: the answer to a human check, or a hosted (or embedded) form's fields. */
const post = async (req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext, limits?: Limiters) => {
  // Every post counts against the client like a form-post-json: a sum is no obstacle to a script.
  const limited = !!limits?.perClient && !(await limits.perClient.hit(limits.client(req)));
  const params = await readPost(req, res, url);
  if (!params) return;
  const q = readQuery(params);
  if (!q.ok) return show(res, repeatedPage(q.repeated), 400);
  const v = q.values;
  const form = await findForm(ctx.store, v.u || '', v.id || '', v.f_id || '');
  if (!Object.values(CAPTCHA_INPUTS).some((k) => k in v)) return hostedPost(res, form, v, ctx, limits, limited);
  if (limited)
    return show(res, shell('Not subscribed', `<p>${esc(MSG_RATE_CLIENT)}</p>`), 429, { 'Retry-After': '60' });
  if (!form)
    return show(res, shell('Form not found', '<p>This signup form does not exist, or no longer does.</p>'), 404);
  await answerCheck(res, form, v, ctx, limits);
};

/** Serves /subscribe/post. */
export const captchaRoute =
  (limits?: Limiters) =>
  async (req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext): Promise<boolean> => {
    if (url.pathname !== '/subscribe/post') return false;
    if (req.method === 'POST') await post(req, res, url, ctx, limits);
    else if (req.method === 'GET') await popupGet(res, url, ctx);
    else sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, POST' });
    return true;
  };
