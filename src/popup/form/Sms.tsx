/**
 * The SMS step's own parts (spec 2.2, 4.4, 5.5): the SMS phone input or, on a mobile view with useTtt, the
 * text-to-join panel; the program image; the legal text, as the required acknowledgement checkbox when the SMS field
 * is required; the opt-out 'No, I don't want texts', hidden when it is required.
 */
import { SMS_ACK_NAME, TTT_BODY } from '../../constants';
import { Html } from '../html/Html';
import { safeUrl } from '../html/policy';
import type { Field } from './fields';
import type { FieldProps } from './inputs';
import { Single } from './inputs';
import { SMS_ACK_LABEL, SMS_OPT_OUT, TTT_JOIN, TTT_TYPE } from './texts';

/** The text-to-join address: sms: to the transport number with body SIGNUP (spec 2.2, 9.3); '' without a number. */
export const tttHref = (number: string): string => {
  const n = number.replace(/[^\d+]/g, '');
  return n ? `sms:${n}?&body=${TTT_BODY}` : '';
};

/** Props of `Sms`. */
export interface SmsProps {
  /** Props of the SMS phone field itself. */
  field: FieldProps;
  /** Show the text-to-join panel instead of the input. */
  ttt: string;
  ack: boolean;
  /** The acknowledgement's error, '' when none. */
  ackErr: string;
  setAck(v: boolean): void;
  busy: boolean;
  /** 'Join via text' was followed: the form closes the modal after 1 s (spec 4.4). */
  onJoin(): void;
  /** 'Type number instead', or the opt-out while the panel shows: back to the input (spec 4.4). */
  onType(): void;
  /** 'No, I don't want texts'. */
  onOptOut(): void;
}

const ACK_ERR = 'mc-sms-ack-err';

/** The SMS step body. */
export const Sms = ({ field, ttt, ack, ackErr, setAck, busy, onJoin, onType, onOptOut }: SmsProps) => {
  const f: Field = field.f;
  return (
    <div class="mc-sms">
      {ttt ? (
        <div class="mc-ttt">
          <a class="mc-ttt-join" href={ttt} target="_parent" onClick={onJoin}>
            {TTT_JOIN}
          </a>
          <button type="button" class="mc-ttt-type" onClick={onType}>
            {TTT_TYPE}
          </button>
        </div>
      ) : (
        <Single {...field} />
      )}
      {f.smsImg && safeUrl(f.smsImg, false) && <img class="mc-sms-img" src={f.smsImg} alt="" />}
      {f.required ? (
        <div class={'mc-choice mc-sms-ack' + (ackErr ? ' mc-invalid' : '')}>
          <input
            id={SMS_ACK_NAME}
            name={SMS_ACK_NAME}
            type="checkbox"
            value="true"
            checked={ack}
            onChange={(e) => setAck(e.currentTarget.checked)}
            aria-required="true"
            aria-invalid={ackErr ? 'true' : undefined}
            aria-describedby={ackErr ? ACK_ERR : undefined}
          />
          <label for={SMS_ACK_NAME}>
            {f.smsRequired || f.legalRequired ? (
              <Html tag="span" html={f.smsRequired || f.legalRequired} />
            ) : (
              SMS_ACK_LABEL
            )}
          </label>
          <div id={ACK_ERR} class="mc-error" aria-live="polite">
            {ackErr}
          </div>
        </div>
      ) : (
        <>
          {(f.smsOptional || f.legalOptional) && (
            <Html className="mc-sms-legal" html={f.smsOptional || f.legalOptional} />
          )}
          <button type="button" class="mc-optout" disabled={busy} onClick={ttt ? onType : onOptOut}>
            {SMS_OPT_OUT}
          </button>
        </>
      )}
    </div>
  );
};
