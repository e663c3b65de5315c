/**
 * The field components of spec 3.5: one per kind of input, all controlled by the form's values. Each renders its
 * label (or fieldset and legend for groups), its inputs with the exact posted names and ids (`inputsOf`,
 * src/form-model/field-inputs.ts), the first error, and the help text, hidden while the field is invalid (spec 4.7).
 * Input types, placeholders and autocomplete tokens are the type table's (src/form-model/types.ts). Here the frame
 * every field shares and the single input, in popup.js; the other kinds are form-extras.js's
 * (src/popup/form/extra-inputs.tsx), built on these (popup.js lends them: src/popup/runtime.ts).
 */
import type { ReactNode } from 'react';
import type { Field } from '../../form-model/fields';
import { inputsOf } from '../../form-model/field-inputs';
import type { Parts } from '../../form-model/parts';
import { NAME_AUTO } from '../../form-model/types';
import { Html } from '../html/Html';

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
  /** A built-in text in the form's language (src/popup/settings.ts): the sub-inputs' labels and placeholders. */
  localized(en: string): string;
}

/** A field's base for the ids of its error and help elements: ids may not hold spaces (aria-describedby lists). */
const base = (f: Field) => 'mc-' + f.name.replace(/[^\w-]/g, '_');

/** ARIA of an input: invalid state, and the error (while invalid) or help text it is described by (spec 4.7). */
export const aria = (f: Field, err: string, required = f.required) => ({
  'aria-invalid': err ? ('true' as const) : undefined,
  'aria-describedby': err ? base(f) + '-err' : f.help ? base(f) + '-help' : undefined,
  'aria-required': required ? ('true' as const) : undefined,
});

/**
 * The required mark beside a label or legend, hidden from screen readers: an input says aria-required, a group's
 * legend says the word (src/popup/form/extra-inputs.tsx Group).
 */
export const Req = ({ f }: { f: Field }) =>
  f.required ? (
    <span className="mc-req" aria-hidden="true">
      {' *'}
    </span>
  ) : null;

/** Reads an input's value from an event. */
export const val = (e: { currentTarget: { value: string } }) => e.currentTarget.value;

/**
 * The frame of a field: its label and inputs (the caller's; a group's fieldset and legend are form-extras.js's,
 * src/popup/form/extra-inputs.tsx), the first error (a polite live region, so it is announced when it appears on
 * blur), the help text unless invalid. Validation runs when focus leaves the whole field, so moving from month to day
 * does not flag a half-typed birthday.
 */
export const Wrap = ({ f, err, blur, children }: Pick<FieldProps, 'f' | 'err' | 'blur'> & { children: ReactNode }) => (
  /* biome-ignore lint/a11y/noStaticElementInteractions: React's onBlur bubbles (focusout): the wrapper hears focus
     leave the field's own controls, and is no control of its own. */
  <div
    className={`mc-field mc-field-${f.type}${err ? ' mc-invalid' : ''}`}
    onBlur={(e) => {
      const to = e.relatedTarget as Node | null;
      if (!to || !e.currentTarget.contains(to)) blur();
    }}
  >
    {children}
    <div id={base(f) + '-err'} className="mc-error" aria-live="polite">
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
      <label htmlFor={i.id}>
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
