/**
 * The links of the provider's e-mails, /subscribe/confirm?token=… (src/server/db/confirm.ts). A double opt-in
 * confirmation (issue 5) and a change proposed for a person already on the list
 * (docs/decisions/members-never-overwritten.md) each open a page that asks, and act when its button posts the token
 * back: a GET never subscribes anyone or rewrites a member's data, because mail scanners and link previews open every
 * link in a message before its reader does (a confirmation a scanner could give is no consent), and the one who entered
 * a change may be a stranger.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ConfirmOutcome, confirmToken, viewToken } from '../db/confirm';
import { firstDemoKey } from '../db/forms';
import type { Change, MergeValue } from '../db/subscribers';
import { readBody } from '../http/body';
import { sendPage, sendText } from '../http/respond';
import type { RouteContext } from '../route';
import { sendWelcome } from '../subscribe/mails';
import { esc, page } from './html';

const PATH = '/subscribe/confirm';
/** A token is 16 random bytes in hex (src/server/db/subscribers.ts). */
const TOKEN = /^[\da-f]{32}$/;
/** A post from the change page holds one token: anything much longer is not ours. */
const MAX_BODY = 512;

const CSS = `dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
form{margin:16px 0}`;

/** A page with `title` and `html` (already escaped); the demo's pages are linked only where they exist. */
const resultPage =
  (title: string, html: string, demo: boolean) =>
  (nonce: string): string =>
    page(
      title,
      `<main class="narrow"><h1>${esc(title)}</h1>${html}
${demo ? '<p><a href="/demo">Back to the shop</a> · <a href="/mailbox">Mailbox</a></p>' : ''}</main>`,
      nonce,
      CSS,
    );

/**
 * A stored merge value as one line, for a change proposed before its values were kept as the form showed them
 * (ChangeLabels.shown): a multi-part field's parts and a checkbox group's choices joined by commas.
 */
const stored = (v: MergeValue): string =>
  typeof v === 'string' ? v : (Array.isArray(v) ? v : Object.values(v)).filter(Boolean).join(', ');

/**
 * The details a change would set, as a description list: each value as the visitor saw it in the form (a choice's
 * label, a country's name, a date in its format's order). Every label and value is escaped: the labels are the
 * owner's text and the values a stranger's.
 */
const details = (ch: Change): string => {
  const shown = ch.labels.shown || {};
  const rows: [string, string][] = [
    ...Object.entries(ch.merge).map(([k, v]): [string, string] => [ch.labels.merge[k] || k, shown[k] ?? stored(v)]),
    ...(ch.sms ? [[ch.labels.sms || 'SMS phone', ch.sms] as [string, string]] : []),
    ...Object.entries(ch.consents).map(([k, v]): [string, string] => [ch.labels.consents[k] || k, v ? 'Yes' : 'No']),
  ];
  return rows.length
    ? `<dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`
    : '<p>No details besides the address itself.</p>';
};

/** A form posting `token` back to the confirm address, with its one button. */
const postBack = (token: string, label: string) =>
  `<form method="post" action="${PATH}"><input type="hidden" name="token" value="${esc(token)}">
<button type="submit">${esc(label)}</button></form>`;

/** The page a valid confirmation link opens: one button confirms. */
const confirmPage = (token: string, demo: boolean) =>
  resultPage(
    'Confirm your subscription',
    `<p>One step left: press the button to confirm that this address may receive our e-mails.</p>
${postBack(token, 'Confirm my subscription')}
<p class="muted">If you did not ask to subscribe, close this page: you will not be subscribed.</p>`,
    demo,
  );

/** The page a valid change link opens: the details entered, and the button that applies them. */
const changePage = (ch: Change, token: string, demo: boolean) =>
  resultPage(
    'Confirm the change',
    `<p>Someone, hopefully you, filled in our signup form with your address and these details. Nothing has
changed yet.</p>${details(ch)}
${postBack(token, 'Update my subscription')}
<p class="muted">If it was not you, close this page: your subscription stays as it is.</p>`,
    demo,
  );

const failed = (res: ServerResponse, reason: 'unknown' | 'expired' | 'used', demo: boolean): void => {
  const [title, text, status] =
    reason === 'expired'
      ? ['Link expired', 'This link has expired. Fill in the signup form again to get a new one.', 410]
      : reason === 'used'
        ? ['Link used', 'This link was used already, or a newer change replaced it. Nothing has changed.', 410]
        : ['Unknown link', 'This link is not valid. Check that you copied all of it.', 404];
  sendPage(res, resultPage(title, `<p>${esc(text)}</p>`, demo), { status });
};

/** Acts on `token`, with the welcome e-mail of a person confirmed just now, in one transaction. */
const act = (token: string, ctx: RouteContext): Promise<ConfirmOutcome> =>
  ctx.store.tx(async (q) => {
    const r = await confirmToken(q, token);
    if (r.ok && !r.already && r.email)
      await sendWelcome(q, ctx, r.listId, r.email, r.eid, await firstDemoKey(q, r.listId));
    return r;
  });

const done = (res: ServerResponse, r: ConfirmOutcome, demo: boolean): void => {
  if (!r.ok) {
    failed(res, r.reason, demo);
    return;
  }
  const [title, text] =
    r.kind === 'change'
      ? ['Subscription updated', 'Thank you: your subscription now has the details you confirmed.']
      : ['Subscription confirmed', 'Thank you: your subscription to our list has been confirmed.'];
  sendPage(res, resultPage(title, `<p>${esc(text)}</p>`, demo));
};

/** The token a change page posts back (a form of one field); null when the body is no such form. */
const postedToken = async (req: IncomingMessage): Promise<string | null> => {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] || '')) return null;
  const body = await readBody(req, MAX_BODY);
  return body === null ? null : new URLSearchParams(body).get('token') || '';
};

/**
 * Serves /subscribe/confirm: GET opens a link (the page of a confirmation or of a change), POST acts from that page.
 * The welcome e-mail a confirmation causes links to ctx.site.origin.
 */
export const confirmRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (url.pathname !== PATH) return false;
  const demo = ctx.site.mode === 'demo';
  if (req.method === 'POST') {
    const token = await postedToken(req);
    if (token === null) sendText(res, 400, 'Bad Request');
    else if (!TOKEN.test(token)) failed(res, 'unknown', demo);
    else done(res, await act(token, ctx), demo);
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const token = url.searchParams.get('token') || '';
  // HEAD acts on nothing and shows nothing: a link is answered in full only to a GET.
  if (req.method !== 'GET' || !TOKEN.test(token)) {
    failed(res, 'unknown', demo);
    return true;
  }
  const v = await viewToken(ctx.store, token);
  if (v.kind === 'unknown') failed(res, 'unknown', demo);
  else if (v.state !== 'valid') failed(res, v.state, demo);
  else
    sendPage(res, v.kind === 'subscribe' ? confirmPage(token, demo) : changePage(v.change, token, demo), {
      policy: { form: ["'self'"] },
    });
  return true;
};
