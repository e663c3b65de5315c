/**
 * The hosted page's texts (issue 35 items 1 and 5): every built-in text in the form's language, from the settings'
 * `translations` keyed by the English (src/form-model/texts.ts), the texts the popup shows too by the same keys, so
 * one translation serves both and the two never drift apart.
 */
import { localize, SUB_LABELS } from '../../form-model/texts';

/** The texts of one form: its translation of an English text, else the English. */
export type Texts = (en: string) => string;

/** The texts of a form whose translations are `t` (the non-empty strings of the settings' `translations`). */
export const textsOf =
  (t: Record<string, string>): Texts =>
  (en) =>
    localize(t, en);

/** The label of sub-input `key` (an address line, a date part, a phone part; spec 3.5), '' for none. */
export const subLabel = (texts: Texts, key: string): string => (SUB_LABELS[key] ? texts(SUB_LABELS[key]) : '');
