/**
 * The human check of the captcha path (spec 4.5 step 2, 7.1): a page asking a sum, carrying the submitted fields as
 * hidden inputs, posting to /subscribe/post. Shown to the popup's captcha window (src/server/pages/captcha.ts) and to
 * the hosted form's post of a form that needs the check (src/server/hosted/post.ts).
 */
import type { FormRow } from '../db/forms';
import type { PagePolicy } from '../http/csp';
import type { RouteContext } from '../route';
import { CAPTCHA_INPUTS, newChallenge } from '../subscribe/captcha';
import { esc, page } from './html';

/** A page built for the response's nonce. */
export type Build = (nonce: string) => string;

/** The captcha page runs no script, posts only to itself, and is never framed (clickjacking a human check). */
export const CAPTCHA_POLICY: PagePolicy = { form: ["'self'"] };

/** The key a challenge is bound to: the form (uuid/lid/f_id). */
export const formKey = (f: FormRow) => `${f.uuid}/${f.listId}/${f.fId}`;

/** A narrow page with a heading. */
export const shell =
  (title: string, inner: string): Build =>
  (nonce) =>
    page(title, `<main class="narrow"><h1>${esc(title)}</h1>${inner}</main>`, nonce);

/** The human-check page, carrying the submitted fields as hidden inputs. */
export const challengePage = async (
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
