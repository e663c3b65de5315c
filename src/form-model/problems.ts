/**
 * The pieces the form model's checks are made of (src/form-model/check.ts, check-fields.ts, check-style.ts): the
 * problem list, how a raw value is shown in a message, and the readers that say whether a value is written in a form
 * the popup reads as the owner meant it. Pure; none throws, whatever JSON it is given.
 */
import { nameOf } from './names';
import { str } from './raw';
import { httpUrl } from './style';

/** What the popup would refuse or misread: where (`fields[2].choices`, `styles.button.color`) and why. */
export interface Problem {
  path: string;
  message: string;
}

/** Adds a problem at `path`. */
export const add = (out: Problem[], path: string, message: string): void => {
  out.push({ path, message });
};

/** A raw value as a message shows it: quoted, its JSON when it is not text, cut to 40 characters. */
export const shown = (v: unknown): string => {
  let s: string;
  try {
    s = typeof v === 'string' ? v : JSON.stringify(v) || typeof v;
  } catch {
    s = typeof v;
  }
  const chars = [...s];
  return '"' + (chars.length > 40 ? chars.slice(0, 39).join('') + '…' : s) + '"';
};

/** A number written as one (a finite number, or digits in a string), as the popup's readers take it; else null. */
export const numberOf = (v: unknown): number | null =>
  typeof v === 'number'
    ? Number.isFinite(v)
      ? v
      : null
    : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v)
      ? +v
      : null;

/** A number as a message writes it: 2,147,483. */
export const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * A Y/N flag in a form `yes` reads as meant (src/form-model/raw.ts; spec 3.2): a boolean, 0 or 1, or Y, N, yes, no,
 * true, false, 1, 0 in any case. Anything else reads as N, which the owner may not have meant.
 */
export const isFlag = (v: unknown): boolean =>
  v == null ||
  typeof v === 'boolean' ||
  v === 0 ||
  v === 1 ||
  (typeof v === 'string' && /^(y|n|yes|no|true|false|1|0)$/i.test(v.trim()));

/** Length in characters as a person counts them (an emoji is one). */
export const chars = (s: string): number => [...s].length;

/**
 * Checks a text setting: text (a number reads as its digits), at most `max` characters, and for a `plain` one (a
 * label the popup shows as text) no markup, which would show as typed. Absent is fine.
 */
export const checkText = (
  out: Problem[],
  path: string,
  v: unknown,
  max: number,
  plain: boolean,
  name = nameOf(path),
): void => {
  if (v == null) return;
  if (typeof v !== 'string' && typeof v !== 'number') {
    add(out, path, `${name} must be text, not ${shown(v)}.`);
    return;
  }
  const s = str(v);
  if (chars(s) > max)
    add(out, path, `${name} is ${fmt(chars(s))} characters long: keep it to ${fmt(max)}${WHY[max] || ''}.`);
  if (plain && /<[a-z!/]/i.test(s))
    add(out, path, `${name} is plain text: the popup shows markup such as ${shown(/<[^>]*>?/.exec(s)![0])} as typed.`);
};

/**
 * Longest label (button, close, continue, banner and GDPR labels, a field's or choice's label): beyond it a label
 * wraps into a paragraph inside a button or beside a box, four lines and more at a phone's 320 px.
 */
export const LABEL_MAX = 100;

/**
 * Longest rich text (description, footer, banner description, success messages, GDPR and SMS legal texts): a popup is
 * read at a glance, and 5,000 characters is some 800 words, screens of scrolling inside the frame on a phone; every
 * visitor downloads each of them with the settings before the popup shows.
 */
export const RICH_MAX = 5000;

/** Longest help text under a field and validation message: one line or two under an input. */
export const HELP_MAX = 500;

/** Why each cap, as a message ends. */
const WHY: Record<number, string> = {
  [LABEL_MAX]: ', or it wraps to a paragraph inside its button or beside its box',
  [RICH_MAX]: ': a popup is read at a glance, and every visitor downloads it before the popup shows',
};

/**
 * An image or link address the popup uses once the provider has sent it: http(s) or protocol-relative (style.ts
 * `httpUrl`), or a path on this provider (`/…`), which the provider turns into its own address in the settings it sends
 * (src/server/subscribe/routes.ts `forVisitor`: the demo forms' images are such paths).
 */
export const providerUrl = (v: unknown): boolean =>
  !!httpUrl(v) || (typeof v === 'string' && /^\/(?!\/)[^\s"'<>]*$/.test(v));

/** The message of an address `providerUrl` refuses. */
export const urlMessage = (name: string, v: unknown): string =>
  `${name} must be an https:// or http:// address, a //host/… address or a path on this provider (/…), ` +
  `not ${shown(v)}: the popup shows no other.`;
