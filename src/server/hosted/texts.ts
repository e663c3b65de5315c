/**
 * The hosted page's own texts (issue 35 items 1 and 5): each a key of the settings' `translations` (spec 3.2), beside
 * the validation messages, with English as the default, so a form in another language shows its page in it. The texts
 * the popup shows too (the sub-inputs' labels, the GDPR legend and link, the SMS acknowledgement, the honeypot's name)
 * default to the popup's own English (src/popup/form/texts.ts), so the two never drift apart.
 */
import { DEFAULT_BUTTON_LABEL } from '../../constants';
import { GDPR_INFO, GDPR_LEGEND, HONEYPOT_LABEL, REQUIRED, SMS_ACK_LABEL, SUB_LABELS } from '../../popup/form/texts';

/** Every text of the hosted page by its translation key, in English. */
export const HOSTED_TEXTS = {
  /** The page's title and heading. */
  hostedTitle: 'Subscribe',
  /** Before the title of a page that shows errors (WCAG 3.3.1: the title says so first). */
  hostedErrorTitle: 'Error',
  /** The note above a form with a required field: the star beside a label means required. */
  hostedRequiredNote: '* indicates required',
  /** The success page's heading (single opt-in) and its double opt-in one. */
  hostedThanksTitle: 'Thank you',
  hostedCheckInboxTitle: 'Check your inbox',
  /** The success page's link back to the form, to sign up another address. */
  hostedBack: 'Back to the signup form',
  /** The page's meta description when the form has no description of its own. */
  hostedMetaDescription: 'Sign up for our e-mail newsletter.',
  /** The submit button when the settings give no buttonLabel (spec 9.4). */
  subscribe: DEFAULT_BUTTON_LABEL,
  /** What a required group's legend says to screen readers beside the star (the popup's REQUIRED, trimmed). */
  groupRequired: REQUIRED.trim(),
  gdprLegend: GDPR_LEGEND,
  gdprInfo: GDPR_INFO,
  smsAck: SMS_ACK_LABEL,
  honeypotLabel: HONEYPOT_LABEL,
  labelAddr2: SUB_LABELS.addr2,
  labelCity: SUB_LABELS.city,
  labelState: SUB_LABELS.state,
  labelZip: SUB_LABELS.zip,
  labelCountry: SUB_LABELS.country,
  labelMonth: SUB_LABELS.month,
  labelDay: SUB_LABELS.day,
  labelYear: SUB_LABELS.year,
  labelArea: SUB_LABELS.area,
  labelDetail1: SUB_LABELS.detail1,
  labelDetail2: SUB_LABELS.detail2,
};

/** A key of `HOSTED_TEXTS`. */
export type HostedKey = keyof typeof HOSTED_TEXTS;

/** The texts of one form: its translation of each key, else the English. */
export type Texts = (key: HostedKey) => string;

/** The texts of a form whose translations are `t` (the non-empty strings of the settings' `translations`). */
export const textsOf =
  (t: Record<string, string>): Texts =>
  (key) =>
    t[key] || HOSTED_TEXTS[key];

/** The label of sub-input `key` (an address line, a date part, a phone part; spec 3.5), '' for none. */
export const subLabel = (texts: Texts, key: string): string => {
  const k = `label${key[0]?.toUpperCase()}${key.slice(1)}`;
  return k in HOSTED_TEXTS ? texts(k as HostedKey) : '';
};
