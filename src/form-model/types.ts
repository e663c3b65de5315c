/**
 * The type table: everything the product knows about one field type (spec 3.4, 3.5, 5.2, 5.4), in one row. The
 * parser gives every field its row (src/form-model/fields.ts); the wire codec, the placement, the popup's components
 * and the provider's store read the row and never switch on the type themselves, so a new type is one row here.
 */
import { URL_PLACEHOLDER } from '../constants';
import type { RuleKey } from './rules';

/** Every field type of spec 3.4; any other type is read as 'text' (`fieldType`). */
export type FieldType =
  | 'text'
  | 'email'
  | 'address'
  | 'birthday'
  | 'date'
  | 'phone'
  | 'smsphone'
  | 'number'
  | 'select'
  | 'dropdown'
  | 'radio'
  | 'checkbox'
  | 'url'
  | 'image';

/** The popup component that renders a row (src/popup/form/registry.tsx); all but Single come with form-extras.js. */
export type Ui = 'Single' | 'Split' | 'Address' | 'Select' | 'Choices' | 'Consent';

/**
 * How a field's inputs post (spec 3.5), read by the wire codec (src/form-model/wire.ts):
 * - 'one': one input `{name}`, posted even when empty;
 * - 'select': the same, holding one of the field's choices (the provider refuses any other value);
 * - 'parts': one input `{name}[key]` per part, posted even when empty;
 * - 'radio': one radio `{name}` per choice, posted only when checked, holding one of the choices;
 * - 'each': one checkbox `{name}[value]` per choice, each posted only when checked;
 * - 'consent': one GDPR checkbox `{name}`, posted only when checked.
 */
export type Posts = 'one' | 'select' | 'parts' | 'radio' | 'each' | 'consent';

/** One sub-input: its key and maxlength (spec 5.4; 0 for none). Placeholder and autocomplete: `PART_PH`, `partAuto`. */
export type PartDef = readonly [key: string, max: number];

/** One row of the table. Absent columns are off. */
export interface TypeRow {
  /** Its inputs and how they post; none (image): nothing to post, the field is never placed. */
  posts?: Posts;
  /** The component that renders it. */
  ui?: Ui;
  /** Sub-inputs in posted order (posts 'parts'). */
  parts?: readonly PartDef[];
  /**
   * The rule of spec 5.2 beyond the required check, by its message key (src/form-model/rules.ts `RULES`): a name,
   * not the check itself, so that popup.js carries the table without the checks (they come with form-actions.js).
   */
  rule?: RuleKey;
  /** The type attribute of a single input; text when absent. */
  input?: 'email' | 'url' | 'tel';
  /** A single input asks for the numeric keypad (not type=number, which takes 'e'). */
  numeric?: boolean;
  /** Autocomplete token of a single input. */
  auto?: string;
  /** Placeholder of a single input (spec 3.5, 9.4). */
  ph?: string;
  /** The popup needs form-extras.js to show it (src/popup/form/form-extras.ts). */
  extras?: boolean;
  /** What the field is to a signup: the e-mail address (spec 5.5: GDPR needs one) or the SMS number (spec 4.4). */
  role?: 'email' | 'sms';
  /**
   * Stored by the provider as its parts joined with this, each trimmed and zero-padded to its maxlength
   * (src/form-model/store.ts); parts without it are stored as an object of parts.
   */
  join?: string;
}

// Pure (the annotation tells the bundler): a bundle that reads no row, such as form-extras.js, drops the table.
/* @__NO_SIDE_EFFECTS__ */
const single = (row: TypeRow): TypeRow => ({ posts: 'one', ui: 'Single', ...row });
/* @__NO_SIDE_EFFECTS__ */
const choices = (posts: Posts, ui: Ui): TypeRow => ({ posts, ui, extras: true });

/** A row per type of spec 3.4. The phone row is the plain one; a US phone is `US_PHONE`. */
export const TYPES: Record<FieldType, TypeRow> = {
  text: single({}),
  email: single({ input: 'email', auto: 'email', rule: 'email', role: 'email' }),
  number: single({ numeric: true, rule: 'number' }),
  url: single({ input: 'url', ph: URL_PLACEHOLDER, rule: 'url' }),
  // phoneformat other than "US": a plain input (spec 3.4); the SMS phone always passes (spec 5.2).
  phone: single({ input: 'tel', auto: 'tel' }),
  // The SMS step, the acknowledgement and text-to-join come with form-extras.js.
  smsphone: single({ input: 'tel', auto: 'tel', role: 'sms', extras: true }),
  birthday: {
    posts: 'parts',
    ui: 'Split',
    parts: [
      ['month', 2],
      ['day', 2],
    ],
    rule: 'birthday',
    extras: true,
    join: '/',
  },
  date: {
    posts: 'parts',
    ui: 'Split',
    parts: [
      ['year', 4],
      ['month', 2],
      ['day', 2],
    ],
    rule: 'date',
    extras: true,
    join: '-',
  },
  address: {
    posts: 'parts',
    ui: 'Address',
    // Reading (b) of spec 3.5.
    parts: [
      ['addr1', 0],
      ['addr2', 0],
      ['city', 0],
      ['state', 0],
      ['zip', 0],
      ['country', 0],
    ],
    rule: 'address',
    extras: true,
  },
  select: choices('select', 'Select'),
  dropdown: choices('select', 'Select'),
  radio: choices('radio', 'Choices'),
  checkbox: choices('each', 'Choices'),
  // An image has nothing to post: no input, never placed.
  image: {},
};

/** phoneformat "US": the three-part phone of spec 3.4, 3.5 and 5.2. */
export const US_PHONE: TypeRow = {
  posts: 'parts',
  ui: 'Split',
  parts: [
    ['area', 3],
    ['detail1', 3],
    ['detail2', 4],
  ],
  rule: 'phone',
  extras: true,
  join: '-',
};

/** A field with a marketing_preference_id, whatever its type: a GDPR consent checkbox (spec 3.4, 3.5). */
export const CONSENT: TypeRow = { posts: 'consent', ui: 'Consent', extras: true };

/**
 * Placeholders of the birthday and date parts (spec 3.5), by key; the other sub-inputs have none. Like `PART_AUTO`, a
 * column of the rows above kept apart: only the part components in form-extras.js read it, so its bytes stay out of
 * popup.js (docs/decisions/fetched-when-needed.md).
 */
export const PART_PH: Record<string, string> = { month: 'MM', day: 'DD', year: 'YYYY' };

/**
 * Autocomplete tokens of the US phone's parts and the address inputs, by key. A birthday's month and day take
 * bday-month and bday-day (`partAuto`); a date's parts, any date, none.
 */
export const PART_AUTO: Record<string, string> = {
  area: 'tel-area-code',
  detail1: 'tel-local-prefix',
  detail2: 'tel-local-suffix',
  addr1: 'address-line1',
  addr2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country: 'country-name',
};

/** The autocomplete token of sub-input `key` of a field of type `type` (see `PART_AUTO`). */
export const partAuto = (type: FieldType, key: string): string | undefined =>
  type === 'birthday' ? 'bday-' + key : PART_AUTO[key];

/** Autocomplete tokens of the common name merge tags, for single inputs whose type has none. */
export const NAME_AUTO: Record<string, string> = { FNAME: 'given-name', LNAME: 'family-name' };

/**
 * A raw type from the settings as a `FieldType`: unknown values are text (spec 3.4). (The keys are read on each
 * call: a module-level list would keep the whole table in bundles that only want a column of it.)
 */
export const fieldType = (t: unknown): FieldType =>
  Object.keys(TYPES).includes(t as string) ? (t as FieldType) : 'text';
