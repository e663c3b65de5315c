/**
 * The hosted page's fields (issue 35 item 1, spec 3.5), rendered on the server from the form model: each placed
 * field's inputs with the posted names and ids of `inputsOf` (src/form-model/field-inputs.ts), in screen order
 * (wire.ts `screenOrder`), their types, placeholders and autocomplete tokens from the type table (types.ts), as the
 * popup's components render them (src/popup/form/inputs.tsx, extra-inputs.tsx). A refused post shows them again with
 * what was typed and each error under its field: the input says aria-invalid and is described by the error, which
 * takes the help text's place (spec 4.7).
 */
import type { ReactNode } from 'react';
import { parseCountries } from '../../form-model/countries';
import { COUNTRY_DATA } from '../../form-model/countries-data';
import { type Input, inputsOf } from '../../form-model/field-inputs';
import type { Field } from '../../form-model/fields';
import type { Parts } from '../../form-model/parts';
import { NAME_AUTO, PART_PH, partAuto } from '../../form-model/types';
import { screenOrder } from '../../form-model/wire';
import { subLabel, type Texts } from './texts';
import { REQUIRED } from '../../form-model/texts';

/** What every field's rendering needs of the page. */
export interface FieldContext {
  texts: Texts;
  /** Owner HTML, sanitized, as HTML text (owner-html.ts). */
  html(owner: string): string;
}

/** One field as shown: its values (what was typed) and its error ('' when none). */
export interface FieldProps {
  f: Field;
  v: Parts;
  err: string;
  cx: FieldContext;
}

/** The ids of a field's error and help elements, as the popup names them (src/popup/form/inputs.tsx). */
export const idBase = (f: Field): string => 'mc-' + f.name.replace(/[^\w-]/g, '_');

/** An element holding owner HTML already sanitized (owner-html.ts), or nothing when there is none. */
export const Owner = ({
  html,
  as: Tag = 'div',
  ...rest
}: {
  html: string;
  as?: 'div' | 'span' | 'h2';
  className?: string;
  id?: string;
}) =>
  html ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the one place owner HTML goes out, sanitized by the caller
    <Tag {...rest} dangerouslySetInnerHTML={{ __html: html }} />
  ) : null;

/** ARIA of an input of field `f`: invalid, described by its error or else its help text, required. */
const aria = (f: Field, err: string, required = f.required) => ({
  'aria-invalid': err ? ('true' as const) : undefined,
  'aria-describedby': err ? idBase(f) + '-err' : f.help ? idBase(f) + '-help' : undefined,
  'aria-required': required ? ('true' as const) : undefined,
});

/** The star beside a required field's label: the note above the form says what it means. */
const Req = ({ f }: { f: Field }) =>
  f.required ? (
    <span className="mc-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;

/** A field's frame: its inputs, then its error or its help text. */
const Wrap = ({ f, err, cx, children }: Omit<FieldProps, 'v'> & { children: ReactNode }) => (
  <div className={`mc-field mc-field-${f.type}`}>
    {children}
    {err ? (
      <p className="mc-error" id={idBase(f) + '-err'}>
        {err}
      </p>
    ) : (
      <Owner className="mc-help" id={idBase(f) + '-help'} html={f.help && cx.html(f.help)} />
    )}
  </div>
);

/** A group of inputs: a fieldset whose legend is the label, saying "required" to screen readers beside the star. */
const Group = ({ f, err, cx, radio, children }: Omit<FieldProps, 'v'> & { radio?: boolean; children: ReactNode }) => (
  <Wrap f={f} err={err} cx={cx}>
    <fieldset role={radio ? 'radiogroup' : undefined}>
      <legend>
        {f.label}
        <Req f={f} />
        {f.required && <span className="mc-off"> {cx.texts(REQUIRED)}</span>}
      </legend>
      {children}
    </fieldset>
  </Wrap>
);

/** A single input: text, e-mail, number, URL, plain phone, SMS phone. */
export const Single = ({ f, v, err, cx }: FieldProps) => {
  const [i] = inputsOf(f);
  const r = f.row;
  return (
    <Wrap f={f} err={err} cx={cx}>
      <label htmlFor={i.id}>
        {f.label}
        <Req f={f} />
      </label>
      <input
        id={i.id}
        name={i.name}
        // Preact types `type` per literal; the value is the row's or text (as the popup's Single).
        type={(r.input || 'text') as 'text'}
        value={v[''] || ''}
        placeholder={r.ph}
        autoComplete={r.auto || NAME_AUTO[f.name]}
        inputMode={r.numeric ? 'numeric' : undefined}
        {...aria(f, err)}
      />
    </Wrap>
  );
};

/** A sub-input with its own visible label (WCAG 3.3.2): its sub-label, the field's own label for the first line. */
const Labelled = ({ f, i, cx, children }: { f: Field; i: Input; cx: FieldContext; children: ReactNode }) => (
  <div>
    <label htmlFor={i.id}>{subLabel(cx.texts, i.key) || f.label}</label>
    {children}
  </div>
);

/** One value split over several inputs (birthday, date, the US phone), each labelled, in screen order (spec 5.4). */
export const Split = ({ f, v, err, cx }: FieldProps) => (
  <Group f={f} err={err} cx={cx}>
    <div className="mc-parts">
      {screenOrder(f).map((i) => (
        <Labelled key={i.key} f={f} i={i} cx={cx}>
          <input
            id={i.id}
            name={i.name}
            type="text"
            inputMode="numeric"
            maxLength={i.max || undefined}
            size={i.max || undefined}
            value={v[i.key] || ''}
            placeholder={PART_PH[i.key] && cx.texts(PART_PH[i.key])}
            autoComplete={partAuto(f.type, i.key)}
            {...aria(f, err)}
          />
        </Labelled>
      ))}
    </div>
  </Group>
);

/** The country list, read once (src/form-model/countries.ts). */
const COUNTRIES = parseCountries(COUNTRY_DATA);

/** Address, reading (b) of spec 3.5: six inputs with their labels, the country a select with an empty default. */
export const Address = ({ f, v, err, cx }: FieldProps) => (
  <Group f={f} err={err} cx={cx}>
    {inputsOf(f).map((i) => {
      // Marked invalid: the inputs the error is about, the empty ones but line 2 (WCAG 3.3.1), as in the popup.
      const need = i.key !== 'addr2';
      const common = {
        id: i.id,
        name: i.name,
        autoComplete: partAuto(f.type, i.key),
        ...aria(f, err, f.required && need),
        'aria-invalid': err && need && !(v[i.key] || '').trim() ? ('true' as const) : undefined,
      };
      return (
        <Labelled key={i.key} f={f} i={i} cx={cx}>
          {i.key === 'country' ? (
            <select {...common}>
              <option value="" />
              {COUNTRIES.map(([id, name]) => (
                <option key={id} value={id} selected={v.country === id}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <input {...common} type="text" value={v[i.key] || ''} />
          )}
        </Labelled>
      );
    })}
  </Group>
);

/** Select and dropdown: one select with an empty default and the choices. */
export const Select = ({ f, v, err, cx }: FieldProps) => {
  const [i] = inputsOf(f);
  return (
    <Wrap f={f} err={err} cx={cx}>
      <label htmlFor={i.id}>
        {f.label}
        <Req f={f} />
      </label>
      <select id={i.id} name={i.name} {...aria(f, err)}>
        <option value="" />
        {f.choices.map((c) => (
          <option key={c.value} value={c.value} selected={v[''] === c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
};

/** Radio and checkbox groups in a fieldset; checkboxes post name[value] (spec 3.5). */
export const Choices = ({ f, v, err, cx }: FieldProps) => {
  const radio = f.row.posts === 'radio';
  return (
    <Group f={f} err={err} cx={cx} radio={radio}>
      {inputsOf(f).map((i, k) => (
        <div key={i.id} className="mc-choice">
          <input
            id={i.id}
            name={i.name}
            type={radio ? 'radio' : 'checkbox'}
            value={i.value}
            checked={v[i.key] === i.value}
            {...aria(f, err, false)}
          />
          <label htmlFor={i.id}>{f.choices[k].label}</label>
        </div>
      ))}
    </Group>
  );
};

/** A GDPR marketing-preference checkbox: id gdpr-{marketing_preference_id}, posts {name} (spec 3.5). */
export const Consent = ({ f, v, err, cx, describedBy }: FieldProps & { describedBy?: string }) => {
  const [i] = inputsOf(f);
  const a = aria(f, err);
  return (
    <Wrap f={f} err={err} cx={cx}>
      <div className="mc-choice mc-consent">
        <input
          id={i.id}
          name={i.name}
          type="checkbox"
          value={i.value}
          checked={v[''] === i.value}
          {...a}
          aria-describedby={a['aria-describedby'] || describedBy}
        />
        <label htmlFor={i.id}>{f.label}</label>
      </div>
    </Wrap>
  );
};

/** The component of a field's row (the popup's registry, src/popup/form/registry.tsx). */
export const componentOf = (f: Field) => ({ Single, Split, Address, Select, Choices, Consent })[f.row.ui || 'Single'];
