/**
 * The local mailbox (issue 5): the e-mails of the outbox (double opt-in confirmations, changes proposed for members,
 * welcomes), sent over SMTP when SMTP_URL is set (docs/decisions/outbox-queue.md, src/server/mail/) and shown here
 * either way, newest first, and the links they carry (src/server/pages/confirm.ts). The mailbox exists in demo mode
 * only (issue 13 item 1): it lets whoever reads it confirm anyone's subscription.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readMailbox, type Mail } from '../db/outbox';
import { sendPage } from '../http/respond';
import type { RouteContext } from '../route';
import { esc, page } from './html';

/** The mailbox's own styles (no style attribute: the page's CSP has no 'unsafe-inline'). */
const CSS = `.mail{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:12px 0}
.mail h2{font-size:18px;margin:0 0 4px}.mail .meta{margin:0 0 8px}`;

/** A time of the mailbox, as UTC. */
const when = (iso: string): string =>
  `<time datetime="${esc(iso)}">${esc(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;

/** Where a mail is in the SMTP queue (docs/decisions/outbox-queue.md); nothing for a mail never tried (no SMTP_URL). */
const queueStatus = (m: Mail): string => {
  if (m.sent_at) return `<p class="muted meta">Sent over SMTP ${when(m.sent_at)}</p>`;
  if (m.failed_at) return `<p class="meta">Not sent, given up: ${esc(m.last_error || '')}</p>`;
  if (!m.attempts) return '';
  // Claimed: a process is sending it (or died doing so, and no other takes it before the lease ends).
  if (m.claim) return `<p class="meta">Sending (attempt ${m.attempts})</p>`;
  const why = esc(m.last_error || '');
  return `<p class="meta">Not sent yet: attempt ${m.attempts} failed (${why}); next attempt ${when(
    new Date(m.next_attempt_at).toISOString(),
  )}</p>`;
};

/** The mailbox page, its style element under `nonce`. */
export const mailboxPage = (mails: Mail[], nonce: string): string =>
  page(
    'Mailbox',
    `<main><h1>Mailbox</h1>
<p class="muted">What the provider e-mails (over SMTP when SMTP_URL is set), newest first.
<a href="/demo">Demo host page</a> ·
<a href="/studio">Owner studio</a></p>
${mails.length ? '' : '<p>No e-mail yet. Subscribe with the double opt-in demo form to get a confirmation e-mail.</p>'}
${mails
  .map(
    (m) => `<article aria-labelledby="m${m.id}" class="mail">
<h2 id="m${m.id}">${esc(m.subject)}</h2>
<p class="muted meta">To ${esc(m.to_addr)} · ${when(m.created_at)}</p>${queueStatus(m)}
<p>${esc(m.body)}</p><p><a href="${esc(m.link)}">${esc(m.link)}</a></p></article>`,
  )
  .join('\n')}</main>`,
    nonce,
    CSS,
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
