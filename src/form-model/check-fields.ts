/**
 * The checks of the field definitions (spec 3.4, 3.5): what `parseFields` (src/form-model/fields.ts) would drop or
 * read otherwise than the owner meant, what would collide in the posted query or the answer's errors, and whether the
 * form has someone to subscribe. Part of `checkSettings` (src/form-model/check.ts).
 */
import { MERGE_VALUE_MAX } from '../constants';
import { parseFields, RESERVED } from './fields';
import {
  add,
  checkText,
  fmt,
  HELP_MAX,
  isFlag,
  LABEL_MAX,
  type Problem,
  providerUrl,
  RICH_MAX,
  shown,
  urlMessage,
} from './problems';
import { obj, type Obj, str } from './raw';
import { TYPES } from './types';

/**
 * Most fields in a form: every field is in each submit, a JSONP GET whose URL the provider caps at 8 kB
 * (PROVIDER_MAX_URL); 30 fields with names of at most `NAME_MAX` characters leave each value some 200 bytes.
 */
export const FIELDS_MAX = 30;
/** Longest merge tag: see `FIELDS_MAX`. */
export const NAME_MAX = 50;
/** Most choices of one field: each is an input, or an option, in the popup; a checkbox posts each it ticks. */
export const CHOICES_MAX = 100;

/**
 * A merge tag: a letter, then letters, digits and underscores; or a group or marketing-permission name, `group[N]`,
 * `gdpr[N]`. Nothing else: a name is posted as is, and as `{name}[key]` for parts and checkbox choices (spec 3.5),
 * so brackets of another shape would collide with another field's posted names.
 */
const MERGE_TAG = /^([A-Za-z]\w*|(group|gdpr)\[\d+\])$/;

/** dateformat values of spec 3.4 by type. */
const DATE_FORMATS: Record<string, string[]> = { birthday: ['MM/DD', 'DD/MM'], date: ['MM/DD/YYYY', 'DD/MM/YYYY'] };

/** How a message names field `i`: 'Field 3 (FNAME)'. */
const fieldName = (i: number, f: Obj): string => `Field ${i + 1}${str(f.name) ? ` (${str(f.name)})` : ''}`;

const checkName = (f: Obj, at: string, label: string, out: Problem[]): void => {
  const name = str(f.name);
  if (!name) {
    add(out, at + '.name', `${label} has no merge tag (name): the popup leaves it out.`);
    return;
  }
  if (RESERVED.includes(name)) {
    add(
      out,
      at + '.name',
      `${label}: the merge tag ${shown(name)} is one the signup request uses itself (${RESERVED.join(', ')}): ` +
        'the popup leaves the field out.',
    );
    return;
  }
  if (!MERGE_TAG.test(name) || name.length > NAME_MAX || name.startsWith('b_'))
    add(
      out,
      at + '.name',
      `${label}: the merge tag must start with a letter and hold only letters, digits and underscores ` +
        `(at most ${NAME_MAX}, not starting with b_, the spam trap's), or be group[N] or gdpr[N].`,
    );
  if (/^gdpr\[/.test(name) && !str(f.marketing_preference_id))
    add(
      out,
      at + '.marketing_preference_id',
      `${label} is named like a marketing permission but has no marketing_preference_id: ` +
        'the popup shows it as an ordinary field, outside the GDPR block.',
    );
};

const checkType = (f: Obj, at: string, label: string, out: Problem[]): void => {
  if (f.type != null && !Object.hasOwn(TYPES, str(f.type)))
    add(out, at + '.type', `${label}: ${shown(f.type)} is no field type; the popup would show a text field.`);
  if (str(f.type) === 'image')
    add(out, at + '.type', `${label}: the popup shows no image field (it has nothing to post). Use the form's Image.`);
  const formats = DATE_FORMATS[str(f.type)];
  if (formats && str(f.dateformat) && !formats.includes(str(f.dateformat).toUpperCase()))
    add(
      out,
      at + '.dateformat',
      `${label}: the date format must be ${formats.join(' or ')}, not ${shown(f.dateformat)}.`,
    );
  if (!isFlag(f.required)) add(out, at + '.required', `${label}: Required must be Y or N, not ${shown(f.required)}.`);
};

const checkChoice = (c: unknown, at: string, label: string, seen: Set<string>, out: Problem[]): void => {
  const o = obj(c);
  const value = str(o.value);
  if (!value) add(out, at + '.value', `${label} has no value: the popup leaves it out.`);
  else if (seen.has(value))
    add(
      out,
      at + '.value',
      `${label}: another choice has the value ${shown(value)} too; a pick of either reads alike.`,
    );
  else if (value.length > MERGE_VALUE_MAX)
    add(
      out,
      at + '.value',
      `${label}: the provider stores at most ${MERGE_VALUE_MAX} characters of a value; a visitor who picked it could ` +
        'not subscribe.',
    );
  seen.add(value);
  checkText(out, at + '.label', o.label, LABEL_MAX, true, label + ' label');
};

/** The choices of a select, dropdown, radio or checkbox field (not a marketing permission, which has none). */
const checkChoices = (f: Obj, at: string, label: string, out: Problem[]): void => {
  const posts = TYPES[str(f.type) as keyof typeof TYPES]?.posts;
  if (str(f.marketing_preference_id) || !(posts === 'select' || posts === 'radio' || posts === 'each')) return;
  const list = Array.isArray(f.choices) ? f.choices : [];
  if (!list.length) {
    add(out, at + '.choices', `${label} has no choices: a visitor could pick nothing.`);
    return;
  }
  if (list.length > CHOICES_MAX)
    add(out, at + '.choices', `${label} has ${list.length} choices: keep it to ${CHOICES_MAX}.`);
  const seen = new Set<string>();
  for (const [j, c] of list.entries()) checkChoice(c, `${at}.choices[${j}]`, `${label}: choice ${j + 1}`, seen, out);
};

/** Texts of a field: its label (plain; a marketing permission's is its consent text), help, SMS legal texts. */
const checkFieldTexts = (f: Obj, at: string, label: string, out: Problem[]): void => {
  checkText(out, at + '.label', f.label, LABEL_MAX, true, label + ' label');
  if (str(f.marketing_preference_id) && !str(f.label))
    add(out, at + '.label', `${label} is a marketing permission without a label: visitors would consent to its name.`);
  checkText(out, at + '.helper_text', f.helper_text, HELP_MAX, false, label + ' help text');
  const legal = obj(f.legal);
  for (const k of ['required', 'optional'])
    checkText(out, `${at}.legal.${k}`, legal[k], RICH_MAX, false, label + ' legal text');
  const sms = obj(Array.isArray(f.smsProgramData) ? f.smsProgramData[0] : undefined);
  for (const k of ['requiredTemplate', 'optionalTemplate'])
    checkText(out, `${at}.smsProgramData[0].${k}`, sms[k], RICH_MAX, false, label + ' legal text');
  if (str(sms.imgSrc) && !providerUrl(sms.imgSrc))
    add(out, at + '.smsProgramData[0].imgSrc', urlMessage(label + ' image', sms.imgSrc));
};

/** Names, merge ids and marketing permission ids that a second field repeats (inputs, errors, ids would collide). */
const checkRepeats = (list: unknown[], out: Problem[]): void => {
  const names = new Set<string>();
  const ids = new Set<string>();
  const mps = new Set<string>();
  for (const [i, item] of list.entries()) {
    const f = obj(item);
    const name = str(f.name);
    const label = fieldName(i, f);
    if (!name || RESERVED.includes(name)) continue;
    if (names.has(name)) {
      add(out, `fields[${i}].name`, `${label}: another field has this merge tag; the popup shows only the first.`);
      continue;
    }
    names.add(name);
    const id = str(f.merge_id) || name;
    if (ids.has(id))
      add(out, `fields[${i}].merge_id`, `${label}: another field has the merge id ${shown(id)}; errors would mix up.`);
    ids.add(id);
    const mp = str(f.marketing_preference_id);
    if (mp && mps.has(mp))
      add(out, `fields[${i}].marketing_preference_id`, `${label}: another field is the same marketing permission.`);
    mps.add(mp);
  }
};

/** Someone to subscribe: one e-mail field or one SMS phone field at least, and not two of either (spec 4.4, 5.5). */
const checkRoles = (list: unknown[], out: Problem[]): void => {
  const fields = parseFields(list);
  const index = (name: string) => list.findIndex((x) => str(obj(x).name) === name);
  for (const role of ['email', 'sms'] as const) {
    const [, second] = fields.filter((f) => f.row.role === role);
    if (second)
      add(
        out,
        `fields[${index(second.name)}].type`,
        `${fieldName(index(second.name), obj(list[index(second.name)]))} is a second ` +
          (role === 'email'
            ? 'e-mail field: a form takes one address.'
            : 'SMS phone field: the popup shows only the first.'),
      );
  }
  if (!fields.some((f) => f.row.role))
    add(out, 'fields', 'The form needs an e-mail field or an SMS phone field: without one nobody can subscribe.');
};

/** The problems of `fields` (spec 3.4). */
export const checkFields = (v: unknown, out: Problem[]): void => {
  if (v != null && !Array.isArray(v)) {
    add(out, 'fields', 'Fields must be a list of fields.');
    return;
  }
  const list = Array.isArray(v) ? v : [];
  if (list.length > FIELDS_MAX)
    add(
      out,
      'fields',
      `The form has ${fmt(list.length)} fields: keep it to ${FIELDS_MAX}, the most a signup can send.`,
    );
  for (const [i, item] of list.entries()) {
    const at = `fields[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      add(out, at, `Field ${i + 1} is no field definition (an object with a type and a name).`);
      continue;
    }
    const f = item as Obj;
    const label = fieldName(i, f);
    checkName(f, at, label, out);
    checkType(f, at, label, out);
    checkChoices(f, at, label, out);
    checkFieldTexts(f, at, label, out);
  }
  checkRepeats(list, out);
  checkRoles(list, out);
};
