/**
 * Field definitions of the demo forms, in the shape of spec 3.4: type, name, label, required, helper_text, merge_id,
 * choices, dateformat, phoneformat, marketing_preference_id, legal, smsProgramData. merge_id 0 is the e-mail, as in
 * the provider this mirrors; names are the merge tags the posted inputs are named after (spec 3.5).
 */

/** A field definition as the settings carry it (spec 3.4). */
export type SeedField = Record<string, unknown> & { type: string; name: string; merge_id: number };

/** The e-mail field every e-mail form has. */
export const EMAIL: SeedField = {
  type: 'email',
  name: 'EMAIL',
  label: 'Email Address',
  required: true,
  helper_text: '',
  merge_id: 0,
};

/** An optional first name (type text). */
export const FNAME: SeedField = {
  type: 'text',
  name: 'FNAME',
  label: 'First Name',
  required: false,
  helper_text: '',
  merge_id: 1,
};

/** A required last name, for the templates that show a two-field form. */
export const LNAME: SeedField = {
  type: 'text',
  name: 'LNAME',
  label: 'Last Name',
  required: true,
  helper_text: '',
  merge_id: 2,
};

const choices = (...labels: string[]) => labels.map((label) => ({ value: label, label }));

/** One field of every type but SMS phone (which makes a form two-step, so it has its own form). */
export const EVERY_TYPE: SeedField[] = [
  EMAIL,
  FNAME,
  {
    type: 'address',
    name: 'ADDRESS',
    label: 'Address',
    required: true,
    helper_text: 'Where should we send the catalogue?',
    merge_id: 3,
  },
  {
    type: 'birthday',
    name: 'BIRTHDAY',
    label: 'Birthday',
    required: false,
    helper_text: '',
    merge_id: 4,
    dateformat: 'MM/DD',
  },
  {
    type: 'date',
    name: 'DATE',
    label: 'Anniversary',
    required: false,
    helper_text: '',
    merge_id: 5,
    dateformat: 'DD/MM/YYYY',
  },
  {
    type: 'phone',
    name: 'PHONE',
    label: 'Phone Number',
    required: false,
    helper_text: '(###) ###-####',
    merge_id: 6,
    phoneformat: 'US',
  },
  {
    type: 'phone',
    name: 'MOBILE',
    label: 'Mobile (any country)',
    required: false,
    helper_text: '',
    merge_id: 7,
    phoneformat: 'none',
  },
  { type: 'number', name: 'AGE', label: 'Age', required: false, helper_text: 'Digits only', merge_id: 8 },
  { type: 'url', name: 'WEBSITE', label: 'Website', required: false, helper_text: '', merge_id: 9 },
  {
    type: 'dropdown',
    name: 'PLAN',
    label: 'Plan',
    required: true,
    helper_text: '',
    merge_id: 10,
    choices: choices('Free', 'Standard', 'Premium'),
  },
  {
    type: 'select',
    name: 'SIZE',
    label: 'T-shirt size',
    required: false,
    helper_text: '',
    merge_id: 11,
    choices: choices('S', 'M', 'L', 'XL'),
  },
  {
    type: 'radio',
    name: 'FREQ',
    label: 'How often?',
    required: true,
    helper_text: 'Pick one',
    merge_id: 12,
    choices: choices('Weekly', 'Monthly'),
  },
  {
    type: 'checkbox',
    name: 'TOPICS',
    label: 'Topics',
    required: false,
    helper_text: 'Pick any',
    merge_id: 13,
    group_id: 1,
    choices: [
      { value: '1', label: 'News' },
      { value: '2', label: 'Offers' },
      { value: '4', label: 'Events' },
    ],
  },
  { type: 'text', name: 'COMPANY', label: 'Company', required: false, helper_text: '', merge_id: 14 },
];

/** The SMS phone field of the SMS form (spec 3.4 smsProgramData, legal; 5.5: required adds the acknowledgement). */
export const SMSPHONE: SeedField = {
  type: 'smsphone',
  name: 'SMSPHONE',
  label: 'SMS Phone Number',
  required: true,
  helper_text: '',
  merge_id: 15,
  legal: {
    required:
      'By providing your phone number, you agree to receive promotional and marketing messages, notifications, ' +
      'and customer service communications. Message and data rates may apply. Consent is not a condition of ' +
      'purchase. Message frequency varies. Text HELP for help. Text STOP to cancel.',
    optional: 'Leave this blank if you do not want texts. Message and data rates may apply. Text STOP to cancel.',
  },
  smsProgramData: [
    {
      imgSrc: '/demo/assets/flag-us.svg',
      countryCode: 'US',
      requiredTemplate: 'I agree to receive texts from Demo Goods at the number provided. Msg & data rates may apply.',
      optionalTemplate: 'Texts from Demo Goods are optional. Msg & data rates may apply.',
    },
  ],
};

/** GDPR marketing permissions (spec 3.4 marketing_preference_id), posted under their own names (spec 3.5). */
export const GDPR_FIELDS: SeedField[] = [
  {
    type: 'checkbox',
    name: 'gdpr[101]',
    label: 'Email',
    required: false,
    helper_text: '',
    merge_id: 101,
    marketing_preference_id: 101,
  },
  {
    type: 'checkbox',
    name: 'gdpr[102]',
    label: 'Direct Mail',
    required: false,
    helper_text: '',
    merge_id: 102,
    marketing_preference_id: 102,
  },
  {
    type: 'checkbox',
    name: 'gdpr[103]',
    label: 'Customized Online Advertising',
    required: false,
    helper_text: '',
    merge_id: 103,
    marketing_preference_id: 103,
  },
];
