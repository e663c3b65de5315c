/**
 * The field registry: one table from field type (spec 3.4) to its component, validator and posted inputs (spec 3.5).
 * The validator and the inputs are the shared pure rules (src/validate/rules.ts, src/popup/form/fields.ts), which
 * switch on the type themselves; the table is what the form reads, so a new type is one row here.
 */
import type { FunctionComponent } from 'preact';
import { message, validate, type FieldType } from '../../validate/rules';
import { inputsOf, type Field, type Input } from './fields';
import { Single, type FieldProps } from './inputs';
import { extra } from './lazy';

// Every type but the single inputs comes with form-extras.js (src/popup/form/extras.ts), loaded before the modal shows.
const Parts_ = extra('Parts_');
const Address = extra('Address');
const Select = extra('Select');
const Choices = extra('Choices');
const Consent = extra('Consent');

/** The phone: three parts when phoneformat is US, a plain text input otherwise (spec 3.4). */
const Phone = (p: FieldProps) => (p.f.usPhone ? <Parts_ {...p} /> : <Single {...p} />);
/** The image type posts nothing and has no input. */
const Nothing = () => null;

/** One row of the registry. */
export interface FieldDef {
  /** Renders the field. */
  C: FunctionComponent<FieldProps>;
  /** The first error of the field's values as text (translation or English), or '' when valid (spec 4.7, 5). */
  check(f: Field, v: Record<string, string>, translations: Record<string, string>): string;
  /** The inputs with their posted names and ids (spec 3.5). */
  inputs(f: Field): Input[];
}

const row = (C: FunctionComponent<FieldProps>): FieldDef => ({
  C,
  check: (f, v, t) => {
    const k = validate(f, v);
    return k ? message(k, t) : '';
  },
  inputs: inputsOf,
});

/** Type → component, validator, inputs. Unknown types were turned into text by parseFields. */
export const REGISTRY: Record<FieldType, FieldDef> = {
  text: row(Single),
  email: row(Single),
  number: row(Single),
  url: row(Single),
  smsphone: row(Single),
  phone: row(Phone),
  birthday: row(Parts_),
  date: row(Parts_),
  address: row(Address),
  select: row(Select),
  dropdown: row(Select),
  radio: row(Choices),
  checkbox: row(Choices),
  image: row(Nothing),
};

const GDPR_ROW = row(Consent);

/** The registry row of a field; a GDPR marketing preference is a consent checkbox whatever its type (spec 3.4). */
export const defOf = (f: Field): FieldDef => (f.mpId ? GDPR_ROW : REGISTRY[f.type]);
