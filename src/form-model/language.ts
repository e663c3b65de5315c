/**
 * A form's language and direction (issue 35 item 5): the settings' `lang`, a language tag, and `dir`, 'ltr' or 'rtl'.
 * The popup's frames and the hosted page take them, so a screen reader reads the form in its language and a
 * right-to-left form reads right to left on any page; '' leaves each to the page the form is on (the host page's; the
 * hosted page's English, left to right). The studio's stage takes a tag of the same shape for the page it draws.
 */
import { str } from './raw';

/**
 * BCP 47's shape (a language of 2 to 8 letters, then subtags of 1 to 8 letters or digits: en, fr-CA, zh-Hant-TW,
 * ar-u-nu-latn), not its registry. Nothing else reaches the markup.
 */
export const LANG_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z\d]{1,8})*$/;
/** The longest tag taken (RFC 5646 4.4.1 asks implementations to handle at least 35 characters). */
export const LANG_MAX = 35;

/** The directions a form may set. */
export type Direction = '' | 'ltr' | 'rtl';

/** Whether `v` is a language tag this product takes. */
export const isLanguageTag = (v: string): boolean => v.length <= LANG_MAX && LANG_TAG.test(v);

/** The settings' `lang` when it is a language tag, else ''. */
export const languageOf = (v: unknown): string => (isLanguageTag(str(v)) ? str(v) : '');

/** The settings' `dir` when it is 'ltr' or 'rtl', else ''. */
export const directionOf = (v: unknown): Direction => {
  const d = str(v);
  return d === 'ltr' || d === 'rtl' ? d : '';
};

/**
 * Languages written right to left, by their primary subtag: Arabic, Hebrew (and its old code), Persian, Urdu, Pashto,
 * Yiddish, Dhivehi, Sorani Kurdish, Sindhi, Uyghur.
 */
const RIGHT_TO_LEFT = /^(ar|he|iw|fa|ur|ps|yi|dv|ckb|sd|ug)(-|$)/i;

/**
 * A form's direction: its `dir`, else its language's when it names one (right to left for the languages written so,
 * left to right for the others), else '' (the page's). The provider gives it to the popup (visitor.ts) and the hosted
 * page takes it, so an Arabic form without a `dir` reads right to left on an English page, and a French one left to
 * right on a Hebrew page.
 */
export const formDirection = (dir: unknown, lang: unknown): Direction => {
  const tag = languageOf(lang);
  return directionOf(dir) || (tag ? (RIGHT_TO_LEFT.test(tag) ? 'rtl' : 'ltr') : '');
};
