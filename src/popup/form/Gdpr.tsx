/** The GDPR block (spec 2.2): label, description, response message, consent checkboxes, legal texts, info link. */
import { GDPR_INFO_URL } from '../../constants';
import { Html } from '../html/Html';
import type { Field } from './fields';
import { Consent } from './inputs';
import type { Values } from './serialize';
import { GDPR_INFO, GDPR_LEGEND } from './texts';

/** Props of `Gdpr`. */
export interface GdprProps {
  fields: Field[];
  values: Values;
  set(name: string, key: string, value: string): void;
  label: string;
  description: string;
  legal: string;
  mcLegal: string;
  /** errors.msg of a gdpr_error response (spec 8 step 3), '' when none. */
  msg: string;
}

/** The block as a fieldset whose legend is gdprLabel; the response message is announced (role=alert). */
export const Gdpr = ({ fields, values, set, label, description, legal, mcLegal, msg }: GdprProps) => (
  <fieldset class="mc-gdpr">
    <legend>{label || GDPR_LEGEND}</legend>
    {description && <Html className="mc-gdpr-description" html={description} />}
    <div class="mc-gdpr-msg" role="alert">
      {msg}
    </div>
    {fields.map((f) => (
      <Consent
        key={f.name}
        f={f}
        v={values[f.name] || {}}
        err=""
        set={(k, v) => set(f.name, k, v)}
        blur={() => undefined}
      />
    ))}
    {legal && <Html className="mc-gdpr-legal" html={legal} />}
    <p class="mc-gdpr-info">
      <a href={GDPR_INFO_URL} target="_blank" rel="noopener">
        {/* An information icon drawn as SVG: the 'ⓘ' character is missing from many system fonts. */}
        <svg
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
        >
          <circle cx="8" cy="8" r="7" />
          <path d="M8 7v5M8 4v1.2" />
        </svg>
        {GDPR_INFO}
      </a>
    </p>
    {mcLegal && <Html className="mc-gdpr-mclegal" html={mcLegal} />}
  </fieldset>
);
