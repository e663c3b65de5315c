/**
 * The SMS step's own parts (spec 2.2, 4.4, 5.5): the SMS phone input or, on a mobile view with useTtt, the
 * text-to-join panel; the program image; the legal text, as the required acknowledgement checkbox when the SMS field
 * is required; the opt-out 'No, I don't want texts', hidden when it is required (src/form-model/place.ts `ack`).
 */
import { useEffect, useState } from 'react';
import { TTT_BODY } from '../../constants';
import { ACK_NAME, ACK_VALUE } from '../../form-model/wire';
import { Html } from '../html/Html';
import { safeUrl } from '../html/policy';
import { Single } from './inputs';
import { SMS_ACK_LABEL, SMS_OPT_OUT, TTT_JOIN, TTT_TYPE } from '../../form-model/texts';
import type { ViewProps } from './useSignupForm';

/**
 * The text-to-join address: sms: to the transport number (its digits and +) with body SIGNUP (spec 2.2, 9.3); ''
 * without a number, when the form shows no panel.
 */
export const tttHref = (number: string): string => {
  const n = number.replace(/[^\d+]/g, '');
  return n ? `sms:${n}?&body=${TTT_BODY}` : '';
};

const ACK_ERR = 'mc-sms-ack-err';

/**
 * The SMS step body, a view of the form's state (src/popup/form/useSignupForm.ts): 'Join via text' closes the modal
 * after 1 s, 'Type number instead' (and the opt-out while the panel shows) goes back to the input (spec 4.4).
 */
export const Sms = ({
  f: { s, pl, fieldProps, sms, marks, busy, moved, form },
  number,
}: ViewProps & { number: string }) => {
  const { ttt, ack, setAck, join, typeNumber, optOut } = sms!;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step shows (the view mounts with it)
  useEffect(() => {
    // Into the SMS step after Continue: focus its first control, so keyboard and screen-reader users follow.
    const root = form.current;
    if (moved.current && root) (root.querySelector<HTMLElement>('.mc-sms input,.mc-sms a') || root).focus();
  }, []);
  // 'Type number instead' or the opt-out takes the panel away: focus goes to the input that replaces it, not to the
  // frame's body with the button that had it (WCAG 2.4.3).
  const [panel] = useState(ttt);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the panel goes, not on every render
  useEffect(() => {
    if (panel && !ttt) form.current!.querySelector<HTMLElement>('.mc-sms input')!.focus();
  }, [ttt]);
  const field = fieldProps(pl.sms!);
  const mark = marks[ACK_NAME];
  const ackErr = typeof mark === 'string' ? mark : '';
  const f = field.f;
  return (
    <div className="mc-sms">
      {ttt ? (
        <div className="mc-ttt">
          <a className="mc-ttt-join" href={tttHref(number)} target="_parent" onClick={join}>
            {s.localized(TTT_JOIN)}
          </a>
          <button type="button" className="mc-ttt-type" onClick={typeNumber}>
            {s.localized(TTT_TYPE)}
          </button>
        </div>
      ) : (
        <Single {...field} />
      )}
      {f.smsImg && safeUrl(f.smsImg, false) && <img className="mc-sms-img" src={f.smsImg} alt="" />}
      {pl.ack ? (
        <div className={'mc-choice mc-sms-ack' + (ackErr ? ' mc-invalid' : '')}>
          <input
            id={ACK_NAME}
            name={ACK_NAME}
            type="checkbox"
            value={ACK_VALUE}
            checked={ack}
            onChange={(e) => setAck(e.currentTarget.checked)}
            aria-required="true"
            aria-invalid={ackErr ? 'true' : undefined}
            aria-describedby={ackErr ? ACK_ERR : undefined}
          />
          <label htmlFor={ACK_NAME}>
            {f.legalRequired ? <Html tag="span" html={f.legalRequired} /> : s.localized(SMS_ACK_LABEL)}
          </label>
          <div id={ACK_ERR} className="mc-error" aria-live="polite">
            {ackErr}
          </div>
        </div>
      ) : (
        <>
          {f.legalOptional && <Html className="mc-sms-legal" html={f.legalOptional} />}
          <button type="button" className="mc-optout" aria-disabled={busy} onClick={ttt ? typeNumber : optOut}>
            {s.localized(SMS_OPT_OUT)}
          </button>
        </>
      )}
    </div>
  );
};
