/**
 * The hosted page's blocks beyond single fields, as the popup shows them (spec 2.2, 5.5): the GDPR block and the SMS
 * part. A page without script has one step: the SMS phone sits below the e-mail step's fields, with its
 * acknowledgement when it is required; an optional one left blank is the popup's opt-out.
 */
import { GDPR_INFO_URL } from '../../constants';
import { GDPR_INFO, GDPR_LEGEND, SMS_ACK_LABEL } from '../../form-model/texts';
import type { Field } from '../../form-model/fields';
import type { Placement } from '../../form-model/place';
import { ACK_NAME, ACK_VALUE, type Values } from '../../form-model/wire';
import { Consent, type FieldContext, Owner, Single } from './fields';
import type { HostedSettings } from './settings';

/** Id of the GDPR block's message (a gdpr_error, spec 8 step 3), which its checkboxes are described by. */
export const GDPR_MSG_ID = 'mc-gdpr-msg';
/** Id of the SMS acknowledgement's error. */
export const ACK_ERR_ID = 'mc-sms-ack-err';

/** What a block shows of a post: the values, the errors by merge_id, the GDPR message, the acknowledgement's. */
export interface Shown {
  values: Values;
  errors: Record<string, string>;
  gdprMsg: string;
  ack: boolean;
  ackErr: string;
}

/** The GDPR block (spec 2.2): legend, description, the refusal's message, consents, legal texts, the info link. */
export const Gdpr = ({ pl, s, shown, cx }: { pl: Placement; s: HostedSettings; shown: Shown; cx: FieldContext }) => (
  <fieldset className="mc-gdpr">
    <legend>{s.gdprLabel || cx.texts(GDPR_LEGEND)}</legend>
    <Owner className="mc-gdpr-description" html={cx.html(s.gdprDescription)} />
    {shown.gdprMsg && (
      <p className="mc-error" id={GDPR_MSG_ID}>
        {shown.gdprMsg}
      </p>
    )}
    {pl.gdpr.map((f) => (
      <Consent
        key={f.name}
        f={f}
        v={shown.values[f.name] || {}}
        err={shown.errors[f.mergeId] || ''}
        cx={cx}
        describedBy={shown.gdprMsg ? GDPR_MSG_ID : undefined}
      />
    ))}
    <Owner className="mc-gdpr-legal" html={cx.html(s.gdprLegal)} />
    <p className="mc-gdpr-info">
      <a href={GDPR_INFO_URL}>
        {/* The popup's information icon, drawn as SVG: the 'ⓘ' character is missing from many system fonts. */}
        <svg
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <circle cx="8" cy="8" r="7" />
          <path d="M8 7v5M8 4v1.2" />
        </svg>
        {cx.texts(GDPR_INFO)}
      </a>
    </p>
    <Owner className="mc-gdpr-mclegal" html={cx.html(s.gdprMCLegal)} />
  </fieldset>
);

/** The SMS acknowledgement (spec 3.5, 5.5): its legal text as the label, required, its own error. */
const Ack = ({ f, shown, cx }: { f: Field; shown: Shown; cx: FieldContext }) => (
  <div className="mc-field mc-sms-ack">
    <div className="mc-choice">
      <input
        id={ACK_NAME}
        name={ACK_NAME}
        type="checkbox"
        value={ACK_VALUE}
        checked={shown.ack}
        aria-required="true"
        aria-invalid={shown.ackErr ? 'true' : undefined}
        aria-describedby={shown.ackErr ? ACK_ERR_ID : undefined}
      />
      <label htmlFor={ACK_NAME}>
        {f.legalRequired ? <Owner as="span" html={cx.html(f.legalRequired)} /> : cx.texts(SMS_ACK_LABEL)}
      </label>
    </div>
    {shown.ackErr && (
      <p className="mc-error" id={ACK_ERR_ID}>
        {shown.ackErr}
      </p>
    )}
  </div>
);

/** The SMS part: the phone input, then the acknowledgement (required) or the optional legal text. */
export const SmsPart = ({ pl, shown, cx }: { pl: Placement; shown: Shown; cx: FieldContext }) => {
  const f = pl.sms!;
  // The acknowledgement's error is its own: the phone itself is fine when only the tick is missing.
  const err = shown.ackErr ? '' : shown.errors[f.mergeId] || '';
  return (
    <div className="mc-sms">
      <Single f={f} v={shown.values[f.name] || {}} err={err} cx={cx} />
      {pl.ack ? (
        <Ack f={f} shown={shown} cx={cx} />
      ) : (
        <Owner className="mc-sms-legal" html={cx.html(f.legalOptional)} />
      )}
    </div>
  );
};
