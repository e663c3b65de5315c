/**
 * The local mailbox (issue 5): the e-mails the provider would have sent (double opt-in confirmations, welcomes),
 * newest first, and the confirmation link they carry, and the confirmation link's own route. The mailbox exists in
 * demo mode only (issue 13 item 1): it lets whoever reads it confirm anyone's subscription.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readMailbox, type Mail } from '../db/outbox';
import { confirmSubscriber } from '../db/subscribers';
import { sendPage } from '../http/respond';
import type { RouteContext } from '../route';
import { sendWelcome } from '../subscribe/mails';
import { firstDemoKey } from '../db/forms';
import { esc, page } from './html';

/** The mailbox's own styles (no style attribute: the page's CSP has no 'unsafe-inline'). */
const CSS = `.mail{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:12px 0}
.mail h2{font-size:18px;margin:0 0 4px}.mail .meta{margin:0 0 8px}`;

/** The mailbox page, its style element under `nonce`. */
export const mailboxPage = (mails: Mail[], nonce: string): string =>
  page(
    'Mailbox',
    `<main><h1>Mailbox</h1>
<p class="muted">What the provider would have e-mailed, newest first. <a href="/demo">Demo host page</a> ·
<a href="/preview">Owner preview</a></p>
${mails.length ? '' : '<p>No e-mail yet. Subscribe with the double opt-in demo form to get a confirmation e-mail.</p>'}
${mails
  .map(
    (m) => `<article aria-labelledby="m${m.id}" class="mail">
<h2 id="m${m.id}">${esc(m.subject)}</h2>
<p class="muted meta">To ${esc(m.to_addr)} ·
<time datetime="${esc(m.created_at)}">${esc(m.created_at.replace('T', ' ').slice(0, 19))} UTC</time></p>
<p>${esc(m.body)}</p><p><a href="${esc(m.link)}">${esc(m.link)}</a></p></article>`,
  )
  .join('\n')}</main>`,
    nonce,
    CSS,
  );

/** A result page of the confirm link; the demo's pages are linked only where they exist. */
const confirmPage =
  (title: string, text: string, demo: boolean) =>
  (nonce: string): string =>
    page(
      title,
      `<main><h1>${esc(title)}</h1><p>${esc(text)}</p>
${demo ? '<p><a href="/demo">Back to the shop</a> · <a href="/mailbox">Mailbox</a></p>' : ''}</main>`,
      nonce,
    );

/** Serves /mailbox (demo mode only). */
export const mailboxRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (url.pathname !== '/mailbox' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const mails = await readMailbox(ctx.store);
  sendPage(res, (nonce) => mailboxPage(mails, nonce), { head: req.method === 'HEAD' });
  return true;
};

/** Serves the confirmation link /subscribe/confirm?token=…; the welcome e-mail it causes links to ctx.site.origin. */
export const confirmRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (url.pathname !== '/subscribe/confirm' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const demo = ctx.site.mode === 'demo';
  const token = url.searchParams.get('token') || '';
  // The confirmation and the welcome e-mail it causes commit together, as a submit's row and e-mail do.
  const r =
    /^[\da-f]{32}$/.test(token) && req.method === 'GET'
      ? await ctx.store.tx(async (q) => {
          const r = await confirmSubscriber(q, token);
          if (r.ok && !r.already && r.email)
            await sendWelcome(q, ctx.site, r.listId, r.email, r.eid, await firstDemoKey(q, r.listId));
          return r;
        })
      : ({ ok: false, reason: 'unknown' } as const);
  if (r.ok) {
    sendPage(
      res,
      confirmPage('Subscription confirmed', 'Thank you: your subscription to our list has been confirmed.', demo),
    );
  } else if (r.reason === 'expired') {
    sendPage(
      res,
      confirmPage('Link expired', 'This confirmation link has expired. Subscribe again to get a new one.', demo),
      { status: 410 },
    );
  } else {
    sendPage(
      res,
      confirmPage('Unknown link', 'This confirmation link is not valid. Check that you copied all of it.', demo),
      { status: 404 },
    );
  }
  return true;
};
