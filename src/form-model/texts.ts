/**
 * The built-in texts a visitor can meet, in the spec's English (spec 2.2, 3.5, 9.4), and how a form gives them in its
 * own language (issue 35 item 5): the settings' `translations` (spec 3.2) maps each English text to the form's, beside
 * the validation messages, which keep their keys (src/form-model/rules.ts). Keyed by the English itself, as gettext
 * does, so popup.js carries no table of keys (docs/decisions/languages.md). The popup, form-extras.js,
 * form-actions.js, the provider's answers and the hosted page all take their texts from here; the studio offers a box
 * for each (src/form-model/built-in-texts.ts).
 */
import { DEFAULT_SUCCESS_MSG } from '../constants';
import type { FormModel } from './form';

/** Accessible name of the honeypot input, which only bots see (spec 3.5). */
export const HONEYPOT_LABEL = 'Leave this field empty';
/**
 * What a required group's legend says to screen readers beside the star, which they skip. In brackets, so that it
 * reads apart from the label, and as a key of `translations` it is not the validation message 'required'.
 */
export const REQUIRED = '(required)';
/** The SMS opt-out (spec 2.2, 4.4). */
export const SMS_OPT_OUT = "No, I don't want texts";
/** The text-to-join link (spec 2.2). */
export const TTT_JOIN = 'Join via text';
/** The text-to-join panel's way back to the number input (spec 2.2). */
export const TTT_TYPE = 'Type number instead';
/** Label of the SMS acknowledgement when the settings give no legal text: a checkbox needs a name. */
export const SMS_ACK_LABEL = 'I agree to receive text messages at the number provided.';
/** Legend of the GDPR block when gdprLabel is empty: a group needs a name. */
export const GDPR_LEGEND = 'Marketing permissions';
/** Text of the link to the provider's GDPR information page (spec 2.2). */
export const GDPR_INFO = 'Learn more about our privacy practices.';
/** The success message of a double opt-in form whose settings give none: the address waits for its confirmation. */
export const CHECK_INBOX_MSG = 'Almost finished... please confirm your email address.';

/**
 * Visible labels of the sub-inputs, by key: the address inputs after the first, which carries the field's own label
 * (spec 3.5 reading (b)); the birthday, date and US phone parts (their placeholders are the type table's `PART_PH`).
 */
export const SUB_LABELS: Record<string, string> = {
  addr2: 'Address Line 2',
  city: 'City',
  state: 'State/Province/Region',
  zip: 'Postal / Zip Code',
  country: 'Country',
  month: 'Month',
  day: 'Day',
  year: 'Year',
  area: 'Area code',
  detail1: 'Phone prefix',
  detail2: 'Line number',
};

/** The hosted subscribe page's own texts (src/server/hosted/page.tsx); its title is the button's 'Subscribe'. */
export const HOSTED = {
  /** Before the title of a page that shows errors (WCAG 3.3.1: the title says so first). */
  error: 'Error',
  /** The note above a form with a required field: the star beside a label means required. */
  requiredNote: '* indicates required',
  /** The success page's heading, single and double opt-in. */
  thanks: 'Thank you',
  checkInbox: 'Check your inbox',
  /** The success page's link back to the form, to sign up another address. */
  back: 'Back to the signup form',
  /** The page's meta description when the form has no description of its own. */
  metaDescription: 'Sign up for our e-mail newsletter.',
};

/** A text in the language of the form whose translations are `t`: its translation, else the English. */
export const localize = (t: Record<string, string>, en: string): string => t[en] || en;

/**
 * The success message of a form (owner HTML): under double opt-in its doubleOptInSuccessMessage, which says to check
 * the inbox, else its successMsg (spec 3.2); the built-in one in the form's language when it has none. The provider's
 * answer, the hosted page's thanks and the popup's success when an answer carries no message all say it.
 */
export const successText = (m: Pick<FormModel, 'doubleOptIn' | 'doubleOptInMsg' | 'successMsg' | 'translations'>) =>
  m.doubleOptIn
    ? m.doubleOptInMsg || localize(m.translations, CHECK_INBOX_MSG)
    : m.successMsg || localize(m.translations, DEFAULT_SUCCESS_MSG);
