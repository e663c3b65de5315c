/**
 * The captcha path, /subscribe/post (spec 4.5 step 2, 7.1): the popup opens it in a new window with u, id, popup,
 * f_id and the form's fields. GET checks the fields and shows a human check carrying them; POST checks the answer
 * and subscribes exactly as form-post-json would, then shows the answer's message.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findForm, type FormRow } from '../db/forms';
import { readBody } from '../http/body';
import { readQuery } from '../http/query';
import type { PagePolicy } from '../http/csp';
import { sendPage, sendText } from '../http/respond';
import type { RouteContext } from '../route';
import { CAPTCHA_INPUTS, checkAnswer, newChallenge } from '../subscribe/captcha';
import { carried } from '../../form-model/place';
import { decode } from '../../form-model/wire';
import { collect } from '../subscribe/collect';
import { submit, type Answer } from '../subscribe/submit';
import { esc, page } from './html';
import type { Limiters } from '../http/ratelimit';
import { MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from '../subscribe/messages';

/** Largest form body read, in bytes: a form of a few dozen short fields. */
const MAX_BODY = 32 * 1024;

/** The captcha page runs no script, posts only to itself, and is never framed (clickjacking a human check). */
const POLICY: PagePolicy = { form: ["'self'"] };

/** A page built for the response's nonce. */
type Build = (nonce: string) => string;

/** Sends a captcha-path page with its policy. */
const show = (res: ServerResponse, build: Build, status: number, headers: Record<string, string> = {}) =>
  sendPage(res, build, { status, policy: POLICY, headers });

const formKey = (f: FormRow) => `${f.uuid}/${f.listId}/${f.fId}`;

/** The label of the field with this merge_id, for listing errors on a page without the form. */
const labelOf = (f: FormRow, mergeId: string): string => {
  const hit = f.model.fields.find((x) => x.mergeId === mergeId);
  return hit ? hit.label : mergeId;
};

const shell =
  (title: string, inner: string): Build =>
  (nonce) =>
    page(title, `<main class="narrow"><h1>${esc(title)}</h1>${inner}</main>`, nonce);

/** The human-check page, carrying the submitted fields as hidden inputs. */
const challengePage = async (
  f: FormRow,
  fields: Record<string, string>,
  ctx: RouteContext,
  note = '',
): Promise<Build> => {
  // The challenge is issued in the store (its nonce spent there), before the page is built for its nonce.
  const c = await newChallenge(ctx.store, formKey(f));
  const hidden = Object.entries(fields)
    .filter(([k]) => !Object.values(CAPTCHA_INPUTS).includes(k as never))
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n');
  return shell(
    'One more step',
    `<p>Please answer this question so we know a person is signing up.</p>
${note ? `<p role="alert" class="bad">${esc(note)}</p>` : ''}
<form method="post" action="/subscribe/post">
${hidden}
<input type="hidden" name="${CAPTCHA_INPUTS.exp}" value="${c.exp}">
<input type="hidden" name="${CAPTCHA_INPUTS.nonce}" value="${c.nonce}">
<input type="hidden" name="${CAPTCHA_INPUTS.sig}" value="${c.sig}">
<input type="hidden" name="${CAPTCHA_INPUTS.seal}" value="${c.seal}">
<p><label for="answer">${esc(c.question)}</label><br>
<input id="answer" name="${CAPTCHA_INPUTS.answer}" class="field" inputmode="numeric" autocomplete="off" required
maxlength="3"></p>
<p><button type="submit">Subscribe</button></p>
</form>`,
  );
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

/** Serves /subscribe/post. */
export const captchaRoute =
  (limits?: Limiters) =>
  async (req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext): Promise<boolean> => {
    if (url.pathname !== '/subscribe/post') return false;
    let params = url.searchParams;
    if (req.method === 'POST') {
      // Each answer counts against the client like a form-post-json: a sum is no obstacle to a script.
      if (limits?.perClient && !(await limits.perClient.hit(limits.client(req)))) {
        req.resume();
        show(res, shell('Not subscribed', `<p>${esc(MSG_RATE_CLIENT)}</p>`), 429, { 'Retry-After': '60' });
        return true;
      }
      if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] || '')) {
        sendText(res, 415, 'Unsupported Media Type');
        return true;
      }
      const body = await readBody(req, MAX_BODY);
      if (body === null) {
        sendText(res, 413, 'Payload Too Large', { Connection: 'close' });
        return true;
      }
      params = new URLSearchParams(body);
    } else if (req.method !== 'GET') {
      sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, POST' });
      return true;
    }
    const q = readQuery(params);
    if (!q.ok) {
      show(
        res,
        shell('Not subscribed', `<p>The form sent the field ${esc(q.repeated)} twice. Please submit it again.</p>`),
        400,
      );
      return true;
    }
    const v = q.values;
    const form = await findForm(ctx.store, v.u || '', v.id || '', v.f_id || '');
    if (!form) {
      show(res, shell('Form not found', '<p>This signup form does not exist, or no longer does.</p>'), 404);
      return true;
    }
    if (req.method === 'GET') {
      const c = collect(decode(v, carried(form.model.placement), form.uuid, form.listId), form.model);
      if (!c.ok)
        show(res, answerPage(form, { result: 'error', msg: 'Please fix these fields first.', errors: c.errors }), 400);
      else show(res, await challengePage(form, v, ctx), 200);
      return true;
    }
    const check = await checkAnswer(
      ctx.store,
      formKey(form),
      {
        exp: v[CAPTCHA_INPUTS.exp] || '',
        nonce: v[CAPTCHA_INPUTS.nonce] || '',
        sig: v[CAPTCHA_INPUTS.sig] || '',
        seal: v[CAPTCHA_INPUTS.seal] || '',
      },
      v[CAPTCHA_INPUTS.answer] || '',
    );
    if (check !== 'ok') {
      const note =
        check === 'wrong'
          ? 'That answer was not right. Please try this one.'
          : check === 'expired'
            ? 'That question expired. Please answer this one.'
            : 'That question was answered already. Please answer this one.';
      show(res, await challengePage(form, v, ctx, note), 400);
      return true;
    }
    // The human check stops volume, not a person aiming confirmation mails at one address:
    // the per-address limit applies.
    const perAddress = limits?.perAddress;
    const admit = perAddress ? (key: string) => perAddress.hit(key) : undefined;
    // Links in the e-mails this causes come from the Site, never from the Host header
    // (docs/decisions/links-from-site-origin.md).
    const answer = await submit(ctx.store, form, v, ctx, admit, MSG_RATE_ADDRESS);
    show(res, answerPage(form, answer), answer.result === 'error' ? 400 : 200);
    return true;
  };
