/**
 * The one reader of raw field definitions (spec 3.4): the popup's settings normaliser and the provider's form cache
 * both call `parseFields` (through `readForm`, src/form-model/form.ts), once per form; everything else reads `Field`.
 */
import { obj, str, yes } from './raw';
import { CONSENT, fieldType, TYPES, US_PHONE, type FieldType, type TypeRow } from './types';

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
export interface Field {
  type: FieldType;
  /** Its row of the type table: a US phone's is US_PHONE, a marketing preference's CONSENT, else its type's. */
  row: TypeRow;
  /** Posted name, the merge tag: 'EMAIL', 'FNAME', 'group[123]'. Never empty, never reserved, unique in a form. */
  name: string;
  /** Visible label; the name when the settings give none. */
  label: string;
  required: boolean;
  /** Help text under the field (owner HTML). */
  help: string;
  /** Key of the field in a submit response's `errors` (spec 3.6, 8): merge_id, else the name. Never empty. */
  mergeId: string;
  groupId: string;
  choices: Choice[];
  /** Birthday 'DD/MM' or date 'DD/MM/YYYY': the day comes first on screen (spec 3.4). */
  dayFirst: boolean;
  /** marketing_preference_id: a GDPR consent checkbox when not '' (spec 3.4, 3.5). */
  mpId: string;
  /**
   * The legal text of an SMS phone field (owner HTML): when it is required, shown as the acknowledgement's label
   * (smsProgramData[0].requiredTemplate, else legal.required); when optional, above the opt-out (optionalTemplate,
   * else legal.optional).
   */
  legalRequired: string;
  legalOptional: string;
  /** smsProgramData[0].imgSrc: the SMS program's image. */
  smsImg: string;
}

/**
 * Names a field may not take: the submit query's own parameters (spec 7.1: u, id, f_id, popup, and the JSONP
 * callback c). A field of that name would overwrite them.
 */
export const RESERVED = ['u', 'id', 'f_id', 'popup', 'c'];

/** The choices of a field: items of {value, label}; an item with no value is dropped, a missing label is the value. */
const choices = (v: unknown): Choice[] =>
  (Array.isArray(v) ? v : []).map(obj).flatMap((c) => {
    const value = str(c.value);
    return value ? [{ value, label: str(c.label) || value }] : [];
  });

/**
 * The typed field list of a settings object's `fields` (spec 3.4): any JSON in, never throws. Items that are not
 * objects, have no name or a reserved one, are dropped; so is a second field of the same name (its inputs would
 * collide); an unknown type is text. Flags are read with `yes` (true, 'Y', 'true', 1).
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
    const mpId = str(f.marketing_preference_id);
    out.push({
      type,
      // phoneformat "US" gives the three-part phone, any other value a plain input (spec 3.4).
      row: mpId ? CONSENT : type === 'phone' && str(f.phoneformat) === 'US' ? US_PHONE : TYPES[type],
      name,
      label: str(f.label) || name,
      required: yes(f.required),
      help: str(f.helper_text),
      mergeId: str(f.merge_id) || name,
      groupId: str(f.group_id),
      choices: choices(f.choices),
      dayFirst: /^DD/i.test(str(f.dateformat)),
      mpId,
      legalRequired: str(sms.requiredTemplate) || str(legal.required),
      legalOptional: str(sms.optionalTemplate) || str(legal.optional),
      smsImg: str(sms.imgSrc),
    });
  }
  return out;
};
