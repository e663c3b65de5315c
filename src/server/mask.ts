/**
 * E-mail addresses masked out of text bound for a log line or a stored error (team brief: no address in logs; issue
 * 32 item 3): the one masker of the request log's paths (src/server/http/log.ts), the handler's error lines
 * (src/server/app.ts) and SMTP replies and errors, in logs and in `outbox.last_error` (src/server/mail/config.ts
 * scrubAddresses).
 *
 * It masks more than the e-mail rule accepts (src/form-model/rules.ts: a local part of letters, digits and
 * . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -), never less: around every at sign, whatever is not a delimiter of
 * addresses in text (white space, < > ( ) [ ] " , ; : \), so any non-ASCII letter too; a quoted local part
 * ("john smith"@…) with the quotes; a domain literal (…@[192.0.2.1]); and an at sign percent-encoded once or more
 * (%40, %2540: a path or a URL quoted in a reply). An at sign alone is masked too: a log holds no '@' at all.
 */

/** What the mask puts in place of an address. */
export const ADDRESS_MASK = '[address]';

/** An at sign, plain or percent-encoded (any number of times: %40, %2540, %252540). */
const AT = /@|%(?:25)*40/g;

/** A character that ends a local part or a domain as text quotes addresses. */
const STOP = /[\s<>()[\]",;:\\@]/;

/** How far back a quoted local part may open: the rule's 64 characters, each escaped, and its quotes. */
const QUOTED_MAX = 2 * 64 + 2;

/** Where the quoted local part that closes at `close` (a '"') opens, not before `from`; -1 when it does not. */
const quoteOpening = (text: string, close: number, from: number): number => {
  const limit = Math.max(from, close - QUOTED_MAX);
  for (let i = close - 1; i >= limit; i--) {
    if (text[i] === '\n' || text[i] === '\r') return -1;
    if (text[i] !== '"') continue;
    // An escaped quote (\") is inside the quoted part: an odd number of backslashes before it.
    let slashes = 0;
    while (i - 1 - slashes >= limit && text[i - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 0) return i;
  }
  return -1;
};

/** `text` with every e-mail address (and every at sign) replaced by ADDRESS_MASK. */
export const maskAddresses = (text: string): string => {
  let out = '';
  /** text before `done` is in `out` already. */
  let done = 0;
  const at = new RegExp(AT.source, 'g');
  for (let m: RegExpExecArray | null; (m = at.exec(text)); ) {
    let start = m.index;
    let end = start + m[0].length;
    if (text[start - 1] === '"') {
      const open = quoteOpening(text, start - 1, done);
      if (open >= 0) start = open;
    }
    while (start > done && !STOP.test(text[start - 1])) start--;
    if (text[end] === '[') {
      const close = text.indexOf(']', end);
      if (close >= 0 && close - end <= QUOTED_MAX) end = close + 1;
    }
    while (end < text.length && !STOP.test(text[end])) end++;
    out += text.slice(done, start) + ADDRESS_MASK;
    done = end;
    at.lastIndex = end;
  }
  return done ? out + text.slice(done) : text;
};
