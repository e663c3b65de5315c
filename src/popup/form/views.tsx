/**
 * The form's views (spec 2.2 form content), props only: each renders what the form's state (src/popup/form/
 * useSignupForm.ts, passed whole as `f`) holds and hands the visitor's actions back to it.
 */
import { Html } from '../html/Html';
import { emailPlaceholder, type Settings } from '../settings';
import { extra } from './lazy';
import { componentOf } from './registry';
import type { ViewProps } from './useSignupForm';

// The GDPR block comes with form-extras.js (src/popup/form/form-extras.ts), loaded before the modal shows.
const Gdpr = extra('Gdpr');

/** The flash block (spec 8 step 2) and the success area (spec 4.5 step 5), both announced. */
export const Messages = ({ f: { flash, done, success, tick } }: ViewProps) => (
  <>
    <div className="mc-flash" role="alert">
      {/* Keyed by the failure: the same message again is new content, announced again. */}
      {flash && <Html key={tick} html={flash} />}
    </div>
    <div className="mc-success" role="status" tabIndex={-1} ref={success}>
      {/* Non-custom types are wrapped in 24 px Arial (spec 4.5 step 5), set through the CSS object model. */}
      {done &&
        (done.custom ? (
          <Html html={done.msg} />
        ) : (
          <div style={{ fontSize: '24px', fontFamily: 'Arial' }}>
            <Html html={done.msg} />
          </div>
        ))}
    </div>
  </>
);

/**
 * The e-mail step: its fields, each by its registry component, and the GDPR block when it shows. `ph` is the e-mail
 * placeholder of the fixed variation (spec 2.2).
 */
export const EmailStep = ({ f, s, mobile }: ViewProps & { s: Settings; mobile: boolean }) => (
  <div className="mc-step-email" hidden={f.step !== 'email'}>
    {f.pl.main.map((x) => {
      const C = componentOf(x);
      return (
        <C key={x.name} {...f.fieldProps(x)} ph={x.row.role === 'email' ? emailPlaceholder(s, mobile) : undefined} />
      );
    })}
    {f.pl.gdprOn && <Gdpr f={f} s={s} />}
  </div>
);
