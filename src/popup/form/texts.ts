/**
 * The form's fixed interface texts (spec 2.2, 3.5, 4.4). The settings give the labels an owner can change
 * (buttonLabel, continueLabel, field labels, translations); these are the ones the spec fixes.
 */

/**
 * Visible labels of the sub-inputs, by key: the address inputs after the first, which carries the field's own label
 * (spec 3.5 reading (b)); the birthday, date and US phone parts (placeholders MM, DD and YYYY, where spec 3.5 gives
 * them, are the type table's: src/form-model/types.ts).
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

/**
 * What a required group's legend says to screen readers beside the star, which they skip (extra-inputs.tsx Group);
 * its leading space parts it from the label in the group's name.
 */
export const REQUIRED = ' required';
/** The SMS opt-out (spec 2.2, 4.4). */
export const SMS_OPT_OUT = "No, I don't want texts";
/** The text-to-join link (spec 2.2). */
export const TTT_JOIN = 'Join via text';
/** The text-to-join panel's way back to the number input (spec 2.2). */
export const TTT_TYPE = 'Type number instead';
/** Legend of the GDPR block when gdprLabel is empty: a group needs a name. */
export const GDPR_LEGEND = 'Marketing permissions';
/** Text of the link to the provider's GDPR information page (spec 2.2). */
export const GDPR_INFO = 'Learn more about our privacy practices.';
/** Accessible name of the honeypot input, which only bots see (spec 3.5). */
export const HONEYPOT_LABEL = 'Leave this field empty';
/** Label of the SMS acknowledgement when the settings give no legal text: a checkbox needs a name. */
export const SMS_ACK_LABEL = 'I agree to receive text messages at the number provided.';
