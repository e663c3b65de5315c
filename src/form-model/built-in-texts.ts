/**
 * The list of every built-in text (src/form-model/texts.ts), apart from the texts themselves so that no visitor's
 * bundle carries it: the owner's studio offers a box for each, and the tests check that each is translated where it
 * shows.
 */
import {
  BANNER_FRAME_TITLE,
  DEFAULT_BUTTON_LABEL,
  DEFAULT_CLOSE_LABEL,
  DEFAULT_CONTINUE_LABEL,
  DEFAULT_SUCCESS_MSG,
  EMAIL_PLACEHOLDER,
  FRAME_TITLE,
  SUBMIT_FAILED_MSG,
} from '../constants';
import {
  CHECK_INBOX_MSG,
  GDPR_INFO,
  GDPR_LEGEND,
  HONEYPOT_LABEL,
  HOSTED,
  REQUIRED,
  SMS_ACK_LABEL,
  SMS_OPT_OUT,
  SUB_LABELS,
  TTT_JOIN,
  TTT_TYPE,
} from './texts';
import { PART_PH } from './types';

/**
 * Every built-in text a visitor can meet, by where: the studio's boxes, and the tests that each is translated. The
 * banner's call to action says the button's 'Subscribe' (spec 9.4), and the hosted page's title too: one text.
 */
export const BUILT_IN_TEXTS: readonly (readonly [where: string, texts: readonly string[]])[] = [
  [
    'Popup',
    [
      DEFAULT_CLOSE_LABEL,
      DEFAULT_BUTTON_LABEL,
      DEFAULT_CONTINUE_LABEL,
      EMAIL_PLACEHOLDER,
      FRAME_TITLE,
      BANNER_FRAME_TITLE,
      SUBMIT_FAILED_MSG,
      HONEYPOT_LABEL,
    ],
  ],
  ['Fields', [REQUIRED, ...Object.values(SUB_LABELS), ...Object.values(PART_PH)]],
  ['SMS and GDPR', [SMS_OPT_OUT, TTT_JOIN, TTT_TYPE, SMS_ACK_LABEL, GDPR_LEGEND, GDPR_INFO]],
  ['Success', [DEFAULT_SUCCESS_MSG, CHECK_INBOX_MSG]],
  ['Hosted page', Object.values(HOSTED)],
];
