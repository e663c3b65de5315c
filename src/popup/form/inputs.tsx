/**
 * The field components of spec 3.5: one per kind of input, all controlled by the form's values. Each renders its
 * label (or fieldset and legend for groups), its inputs with the exact posted names and ids (src/form-model/wire.ts
 * `inputsOf`), the first error, and the help text, hidden while the field is invalid (spec 4.7). Input types,
 * placeholders and autocomplete tokens are the type table's (src/form-model/types.ts).
 */
import type { ComponentChildren } from 'preact';
import type { Field } from '../../form-model/fields';
import type { Parts } from '../../form-model/rules';
import { NAME_AUTO, PART_ATTRS } from '../../form-model/types';
import { inputsOf, screenOrder, type Input } from '../../form-model/wire';
import { Html } from '../html/Html';
import { useCountries } from './countries';
import { ADDRESS_LABELS, PART_LABELS } from './texts';

/** Props of every field component. */
export interface FieldProps {
  f: Field;
  /** The field's current values. */
  v: Parts;
  /** The error shown, '' when the field is not invalid. */
  err: string;
  /** Sets one part of the field's value ('' for a single input, the sub-key or choice value otherwise). */
  set(key: string, value: string): void;
  /** Focus left the field: the form validates it (spec 5.1). */
  blur(): void;
  /** Placeholder of a single input (the e-mail placeholder rule of spec 2.2). */
  ph?: string;
}

/** A field's base for the ids of its error and help elements: ids may not hold spaces (aria-describedby lists). */
const base = (f: Field) => 'mc-' + f.name.replace(/[^\w-]/g, '_');

/** ARIA of an input: invalid state, and the error (while invalid) or help text it is described by (spec 4.7). */
const aria = (f: Field, err: string, required = f.required) => ({
  'aria-invalid': err ? ('true' as const) : undefined,
  'aria-describedby': err ? base(f) + '-err' : f.help ? base(f) + '-help' : undefined,
  'aria-required': required ? ('true' as const) : undefined,
});

const Req = ({ f }: { f: Field }) =>
  f.required ? (
    <span class="mc-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;

/** Reads an input's value from an event. */
const val = (e: { currentTarget: { value: string } }) => e.currentTarget.value;

/**
 * The frame of a field: label or legend, the inputs, the first error (a polite live region, so it is announced
 * when it appears on blur), the help text unless invalid. Validation runs when focus leaves the whole field, so
 * moving from month to day does not flag a half-typed birthday.
 */
export const Wrap = ({
  f,
  err,
  blur,
  group,
  role,
  children,
}: Pick<FieldProps, 'f' | 'err' | 'blur'> & { group?: boolean; role?: 'radiogroup'; children: ComponentChildren }) => (
  <div
    class={`mc-field mc-field-${f.type}${err ? ' mc-invalid' : ''}`}
    onFocusOut={(e) => {
      const to = e.relatedTarget as Node | null;
      if (!to || !e.currentTarget.contains(to)) blur();
    }}
  >
    {group ? (
      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: set only with role radiogroup, which supports it
      <fieldset role={role} aria-required={role && f.required ? 'true' : undefined}>
        <legend>
          {f.label}
          <Req f={f} />
        </legend>
        {children}
      </fieldset>
    ) : (
      children
    )}
    <div id={base(f) + '-err'} class="mc-error" aria-live="polite">
      {err}
    </div>
    {f.help && !err && <Html id={base(f) + '-help'} className="mc-help" html={f.help} />}
  </div>
);

/** A single input: text, e-mail, number, URL, plain phone, SMS phone (spec 3.5). */
export const Single = ({ f, v, err, set, blur, ph }: FieldProps) => {
  const [i] = inputsOf(f);
  const r = f.row;
  return (
    <Wrap f={f} err={err} blur={blur}>
      <label for={i.id}>
        {f.label}
        <Req f={f} />
      </label>
      <input
        id={i.id}
        name={i.name}
        // Preact types `type` per literal; the value is the row's or text.
        type={(r.input || 'text') as 'text'}
        value={v[''] || ''}
        onInput={(e) => set('', val(e))}
        placeholder={r.ph || ph || undefined}
        autoComplete={r.auto || NAME_AUTO[f.name]}
        inputMode={r.numeric ? 'numeric' : undefined}
        {...aria(f, err)}
      />
    </Wrap>
  );
};

/** Placeholder and autocomplete token of a sub-input (src/form-model/types.ts). */
const attrs = (f: Field, i: Input) => PART_ATTRS[f.type + '.' + i.key] || [''];

/** One sub-input of birthday, date and US phone (spec 3.5, 5.4 maxlength). */
const part = (f: Field, i: Input, v: Parts, err: string, set: FieldProps['set']) => (
  <input
    key={i.key}
    id={i.id}
    name={i.name}
    type="text"
    inputMode="numeric"
    maxLength={i.max}
    size={i.max}
    value={v[i.key] || ''}
    onInput={(e) => set(i.key, val(e))}
    placeholder={attrs(f, i)[0] || undefined}
    aria-label={PART_LABELS[i.key]}
    autoComplete={attrs(f, i)[1]}
    class={'mc-part mc-part-' + i.key}
    {...aria(f, err)}
  />
);

/** Birthday (month, day), date (year, month, day) and the US three-part phone, in a fieldset (spec 3.5). */
export const Parts_ = ({ f, v, err, set, blur }: FieldProps) => (
  <Wrap f={f} err={err} blur={blur} group>
    <div class="mc-parts">{screenOrder(f).map((i) => part(f, i, v, err, set))}</div>
  </Wrap>
);

/** Address, reading (b) of spec 3.5: six inputs with their labels, the country a select with an empty default. */
export const Address = ({ f, v, err, set, blur }: FieldProps) => {
  const countries = useCountries();
  return (
    <Wrap f={f} err={err} blur={blur} group>
      {inputsOf(f).map((i) => {
        const common = {
          id: i.id,
          name: i.name,
          autoComplete: attrs(f, i)[1],
          ...aria(f, err, f.required && i.key != 'addr2'),
        };
        return (
          <div key={i.key} class={'mc-addr mc-addr-' + i.key}>
            <label for={i.id}>{ADDRESS_LABELS[i.key] || f.label}</label>
            {i.key == 'country' && countries ? (
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
            )}
          </div>
        );
      })}
    </Wrap>
  );
};

/** Select and dropdown: one select with an empty default and the choices (spec 3.5). */
export const Select = ({ f, v, err, set, blur }: FieldProps) => {
  const [i] = inputsOf(f);
  return (
    <Wrap f={f} err={err} blur={blur}>
      <label for={i.id}>
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
export const Choices = ({ f, v, err, set, blur }: FieldProps) => {
  const radio = f.row.posts == 'radio';
  return (
    <Wrap f={f} err={err} blur={blur} group role={radio ? 'radiogroup' : undefined}>
      {inputsOf(f).map((i, k) => {
        const c = f.choices[k];
        return (
          <div key={i.id} class="mc-choice">
            <input
              id={i.id}
              name={i.name}
              type={radio ? 'radio' : 'checkbox'}
              value={c.value}
              checked={v[i.key] == c.value}
              onChange={(e) => set(i.key, e.currentTarget.checked ? c.value : '')}
              aria-invalid={err ? 'true' : undefined}
              aria-describedby={aria(f, err)['aria-describedby']}
            />
            <label for={i.id}>{c.label}</label>
          </div>
        );
      })}
    </Wrap>
  );
};

/** A GDPR marketing-preference checkbox: id gdpr-{marketing_preference_id}, posts {name} (spec 3.5). */
export const Consent = ({ f, v, set }: FieldProps) => {
  const [i] = inputsOf(f);
  return (
    <div class="mc-choice mc-consent">
      <input
        id={i.id}
        name={i.name}
        type="checkbox"
        value={i.value}
        checked={v[''] == i.value}
        onChange={(e) => set('', e.currentTarget.checked ? i.value! : '')}
      />
      <label for={i.id}>{f.label}</label>
    </div>
  );
};
