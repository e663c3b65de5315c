/**
 * The mailbox limit (docs/decisions/mailbox-limit.md): what one mailbox may be sent, from the whole provider. The
 * per-address limit (docs/decisions/rate-limits.md) counts a person on one list, and `victim+1@…`, `victim+2@…` are new
 * people to it: one client rotating tags across lists queued a confirmation mail to one inbox every few seconds. A
 * double opt-in sender that lets anyone aim its mail at a stranger's inbox loses its reputation, and then every owner's
 * mail goes to spam.
 *
 * Every mail the provider queues to an address (double opt-in confirmation, member-change confirmation, welcome:
 * mails.ts) counts against its mailbox in the store (rate_counters, shared by every process; the key hashed, no
 * address stored), in the transaction that queues it. Past the limit the mail is still written to the outbox, given
 * up at once with MAILBOX_HELD as its last_error (the owner sees why; the demo's /mailbox shows it), and the sender,
 * which takes only rows neither sent nor given up, never sends it. The signup itself is stored and answered exactly
 * as any other: the answer tells nobody that a mailbox is being flooded, nor that it exists.
 */
import { countHit, type Limit } from '../db/counters';
import { type NewMail, queueMail } from '../db/outbox';
import type { Queryable } from '../store/types';

/**
 * Mails one mailbox may be sent in a window of MAILBOX_WINDOW_MS, by default. A person signing up themselves needs
 * a confirmation, perhaps a second one when the first is slow to come, and a welcome, on a list or two: five covers
 * that, and nobody needs more in a day. A flood aimed at someone else's inbox delivers five, not hundreds.
 */
export const MAILBOX_DAILY_MAX = 5;
/** The window of the mailbox limit: a day (a fixed window, as every counter's: it starts at the first mail). */
export const MAILBOX_WINDOW_MS = 24 * 3_600_000;
/** The highest daily number the setting takes: beyond it the limit would protect nobody. */
const MAILBOX_MAX_CEILING = 1000;
/** The counter of the limit (src/server/db/counters.ts), keyed by the mailbox. */
const COUNTER = 'mailbox';
/** The last_error of a mail held back by the limit (the mailbox page: "Not sent, given up: …"), naming the setting. */
export const MAILBOX_HELD = 'the mailbox daily limit was reached (PROVIDER_MAILBOX_DAILY_MAX)';

/** Domains that are one mailbox provider under two names. */
const SAME_DOMAIN: Record<string, string> = { 'googlemail.com': 'gmail.com' };
/** Domains whose mailboxes ignore the dots of the local part. */
const DOTS_IGNORED = new Set(['gmail.com']);

/**
 * The mailbox an address delivers to, as the limit counts it: case-folded (no mail system of note tells JOHN from
 * john), the `+tag` of subaddressing dropped from the local part (john+1@ and john+2@ reach john@). Gmail's own
 * rules too: the dots of a gmail.com local part do not matter (j.o.h.n@ is john@) and googlemail.com is gmail.com.
 */
export const mailboxOf = (address: string): string => {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at < 0) return a;
  let local = a.slice(0, at);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  const domain = SAME_DOMAIN[a.slice(at + 1)] || a.slice(at + 1);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
};

const SETTING = 'PROVIDER_MAILBOX_DAILY_MAX';
const SAYS = `a number of mails a day to one mailbox from 1 to ${MAILBOX_MAX_CEILING}, or 0 or off to lift the limit`;

/** Whether `n` is a daily maximum the setting takes (0 lifts the limit). */
const valid = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MAILBOX_MAX_CEILING;

/**
 * PROVIDER_MAILBOX_DAILY_MAX: undefined when unset (the default applies), 0 for 0 or off (lifted), else the number;
 * throws, quoting the value, on anything else, and the provider does not start.
 */
export const mailboxMaxFromEnv = (env: NodeJS.ProcessEnv): number | undefined => {
  const raw = env[SETTING];
  const v = (raw || '').trim().toLowerCase();
  if (!v) return undefined;
  const n = v === 'off' ? 0 : /^\d{1,7}$/.test(v) ? Number(v) : NaN;
  if (!valid(n)) throw Error(`${SETTING} must be ${SAYS}, not ${JSON.stringify(raw?.slice(0, 40))}.`);
  return n;
};

/**
 * The mailbox limit of startProvider's `mailboxDailyMax` (when undefined, PROVIDER_MAILBOX_DAILY_MAX in `env`, else
 * MAILBOX_DAILY_MAX): null when lifted (0). Throws on a value the setting does not take, in either place (a wrong
 * environment value stops the start even when the option overrides it, as a wrong yes-or-no setting does).
 */
export const mailboxLimitOf = (max: number | undefined, env: NodeJS.ProcessEnv): Limit | null => {
  const fromEnv = mailboxMaxFromEnv(env);
  if (max !== undefined && !valid(max)) throw Error(`mailboxDailyMax must be ${SAYS}, not ${max}.`);
  const n = max ?? fromEnv ?? MAILBOX_DAILY_MAX;
  return n ? { max: n, windowMs: MAILBOX_WINDOW_MS } : null;
};

/**
 * Queues mail `m` in transaction `q`, counted against its mailbox under `limit` (null: not counted): past the limit
 * the row is written given up with MAILBOX_HELD, so that no sender takes it. Returns the row's id.
 */
export const queueToMailbox = async (
  q: Queryable,
  limit: Limit | null,
  m: NewMail,
  now = Date.now(),
): Promise<number> => {
  const over = !!limit && (await countHit(q, COUNTER, mailboxOf(m.to_addr), limit.windowMs, now)).hits > limit.max;
  return queueMail(q, m, over ? MAILBOX_HELD : null);
};
