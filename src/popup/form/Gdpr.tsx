/** The GDPR block (spec 2.2): label, description, response message, consent checkboxes, legal texts, info link. */
import { GDPR_INFO_URL } from '../../constants';
import { Html } from '../html/Html';
import type { Settings } from '../settings';
import { Consent } from './extra-inputs';
import { GDPR_INFO, GDPR_LEGEND } from '../../form-model/texts';
import type { ViewProps } from './useSignupForm';

/**
 * The block as a fieldset whose legend is gdprLabel; the response message (errors.msg of a gdpr_error, spec 8 step 3)
 * is announced (role=alert).
 */
export const Gdpr = ({
  f: { pl, fieldProps, gdprMsg },
  s: { gdprLabel, gdprDescription, gdprLegal, gdprMCLegal, localized },
}: ViewProps & { s: Settings }) => (
  <fieldset className="mc-gdpr">
    <legend>{gdprLabel || localized(GDPR_LEGEND)}</legend>
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
        {/* An information icon: an 'i' in a ring drawn by form-extras.css, out of the link's text. Not the 'ⓘ'
            character, missing from many system fonts; not SVG, which the Preact popup.js ships does not make
            (build/preact-trim.mjs). */}
        <span className="mc-info" aria-hidden="true" />
        {localized(GDPR_INFO)}
      </a>
    </p>
    {gdprMCLegal && <Html className="mc-gdpr-mclegal" html={gdprMCLegal} />}
  </fieldset>
);
