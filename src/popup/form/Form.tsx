/**
 * The form inside the modal (spec 2.2 form content, 4.4 to 4.7, 5, 7.1 submit reading (a), 8): flash block, success
 * area, the e-mail step, the SMS step, the GDPR block, the buttons and the footer. Its state is the hook's
 * (src/popup/form/useSignupForm.ts); this only lays the views out. The shell around it (src/popup/Modal.tsx) hears
 * about success and errors through `onStatus` (src/popup/form/contract.ts).
 */
import { Html } from '../html/Html';
import { honeypotName } from '../../form-model/wire';
import type { Settings } from '../settings';
import type { FormProps } from './contract';
import { useSignupForm } from './useSignupForm';
import { HONEYPOT_LABEL } from '../../form-model/texts';
import { extra } from './lazy';
import { EmailStep, Messages } from './views';

// The SMS step comes with form-extras.js (src/popup/form/form-extras.ts), loaded before the modal shows.
const Sms = extra('Sms');

/** The signup form. */
export const Form = (props: FormProps<Settings>) => {
  const { s, p } = props;
  const f = useSignupForm(props);
  const sms = f.step === 'sms';
  // The text-to-join panel (spec 4.4) stands in for the number input and the button.
  const ttt = sms && f.sms!.ttt;
  return (
    <>
      <Messages f={f} />
      <form
        ref={f.form}
        noValidate
        hidden={!!f.done}
        aria-busy={f.busy ? 'true' : undefined}
        onKeyDown={f.intent}
        onPointerDown={f.intent}
        onInput={f.intent}
        onSubmit={(e) => {
          e.preventDefault();
          f.submit();
        }}
      >
        <EmailStep f={f} s={s} mobile={props.mobile} />
        {sms && <Sms f={f} number={s.smsTransportNumber} />}
        {/* The honeypot (spec 3.5): bots fill it, people never see or reach it. Off-screen above, not to the left:
            in a right-to-left frame (src/popup/frame.ts) content left of the page widens what scrolls. */}
        <div aria-hidden="true" style={{ position: 'absolute', top: '-5000px' }}>
          <input
            ref={f.honeypot}
            type="text"
            name={honeypotName(p.uuid, p.lid)}
            tabIndex={-1}
            autoComplete="off"
            aria-label={s.localized(HONEYPOT_LABEL)}
          />
        </div>
        {/* Continue on the e-mail step of a two-step form (spec 4.4); no button beside the text-to-join panel. */}
        {!ttt && (
          // Disabled for assistive technology while sending (spec 4.5 step 3), not by `disabled`, which would drop the
          // focus of the visitor who pressed it to the frame's body; the submit ignores presses meanwhile.
          <button type="submit" className={f.busy ? 'mc-loading' : undefined} aria-disabled={f.busy}>
            {f.continues ? s.continueLabel : s.buttonLabel}
          </button>
        )}
        {s.footer && <Html className="mc-footer" html={s.footer} />}
      </form>
    </>
  );
};
