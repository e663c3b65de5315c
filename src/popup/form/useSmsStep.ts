/**
 * The SMS step's own state (spec 4.4): the acknowledgement checkbox, the text-to-join panel and the ways out of it,
 * the opt-out. It comes with its view (Sms.tsx) in form-extras.js (src/popup/form/form-extras.ts), which a form with an
 * SMS field loads before its modal shows, so the form's state in popup.js (useSignupForm.ts) carries none of it for
 * the many forms without one (docs/decisions/fetched-when-needed.md).
 */
import { useState } from 'react';
import { TTT_CLOSE_MS } from '../../constants';
import { ACK_NAME } from '../../form-model/wire';
import type { Placement } from '../../form-model/place';
import type { Settings } from '../settings';
import type { FieldMarks } from './outcome';
import { withActions } from './with-actions';

/** What the SMS step's view and the submit read of its state, and the visitor's actions in it. */
export interface SmsStep {
  /** The acknowledgement is ticked (a required SMS field's legal text, spec 4.4). */
  ack: boolean;
  /** The text-to-join panel shows instead of the number input. */
  ttt: boolean;
  /** Ticks or unticks the acknowledgement, judging it as a required field. */
  setAck(v: boolean): void;
  /** 'No, I don't want texts': sends the e-mail step without the SMS phone; closes a form that has nothing else. */
  optOut(): void;
  /** 'Join via text' was followed: the modal closes after 1 s (spec 4.4). */
  join(): void;
  /** 'Type number instead': back to the number input. */
  typeNumber(): void;
  /** Back to the step's start, after a success. */
  reset(): void;
}

/** What the form's state lends the SMS step. */
export interface SmsHost {
  s: Settings;
  pl: Placement;
  mobile: boolean;
  setMarks(f: (m: FieldMarks) => FieldMarks): void;
  /** Sends the form; `withSms` false leaves the SMS phone out. */
  send(withSms: boolean): void;
  close(): void;
  later(f: () => void, ms: number): void;
}

/** The SMS step's state: called by the form's state on every render of a form with an SMS field. */
export const useSmsStep = ({ s, pl, mobile, setMarks, send, close, later }: SmsHost): SmsStep => {
  const [typed, setTyped] = useState(false);
  const [ack, setAck] = useState(false);
  return {
    ack,
    // Text-to-join (spec 4.4): useTtt, a mobile view, a number to text (Sms.tsx tttHref), until 'Type number instead'.
    ttt: s.ttt && mobile && !typed && /[\d+]/.test(s.smsTransportNumber),
    setAck: (v) => {
      setAck(v);
      withActions((a) => setMarks((m) => ({ ...m, [ACK_NAME]: v || a.ruleMessage('required', s.translations) })));
    },
    optOut: () => (pl.main.length ? send(false) : close()),
    join: () => later(close, TTT_CLOSE_MS),
    typeNumber: () => setTyped(true),
    reset: () => {
      setAck(false);
      setTyped(false);
    },
  };
};
