/**
 * Field definitions (spec 3.4) read defensively out of whatever JSON the provider sent, and the posted names and
 * element ids of each field (spec 3.5). Pure: no DOM. The popup's settings normaliser calls `parseFields` once;
 * everything else reads `Field`.
 */
import { fieldType, partsOf, type FieldType, type RuleField } from '../../validate/rules';
import { obj, str, yes } from '../raw';

export type { FieldType };

/** One choice of a select, dropdown, radio or checkbox field. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A field definition after parsing (spec 3.4). Strings are '' when absent;
 * HTML strings are owner HTML, unsanitised.
 */
export interface Field extends RuleField {
  type: FieldType;
  /** Posted name, the merge tag: 'EMAIL', 'FNAME', 'group[123]'. Never empty. */
  name: string;
  /** Visible label; the name when the settings give none. */
  label: string;
  required: boolean;
  /** Help text under the field (owner HTML). */
  help: string;
  /** Key of the field in a submit response's `errors` (spec 3.6, 8). */
  mergeId: string;
  groupId: string;
  choices: Choice[];
  /** Birthday 'DD/MM' or date 'DD/MM/YYYY': the day comes first on screen (spec 3.4). */
  dayFirst: boolean;
  /** phoneformat "US": the three-part phone (spec 3.4). */
  usPhone: boolean;
  /** marketing_preference_id: a GDPR consent checkbox when not '' (spec 3.4, 3.5). */
  mpId: string;
  /** legal.required and legal.optional (owner HTML). */
  legalRequired: string;
  legalOptional: string;
  /** smsProgramData[0]: program image and legal templates of an SMS phone field (owner HTML). */
  smsImg: string;
  smsRequired: string;
  smsOptional: string;
}

/**
 * Names a field may not take: the submit query's own parameters (spec 7.1: u, id, f_id, popup, and the JSONP
 * callback c). A field of that name would overwrite them.
 */
const RESERVED = ['u', 'id', 'f_id', 'popup', 'c'];

/** The choices of a field: items of {value, label}; an item with no value is dropped, a missing label is the value. */
const choices = (v: unknown): Choice[] =>
  (Array.isArray(v) ? v : []).map(obj).flatMap((c) => {
    const value = str(c.value);
    return value ? [{ value, label: str(c.label) || value }] : [];
  });

/**
 * The typed field list of a settings object's `fields` (spec 3.4): any JSON in, never throws. Items that are not
 * objects, have no name or a reserved one, are dropped; so is a second field of the same name (its inputs would
 * collide); an unknown type is text.
 */
export const parseFields = (raw: unknown): Field[] => {
  const seen = new Set<string>();
  const out: Field[] = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const f = obj(item);
    const name = str(f.name);
    if (!name || seen.has(name) || RESERVED.includes(name)) continue;
    seen.add(name);
    const type = fieldType(f.type);
    const legal = obj(f.legal);
    const sms = obj(Array.isArray(f.smsProgramData) ? f.smsProgramData[0] : undefined);
    out.push({
      type,
      name,
      label: str(f.label) || name,
      required: yes(f.required),
      help: str(f.helper_text),
      mergeId: str(f.merge_id),
      groupId: str(f.group_id),
      choices: choices(f.choices),
      dayFirst: /^DD/i.test(str(f.dateformat)),
      usPhone: str(f.phoneformat) == 'US',
      mpId: str(f.marketing_preference_id),
      legalRequired: str(legal.required),
      legalOptional: str(legal.optional),
      smsImg: str(sms.imgSrc),
      smsRequired: str(sms.requiredTemplate),
      smsOptional: str(sms.optionalTemplate),
    });
  }
  return out;
};

/** One input of a field as posted and in the DOM. */
export interface Input {
  /** Posted name (spec 3.5). */
  name: string;
  /** Element id (spec 3.5: mc-{name}-{index} or mc-{name}-{group_id}-{index}; gdpr-{marketing_preference_id}). */
  id: string;
  /** Sub-key in the field's `Parts` ('' for a single input, the choice value for a checkbox). */
  key: string;
  /** maxlength (spec 5.4), 0 for none. */
  max: number;
}

/**
 * Every input of a field, in screen order (spec 3.5). The index of an id is the input's position within its
 * field: a single input is -0, sub-inputs and choices count from 0 in posted order; `group_id` is inserted before
 * it when the field has one. A GDPR checkbox is `gdpr-{marketing_preference_id}` and posts `{name}`.
 * Radio inputs all post `{name}`; checkbox inputs post `{name}[value]`; sub-inputs post `{name}[key]`.
 */
export const inputsOf = (f: Field): Input[] => {
  if (f.mpId) return [{ name: f.name, id: 'gdpr-' + f.mpId, key: '', max: 0 }];
  const base = `mc-${f.name}-${f.groupId ? f.groupId + '-' : ''}`;
  if (f.type == 'image') return [];
  if (f.type == 'radio' || f.type == 'checkbox')
    return f.choices.map((c, i) => ({
      name: f.type == 'radio' ? f.name : `${f.name}[${c.value}]`,
      id: base + i,
      key: f.type == 'radio' ? '' : c.value,
      max: 0,
    }));
  const parts = partsOf(f);
  if (!parts.length) return [{ name: f.name, id: base + 0, key: '', max: 0 }];
  const all = parts.map(([key, max], i) => ({ name: `${f.name}[${key}]`, id: base + i, key, max }));
  // Birthday and date show day before month for DD/MM formats; the year stays last on screen (spec 3.4, 3.5).
  if (f.dayFirst && (f.type == 'birthday' || f.type == 'date')) {
    const m = all.findIndex((x) => x.key == 'month');
    [all[m], all[m + 1]] = [all[m + 1], all[m]];
  }
  if (f.type == 'date') all.push(all.shift()!);
  return all;
};
