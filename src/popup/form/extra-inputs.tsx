/**
 * The field components most forms never show (spec 3.5), part of form-extras.js: birthday, date and US phone parts,
 * the address, select and dropdown, radio and checkbox groups, GDPR consent. Built on the frame and helpers of
 * src/popup/form/inputs.tsx, which popup.js lends this file (src/popup/runtime.ts).
 */
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { PART_PH, partAuto } from '../../form-model/types';
import { inputsOf, type Input } from '../../form-model/field-inputs';
import { REQUIRED, SUB_LABELS } from '../../form-model/texts';
import { useCountries } from './countries';
import { aria, type FieldProps, Req, val, Wrap } from './inputs';
import { screenOrder } from '../../form-model/wire';

/** Out of sight, still read by screen readers: off-screen as the honeypot's box (src/popup/form/Form.tsx). */
const OFF_SCREEN = { position: 'absolute', top: '-5000px' } as const;

/**
 * A field of several inputs: a fieldset whose legend is the field's label (spec 3.5), in the field's frame. A required
 * group says so in its legend's text, which is the group's name a screen reader reads on entering it, as a single
 * input says aria-required: that attribute is not allowed on a group (ARIA 1.2; a radiogroup alone takes it), and the
 * boxes of a checkbox group are not each required (spec 5.2: one ticked is enough). The star stays for the eye.
 * `sayRequired` is that word in the form's language (src/form-model/texts.ts REQUIRED).
 */
const Group = ({
  f,
  err,
  blur,
  sayRequired,
  radio,
  children,
}: Pick<FieldProps, 'f' | 'err' | 'blur'> & { sayRequired: string; radio?: boolean; children: ReactNode }) => (
  <Wrap f={f} err={err} blur={blur}>
    <fieldset role={radio ? 'radiogroup' : undefined}>
      <legend>
        {f.label}
        <Req f={f} />
        {f.required && <span style={OFF_SCREEN}> {sayRequired}</span>}
      </legend>
      {children}
    </fieldset>
  </Wrap>
);

/**
 * A sub-input with its own visible label (WCAG 3.3.2): the parts of birthday, date and US phone, the address lines
 * (spec 3.5). A placeholder names nothing once typed over, and the phone's parts have none.
 */
const labelled = ({ f, localized }: Pick<FieldProps, 'f' | 'localized'>, i: Input, input: ReactNode) => (
  <Fragment key={i.key}>
    <label htmlFor={i.id}>{SUB_LABELS[i.key] ? localized(SUB_LABELS[i.key]) : f.label}</label>
    {input}
  </Fragment>
);

/** One value split over several inputs: birthday (month, day), date (year, month, day), the US three-part phone. */
export const Split = ({ f, v, err, set, blur, localized }: FieldProps) => (
  <Group f={f} err={err} blur={blur} sayRequired={localized(REQUIRED)}>
    {screenOrder(f).map((i) =>
      labelled(
        { f, localized },
        i,
        <input
          id={i.id}
          name={i.name}
          type="text"
          inputMode="numeric"
          maxLength={i.max}
          size={i.max}
          value={v[i.key] || ''}
          onInput={(e) => set(i.key, val(e))}
          placeholder={PART_PH[i.key] && localized(PART_PH[i.key])}
          autoComplete={partAuto(f.type, i.key)}
          {...aria(f, err)}
        />,
      ),
    )}
  </Group>
);

/** Address, reading (b) of spec 3.5: six inputs with their labels, the country a select with an empty default. */
export const Address = ({ f, v, err, set, blur, localized }: FieldProps) => {
  const countries = useCountries();
  return (
    <Group f={f} err={err} blur={blur} sayRequired={localized(REQUIRED)}>
      {inputsOf(f).map((i) => {
        // Marked invalid: only the inputs the error is about, the empty ones but line 2 (WCAG 3.3.1); every input reads
        // the message (aria-describedby).
        const need = i.key !== 'addr2';
        const common = {
          id: i.id,
          name: i.name,
          autoComplete: partAuto(f.type, i.key),
          ...aria(f, err, f.required && need),
          'aria-invalid': err && need && !v[i.key] ? ('true' as const) : undefined,
        };
        return labelled(
          { f, localized },
          i,
          i.key === 'country' && countries ? (
            <select {...common} value={v.country || ''} onChange={(e) => set('country', val(e))}>
              <option value="" />
              {countries.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <input {...common} type="text" value={v[i.key] || ''} onInput={(e) => set(i.key, val(e))} />
          ),
        );
      })}
    </Group>
  );
};

/** Select and dropdown: one select with an empty default and the choices (spec 3.5). */
export const Select = ({ f, v, err, set, blur }: FieldProps) => {
  const [i] = inputsOf(f);
  return (
    <Wrap f={f} err={err} blur={blur}>
      <label htmlFor={i.id}>
        {f.label}
        <Req f={f} />
      </label>
      <select id={i.id} name={i.name} value={v[''] || ''} onChange={(e) => set('', val(e))} {...aria(f, err)}>
        <option value="" />
        {f.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
};

/** Radio and checkbox groups in a fieldset; checkboxes post name[value] (spec 3.5). */
export const Choices = ({ f, v, err, set, blur, localized }: FieldProps) => {
  const radio = f.row.posts === 'radio';
  return (
    <Group f={f} err={err} blur={blur} sayRequired={localized(REQUIRED)} radio={radio}>
      {inputsOf(f).map((i, k) => {
        const c = f.choices[k];
        return (
          <div key={i.id} className="mc-choice">
            <input
              id={i.id}
              name={i.name}
              type={radio ? 'radio' : 'checkbox'}
              value={c.value}
              checked={v[i.key] === c.value}
              onChange={(e) => set(i.key, e.currentTarget.checked ? c.value : '')}
              {...aria(f, err, false)}
            />
            <label htmlFor={i.id}>{c.label}</label>
          </div>
        );
      })}
    </Group>
  );
};

/**
 * A GDPR marketing-preference checkbox: id gdpr-{marketing_preference_id}, posts {name} (spec 3.5). One marked
 * required and left unticked is invalid like any field: its message shown and linked (a submit stopped by it said
 * nothing before).
 */
export const Consent = ({ f, v, err, set, blur }: FieldProps) => {
  const [i] = inputsOf(f);
  return (
    <Wrap f={f} err={err} blur={blur}>
      <div className="mc-choice mc-consent">
        <input
          id={i.id}
          name={i.name}
          type="checkbox"
          value={i.value}
          checked={v[''] === i.value}
          onChange={(e) => set('', e.currentTarget.checked ? i.value! : '')}
          {...aria(f, err)}
        />
        <label htmlFor={i.id}>{f.label}</label>
      </div>
    </Wrap>
  );
};
