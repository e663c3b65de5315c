import { QUERY_CID, QUERY_EID } from '../../constants';
import type { Limit } from '../db/counters';
import { welcomeCampaignId } from '../seed/seed';
import type { Site } from '../site';
import type { Queryable } from '../store/types';
import { queueToMailbox } from './mailbox';

/**
 * What the mails need of the provider (a RouteContext has both): the Site their links point at (its origin, never a
 * request header; its mode for the welcome's link), and the mailbox limit every mail counts against
 * (docs/decisions/mailbox-limit.md, mailbox.ts; null when lifted).
 */
export interface Outbound {
  site: Pick<Site, 'origin' | 'mode'>;
  mailbox: Limit | null;
}

/** The double opt-in e-mail: its link confirms the subscriber (issue 5). */
export const sendConfirmation = async (
  store: Queryable,
  out: Outbound,
  listId: string,
  to: string,
  token: string,
): Promise<void> => {
  const link = `${out.site.origin}/subscribe/confirm?token=${token}`;
  await queueToMailbox(store, out.mailbox, {
    list_id: listId,
    to_addr: to,
    subject: 'Please confirm your subscription',
    body:
      'Someone, hopefully you, asked to join our mailing list with this address. Click the link to confirm. ' +
      'If it was not you, ignore this e-mail: you will not be subscribed.',
    link,
  });
};

/**
 * The e-mail to a person already on the list when their address is submitted again
 * (docs/decisions/members-never-overwritten.md): nothing of theirs changed; its link shows what was entered and applies
 * it (src/server/pages/confirm.ts). The body names no entered value: those are a stranger's words until the owner of
 * the address says otherwise.
 */
export const sendChangeConfirmation = async (
  store: Queryable,
  out: Outbound,
  listId: string,
  to: string,
  token: string,
): Promise<void> => {
  await queueToMailbox(store, out.mailbox, {
    list_id: listId,
    to_addr: to,
    subject: 'Please confirm the change to your subscription',
    body:
      'Someone, hopefully you, filled in our signup form with this address, which is on our list already. Nothing ' +
      'has changed yet: open the link to see the details they entered and to update your subscription with them. ' +
      'If it was not you, ignore this e-mail: your details stay as they are.',
    link: `${out.site.origin}/subscribe/confirm?token=${token}`,
  });
};

/**
 * The welcome e-mail, sent as the list's welcome campaign: its link carries mc_eid and mc_cid (spec 4.1), so
 * following it back to the site exercises is-email-subscribed, and the popup stays closed for a subscriber. In demo
 * mode it leads to the demo page of the form; in production, which has no demo page, to the public URL's root. It
 * names the list it welcomes to: an owner's own list, made without the seed, is not the demo's shop.
 */
export const sendWelcome = async (
  store: Queryable,
  out: Outbound,
  listId: string,
  to: string,
  eid: string,
  demoKey: string | null,
): Promise<void> => {
  const { site } = out;
  const demo = site.mode === 'demo';
  const list = await store.get<{ name: string }>('SELECT name FROM lists WHERE id = ?', [listId]);
  // One line: the name goes into the Subject header.
  const name = (list ? list.name : '').replace(/\s+/g, ' ').trim() || 'our list';
  const cid = welcomeCampaignId(listId);
  // The link's mc_cid must name a campaign of this list, or is-email-subscribed cannot know the subscriber (spec
  // 4.1): the seed makes the demo lists' welcome campaigns, this makes any other list's on its first welcome.
  await store.run(
    'INSERT INTO campaigns (id, list_id, subject, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    [cid, listId, `Welcome to ${name}`, new Date().toISOString()],
  );
  const q = new URLSearchParams({
    ...(demo && demoKey ? { form: demoKey } : {}),
    [QUERY_EID]: eid,
    [QUERY_CID]: cid,
  });
  await queueToMailbox(store, out.mailbox, {
    list_id: listId,
    to_addr: to,
    subject: `Welcome to ${name}`,
    body:
      `Thank you for subscribing to ${name}. This link takes you back to the site; ` +
      'as a subscriber you will not see the signup popup there.',
    link: `${site.origin}${demo ? '/demo' : '/'}?${q}`,
  });
};
