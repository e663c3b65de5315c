/**
 * fast-check generators of the form model's property tests (form-model-wire, form-model-agreement): raw settings as a
 * provider might send them (every field type, flags as booleans, 'Y'/'N', other strings, missing; reserved and
 * repeated names; every template and variation), and the values a visitor can give the rendered inputs.
 */
import fc from 'fast-check';
import type { Field } from '../../src/form-model/fields';
import type { Parts } from '../../src/form-model/parts';
import type { Values } from '../../src/form-model/wire';
import { FIELD_TYPES } from '../field-types';

/** A Y/N flag as providers send it: booleans, Y/N in any case, other strings, 0/1, missing. */
export const flag = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.boolean(),
    fc.constantFrom('Y', 'N', 'y', 'n', 'yes', 'no', 'true', 'false', '1', '0', '', 'maybe'),
    fc.constantFrom(0, 1, null, undefined),
  );

/**
 * Field names: merge tags, group names, the reserved names of the submit query, and a small pool so that repeats
 * happen. No generated name is another's posted name (no `X[y]` beside a checkbox X), as with real merge tags.
 */
const name = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('EMAIL', 'FNAME', 'LNAME', 'SMSPHONE', 'BDAY', 'ADDR', 'group[1]', 'gdpr[9]'),
  },
  { weight: 1, arbitrary: fc.constantFrom('u', 'id', 'f_id', 'popup', 'c', '') },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,5}$/) },
);

/** Every field type of spec 3.4: the generators draw each of them. */
export const TYPES = FIELD_TYPES;

/** One raw field definition (spec 3.4), sometimes broken. */
export const rawField = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record(
        {
          // Mostly forms with an e-mail or SMS field, as signup forms are; every type, and others read as text.
          type: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('email', 'smsphone') },
            { weight: 8, arbitrary: fc.constantFrom(...TYPES) },
            { weight: 1, arbitrary: fc.constantFrom('weird', 'EMAIL', undefined) },
          ),
          name,
          label: fc.string({ maxLength: 8 }),
          required: flag(),
          merge_id: fc.oneof(fc.nat(12), fc.constantFrom('', undefined, '7')),
          choices: fc.array(
            fc.record({ value: fc.stringMatching(/^[a-z0-9]{0,3}$/), label: fc.string({ maxLength: 4 }) }),
            { maxLength: 4 },
          ),
          phoneformat: fc.constantFrom('US', 'intl', undefined),
          dateformat: fc.constantFrom('DD/MM', 'MM/DD', 'DD/MM/YYYY', 'MM/DD/YYYY', undefined),
          marketing_preference_id: fc.oneof(
            { weight: 4, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.nat(5) },
          ),
        },
        { requiredKeys: ['type', 'name'] },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, 3, 'x', [], {}) },
  );

/** The types of the fields a raw settings object holds: what a property test reached (test/fuzz.ts `reached`). */
export const typesIn = (raw: Record<string, unknown>): string[] =>
  Array.isArray(raw.fields)
    ? raw.fields.map((f) => String(f && typeof f === 'object' ? (f as { type?: unknown }).type : ''))
    : [];

/** A raw settings object: the fields and every setting the form model reads (spec 3.2). */
export const rawSettings = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    {
      fields: fc.array(rawField(), { maxLength: 8 }),
      hasGdprEnabled: flag(),
      useEmailStep: flag(),
      template: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('5', '3', 'x', null)),
      modalVariation: fc.constantFrom('modal', 'slide', 'fixed', 'weird', undefined),
      translations: fc.oneof(
        fc.constant(undefined),
        fc.record({ required: fc.constantFrom('Requis', ''), email: fc.constantFrom('Courriel ?', 4) }),
      ),
      hasDoubleOptIn: flag(),
      captcha: flag(),
    },
    { requiredKeys: ['fields'] },
  );

/**
 * What a visitor can type into a single-line input: any text but line breaks, which browsers strip from these
 * inputs' values (HTML's value sanitization algorithm).
 */
const typed = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom(' ', '@', '.', '-', '/', ':', '&', '=', '?', '#', '%', '+'),
      fc.string({ minLength: 1, maxLength: 1 }),
      fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
    ),
    maxLength: 12,
  })
  .map((s) => s.replace(/[\r\n]/g, ''));

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** Mostly `good`, sometimes anything typed, sometimes blank. */
const mostly = (good: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: typed }, { weight: 1, arbitrary: fc.constant('') });
/** Values of a part by key: often what its rule takes, often not (always within the store's lengths). */
const PART: Record<string, fc.Arbitrary<string>> = {
  year: mostly(fc.integer({ min: 0, max: 10000 }).map(String)),
  month: mostly(fc.integer({ min: 0, max: 13 }).map(String)),
  day: mostly(fc.integer({ min: 0, max: 32 }).map(String)),
  area: mostly(digits(3)),
  detail1: mostly(digits(3)),
  detail2: mostly(digits(4)),
};
const TEXT = mostly(fc.stringMatching(/^[A-Za-z0-9 ]{1,10}$/));

/** An e-mail address the spec's pattern takes, within the store's RFC 5321 lengths; or not an address. */
const email = mostly(
  fc
    .tuple(fc.stringMatching(/^[a-z0-9._+-]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z]{2,4}){1,2}$/))
    .map(([l, d]) => `${l}@${d}`),
);

/** A single input's value for the row of `f`: addresses for e-mail fields, digits, URLs, or anything typed. */
const NUMBER = mostly(fc.stringMatching(/^\d{1,6}$/));
const URL = mostly(fc.constantFrom('https://example.com/a?b=c', 'http://1.2.3.4:8080', 'ftp://x.example'));
const ANY = mostly(typed);
const singleValue = (f: Field): fc.Arbitrary<string> => {
  const r = f.row;
  return r.role === 'email' ? email : r.numeric ? NUMBER : r.input === 'url' ? URL : ANY;
};

/** `v` within an input's maxlength `max` (0: none). */
const fit = (v: string, max: number) => (max ? v.slice(0, max).replace(/[\ud800-\udbff]$/, '') : v);

/**
 * The values the rendered inputs of `f` can hold, in the form the components set them (src/popup/form/inputs.tsx):
 * a single input's text, every part, one radio choice or none, the checked checkbox choices, a consent 'Y' or ''.
 */
export const fieldValue = (f: Field): fc.Arbitrary<Parts> => {
  const r = f.row;
  const values = [...new Set(f.choices.map((c) => c.value))];
  switch (r.posts) {
    case 'parts':
      // (Spread: fast-check's records have no prototype, the components' values do.)
      // A part's input holds at most its maxlength (spec 5.4), in UTF-16 units as the browser counts them, and never
      // half a character: the browser drops a cut surrogate pair whole.
      return fc
        .record(Object.fromEntries(r.parts!.map(([k, max]) => [k, (PART[k] || TEXT).map((v) => fit(v, max))])))
        .map((p) => ({ ...p }));
    case 'radio':
      // A group without choices renders no radio: nothing to hold.
      if (!values.length) return fc.constant({});
      return fc.constantFrom('', ...values).map((v) => ({ '': v }));
    case 'select':
      return fc.constantFrom('', ...values).map((v) => ({ '': v }));
    case 'each':
      return fc.subarray(values).map((vs) => Object.fromEntries(vs.map((v) => [v, v])));
    case 'consent':
      return fc.constantFrom('', 'Y').map((v) => ({ '': v }));
    default:
      return singleValue(f).map((v) => ({ '': v }));
  }
};

/** Values for each of `fields`, by name. */
export const valuesOf = (fields: Field[]): fc.Arbitrary<Values> =>
  fc.tuple(...fields.map(fieldValue)).map((ps) => Object.fromEntries(fields.map((f, i) => [f.name, ps[i]])));
