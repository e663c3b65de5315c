/** The GDPR block (spec 2.2): label, description, response message, consent checkboxes, legal texts, info link. */
import { GDPR_INFO_URL } from '../../constants';
import { Html } from '../html/Html';
import type { Settings } from '../settings';
import { Consent } from './extra-inputs';
import { GDPR_INFO, GDPR_LEGEND } from './texts';
import type { ViewProps } from './useSignupForm';

/**
 * The block as a fieldset whose legend is gdprLabel; the response message (errors.msg of a gdpr_error, spec 8 step 3)
 * is announced (role=alert).
 */
export const Gdpr = ({
  f: { pl, fieldProps, gdprMsg },
  s: { gdprLabel, gdprDescription, gdprLegal, gdprMCLegal },
}: ViewProps & { s: Settings }) => (
  <fieldset className="mc-gdpr">
    <legend>{gdprLabel || GDPR_LEGEND}</legend>
    {gdprDescription && <Html className="mc-gdpr-description" html={gdprDescription} />}
    <div className="mc-gdpr-msg" role="alert">
      {gdprMsg}
    </div>
    {/* Each consent a field like any other: its error shown and announced, checked on blur (spec 4.7, 8). */}
    {pl.gdpr.map((f) => (
      <Consent key={f.name} {...fieldProps(f)} />
    ))}
    {gdprLegal && <Html className="mc-gdpr-legal" html={gdprLegal} />}
    <p className="mc-gdpr-info">
      <a href={GDPR_INFO_URL} target="_blank" rel="noopener">
        {/* An information icon drawn as SVG: the 'ⓘ' character is missing from many system fonts. */}
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
        {GDPR_INFO}
      </a>
    </p>
    {gdprMCLegal && <Html className="mc-gdpr-mclegal" html={gdprMCLegal} />}
  </fieldset>
);
