/**
 * The edits of the field list (issue 33 item 2 "fields: add, remove, reorder, type, … choices"), pure: each takes the
 * raw `fields` array of the settings (spec 3.4) and gives a new one. The Fields section lists the form's own fields,
 * the GDPR block its marketing preferences (fields with a marketing_preference_id, spec 3.4): both live in the one
 * array, so a move passes over the other kind.
 */
import { DATE_FORMATS } from './catalogue';
import type { FieldType } from '../form-model/types';

export type RawField = Record<string, unknown>;

/** A marketing preference: a GDPR consent checkbox (spec 3.4 marketing_preference_id). */
export const isConsent = (f: RawField): boolean => String(f.marketing_preference_id ?? '').trim() !== '';

/** Types that take choices (spec 3.4 choices[]). */
export const CHOICE_TYPES: readonly string[] = ['select', 'dropdown', 'radio', 'checkbox'];

/** A merge tag no field of `fields` has: MMERGE{n}, Mailchimp's own for new fields. */
export const freeName = (fields: readonly RawField[], stem = 'MMERGE'): string => {
  const names = new Set(fields.map((f) => String(f.name ?? '')));
  let n = fields.length;
  while (names.has(`${stem}${n}`)) n++;
  return `${stem}${n}`;
};

/** The next merge id: one more than the largest numeric one. */
const nextMergeId = (fields: readonly RawField[]): number =>
  fields.reduce((m, f) => Math.max(m, Number.isFinite(Number(f.merge_id)) ? Number(f.merge_id) : 0), 0) + 1;

/** What a field of `type` needs beside the common keys: choices, a date or phone format. */
const typeExtras = (type: string, f: RawField): RawField => {
  const extras: RawField = {};
  if (CHOICE_TYPES.includes(type) && !(Array.isArray(f.choices) && f.choices.length))
    extras.choices = [
      { value: 'Option 1', label: 'Option 1' },
      { value: 'Option 2', label: 'Option 2' },
    ];
  const formats = DATE_FORMATS[type as FieldType];
  if (formats && !formats.some(([v]) => v === f.dateformat)) extras.dateformat = formats[0][0];
  if (type === 'phone' && f.phoneformat === undefined) extras.phoneformat = 'US';
  return extras;
};

/** A new field of `type` at the end (or a new marketing preference with `consent`). */
export const addField = (fields: readonly RawField[], type: string, consent = false): RawField[] => {
  const id = nextMergeId(fields);
  const base: RawField = {
    type: consent ? 'checkbox' : type,
    name: consent ? `gdpr[${id}]` : freeName(fields),
    label: consent ? 'New permission' : 'New field',
    required: false,
    helper_text: '',
    merge_id: id,
  };
  if (consent) base.marketing_preference_id = id;
  return [...fields, consent ? base : { ...base, ...typeExtras(type, base) }];
};

/** The field at `i` with the type `type` and what that type needs. */
export const withType = (f: RawField, type: string): RawField => ({ ...f, type, ...typeExtras(type, f) });

export const removeAt = <T>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);

/**
 * `list` with item `i` swapped with the nearest item before (`dir` -1) or after (+1) it that `same` accepts, or
 * `list` itself when there is none.
 */
export const move = <T>(list: readonly T[], i: number, dir: -1 | 1, same: (x: T) => boolean = () => true): T[] => {
  let j = i + dir;
  while (j >= 0 && j < list.length && !same(list[j])) j += dir;
  if (j < 0 || j >= list.length) return list as T[];
  const out = list.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
};

/** Whether item `i` can move in `dir` (there is an item of its kind that way). */
export const canMove = <T>(list: readonly T[], i: number, dir: -1 | 1, same: (x: T) => boolean = () => true): boolean =>
  move(list, i, dir, same) !== list;

/** A new choice at the end of `choices`, with a value none has. */
export const addChoice = (choices: readonly RawField[]): RawField[] => {
  const values = new Set(choices.map((c) => String(c.value ?? '')));
  let n = choices.length + 1;
  while (values.has(`Option ${n}`)) n++;
  return [...choices, { value: `Option ${n}`, label: `Option ${n}` }];
};
