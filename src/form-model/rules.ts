/**
 * The validation rules of spec 5, pure: no DOM, no settings. The type table (src/form-model/types.ts) gives each field
 * type its rule; the popup form runs them on blur and on submit, the provider on the decoded query (src/server/), so
 * the two can never disagree.
 *
 * A field's values are a `Parts` map: the single input's value under '' (text, e-mail, number, URL, select, radio,
 * SMS phone, plain phone, consent), the sub-inputs under their sub-keys (birthday, date, US phone, address: the
 * table's `parts`), and for a checkbox group one key per checked choice value.
 */
import { isEmpty, type Parts } from './parts';

/** The translation key of a validation message (spec 5.3). 'smsphone' exists but is never produced (spec 5.2). */
export type ErrorKey = 'required' | 'email' | 'phone' | 'url' | 'number' | 'birthday' | 'date' | 'address' | 'smsphone';

/** English defaults of every message, used when `translations` has no text for the key (spec 5.3). */
export const DEFAULT_MESSAGES: Record<ErrorKey, string> = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  url: 'Please enter a valid URL.',
  number: 'Please enter a valid number.',
  birthday: 'Please enter a valid month and day.',
  date: 'Please enter a valid date.',
  address: 'Please enter a complete address.',
  smsphone: 'Please enter a valid phone number.',
};

const DIGITS = /^\d+$/;
/** Label of a domain: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen (spec 5.2). */
const LABEL = '[a-z\\d](?:[a-z\\d-]{0,61}[a-z\\d])?';
const EMAIL = RegExp(`^[\\w.!#$%&'*+/=?^\`{|}~-]+@${LABEL}(?:\\.${LABEL})*$`, 'i');
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
// A domain name needs a dot and a top-level label of two or more letters (any letter, so IDNs pass); a bare word such
// as 'localhost' is not a host a visitor's website has.
const HOST =
  `(?:${OCTET}(?:\\.${OCTET}){3}|` +
  '(?:[a-z\\d\\u00a1-\\uffff](?:[a-z\\d\\u00a1-\\uffff-]{0,61}[a-z\\d\\u00a1-\\uffff])?\\.)+' +
  '[a-z\\u00a1-\\uffff]{2,63})';
const URL_RE = RegExp(`^(?:https?|s?ftp)://(?:[^\\s:@/]+(?::[^\\s@/]*)?@)?${HOST}(?::(\\d{1,5}))?(?:[/?#]\\S*)?$`, 'i');

/** Whether `v` is an e-mail address under the pattern of spec 5.2. */
export const isEmail = (v: string): boolean => EMAIL.test(v);

/**
 * Whether `v` is an http, https, ftp or sftp URL with an IPv4 or domain host and an optional port
 * 1-65535 (spec 5.2). The check itself is `RULES.url`, so that a bundle carries no wrapper around it.
 */
export const isUrl = (v: string): boolean => RULES.url({}, v);

/** Whether `v` is digits only (spec 5.2 'Number'). */
export const isDigits = (v: string): boolean => DIGITS.test(v);

/** Whether `v` is digits only, as a number within lo..hi. */
const inRange = (v: string | undefined, lo: number, hi: number): boolean =>
  !!v && DIGITS.test(v) && +v >= lo && +v <= hi;

/** US phone parts: digits of exactly 3, 3 and 4 characters (spec 5.2). */
export const isUsPhone = (p: Parts): boolean =>
  /^\d{3}$/.test(p.area) && /^\d{3}$/.test(p.detail1) && /^\d{4}$/.test(p.detail2);

/** Birthday: month 1-12 and day 1-31, digits only (spec 5.2). */
export const isBirthday = (p: Parts): boolean => inRange(p.month, 1, 12) && inRange(p.day, 1, 31);

/** Date: year 1-9999, month 1-12 and day 1-31, digits only (spec 5.2). */
export const isDate = (p: Parts): boolean => inRange(p.year, 1, 9999) && isBirthday(p);

/** Address: address line 1, city, state and zip non-empty and a country selected (spec 5.2); line 2 is optional. */
export const isAddress = (p: Parts): boolean =>
  ['addr1', 'city', 'state', 'zip', 'country'].every((k) => !!(p[k] || '').trim());

/** ZIP code: 5 digits or 5-4 (spec 5.3). Present for parity with the original; not applied to any field. */
export const isZip = (v: string): boolean => /^\d{5}(-\d{4})?$/.test(v);
/** At least `n` characters (spec 5.3). Present; not applied. */
export const minLength = (v: string, n: number): boolean => v.length >= n;
/** At most `n` characters (spec 5.3). Present; not applied (the 5.4 limits are input maxlength attributes). */
export const maxLength = (v: string, n: number): boolean => v.length <= n;

/** The rules of spec 5.2 a field type can add to the required check, named by their message key. */
export type RuleKey = 'email' | 'phone' | 'url' | 'number' | 'birthday' | 'date' | 'address';

/**
 * Each rule's check: whether a non-blank value passes (`p` every part, `v` the single input's trimmed value). The type
 * table names a type's rule (src/form-model/types.ts); types without one always pass (text, SMS phone, choices).
 */
export const RULES: Record<RuleKey, (p: Parts, v: string) => boolean> = {
  // The patterns themselves, not isEmail and isDigits: a bundle then carries no wrapper around each.
  email: (_, v) => EMAIL.test(v),
  number: (_, v) => DIGITS.test(v),
  url: (_, v) => {
    const m = URL_RE.exec(v);
    return !!m && (!m[1] || (+m[1] > 0 && +m[1] < 65536));
  },
  phone: isUsPhone,
  birthday: isBirthday,
  date: isDate,
  address: isAddress,
};

/**
 * Validates one field's posted values (spec 5.2). Returns null when valid, else the key of the first error, which
 * the caller turns into text with `message`. A blank optional field is valid; a blank required one is 'required';
 * a non-blank one must pass its type's rule (src/form-model/types.ts), a multi-part field as a whole.
 */
export const validate = (f: { required: boolean; row: { rule?: RuleKey } }, p: Parts): ErrorKey | null => {
  if (isEmpty(p)) return f.required ? 'required' : null;
  const r = f.row.rule;
  return !r || RULES[r](p, (p[''] || '').trim()) ? null : r;
};

/**
 * The text of an error: the form's translation for the key (the non-empty strings of the settings' `translations`,
 * src/form-model/form.ts), else English (spec 5.3).
 */
export const message = (key: ErrorKey, translations: Record<string, string> = {}): string =>
  translations[key] || DEFAULT_MESSAGES[key];

/**
 * The translation key of a text only the provider's own checks produce (src/server/subscribe/collect.ts, routes.ts),
 * each a key of the settings' `translations` beside the rules' (spec 3.2), so that a form answers in its own language:
 * - 'maxlength': a value longer than the store keeps (src/constants.ts MERGE_VALUE_MAX; spec 5.3's maximum length,
 *   applied by the store alone), or a part longer than its input allows (spec 5.4, a hand-made submit). The popup's
 *   inputs and rules let such a value through, so the popup shows the provider's text under the field (spec 8 step 4):
 *   the one text both show, the form's translation when it has one.
 * - 'choice': a select's, dropdown's or radio's value that is none of its choices (a hand-made submit), under the
 *   field.
 * - 'fixFields': the flash message of a submit refused for its fields (spec 8 step 2).
 * - 'gdpr': the refusal for want of consent (a gdpr_error, spec 3.6), shown twice: the flash and the GDPR block
 *   (spec 8 steps 2 and 3).
 * - 'captcha': a form-post-json on a form that needs the human check of the captcha path (spec 4.5 step 2).
 */
export type StoreErrorKey = 'maxlength' | 'choice' | 'fixFields' | 'gdpr' | 'captcha';

/**
 * English defaults of those messages, used when `translations` has no text for the key. Apart from DEFAULT_MESSAGES,
 * which form-actions.js carries for the popup's own rules: none of these bytes ship in a popup bundle.
 */
export const STORE_MESSAGES: Record<StoreErrorKey, string> = {
  maxlength: 'This value is too long.',
  choice: 'Please choose one of the options.',
  fixFields: 'Please fix the highlighted fields and try again.',
  gdpr: 'Please select at least one way you would like to hear from us.',
  captcha: 'Please complete the human check to subscribe.',
};

/**
 * Whether `key` of `translations` is a validation message's (DEFAULT_MESSAGES, STORE_MESSAGES); every other key is a
 * built-in text's English (src/form-model/texts.ts).
 */
export const isMessageKey = (key: string): boolean =>
  Object.hasOwn(DEFAULT_MESSAGES, key) || Object.hasOwn(STORE_MESSAGES, key);

/** The text of a store check's error: the form's translation for the key, else English (as `message`). */
export const storeMessage = (key: StoreErrorKey, translations: Record<string, string> = {}): string =>
  translations[key] || STORE_MESSAGES[key];

/** The first error of a field's values as text (translation or English), '' when valid (spec 4.7, 5). */
export const errorText = (
  f: { required: boolean; row: { rule?: RuleKey } },
  p: Parts,
  translations?: Record<string, string>,
): string => {
  const k = validate(f, p);
  return k ? message(k, translations) : '';
};
