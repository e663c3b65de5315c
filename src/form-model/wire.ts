/**
 * The wire: every name and value a submit posts (spec 3.5, 7.1 reading (a)), as one codec pair. `encode` is what the
 * popup sends, what a browser would serialise from the rendered inputs; `decode` is how the provider reads it back.
 * decode(encode(x)) is x (test/unit/form-model-wire.test.ts). Pure: no DOM.
 */
import type { Field } from './fields';
import type { Parts } from './rules';

/** Value a checked GDPR consent checkbox posts (spec 3.5). */
export const GDPR_VALUE = 'Y';
/** Posted name and element id of the required SMS acknowledgement checkbox (spec 3.5, 5.5). */
export const ACK_NAME = 'mc-SMSPHONE-ack';
/** What the acknowledgement posts when ticked (spec 3.5). */
export const ACK_VALUE = 'true';
/** The honeypot input's name (spec 3.5): b_{uuid}_{lid}. */
export const honeypotName = (uuid: string, lid: string): string => `b_${uuid}_${lid}`;

/** A flat query of posted names and values. */
export type Query = Record<string, string>;
/** Values of every field by name: its `Parts` (src/form-model/rules.ts). */
export type Values = Record<string, Parts>;

/** One input of a field as posted and in the DOM. */
export interface Input {
  /** Posted name (spec 3.5). */
  name: string;
  /** Element id (spec 3.5: mc-{name}-{index} or mc-{name}-{group_id}-{index}; gdpr-{marketing_preference_id}). */
  id: string;
  /** Sub-key in the field's `Parts` ('' for a single input, the choice value for a checkbox). */
  key: string;
  /** maxlength of a sub-input (spec 5.4); 0 or absent for none. */
  max?: number;
  /** What a checkbox or radio posts when checked; undefined for inputs that always post what they hold. */
  value?: string;
}

/**
 * Every input of a field, in posted order (spec 3.5). The index of an id is the input's position within its
 * field: a single input is -0, sub-inputs and choices count from 0; `group_id` is inserted before it when the field
 * has one. A GDPR checkbox is `gdpr-{marketing_preference_id}` and posts `{name}`. Radio inputs all post `{name}`;
 * checkbox inputs post `{name}[value]`; sub-inputs post `{name}[key]`. A field with nothing to post has none.
 */
export const inputsOf = (f: Field): Input[] => {
  const { posts, parts } = f.row;
  const base = `mc-${f.name}-${f.groupId ? f.groupId + '-' : ''}`;
  const each = posts == 'each';
  return posts == 'consent'
    ? [{ name: f.name, id: 'gdpr-' + f.mpId, key: '', value: GDPR_VALUE }]
    : each || posts == 'radio'
      ? f.choices.map((c, i) => ({
          name: each ? `${f.name}[${c.value}]` : f.name,
          id: base + i,
          key: each ? c.value : '',
          value: c.value,
        }))
      : parts
        ? parts.map(([key, max], i) => ({ name: `${f.name}[${key}]`, id: base + i, key, max }))
        : posts
          ? [{ name: f.name, id: base + 0, key: '' }]
          : [];
};

/**
 * The inputs of a multi-part field in screen order: birthday and date show day before month for DD/MM formats,
 * and the year stays last (spec 3.4, 3.5).
 */
export const screenOrder = (f: Field): Input[] => {
  const all = inputsOf(f);
  const m = all.findIndex((x) => x.key == 'month');
  if (f.dayFirst && m >= 0) [all[m], all[m + 1]] = [all[m + 1], all[m]];
  if (all[0] && all[0].key == 'year') all.push(all.shift()!);
  return all;
};

/** What a submit carries: the fields' values, the SMS acknowledgement, the honeypot (spec 3.5 form extras). */
export interface Submission {
  values: Values;
  /** The acknowledgement was ticked and posts (only a required SMS field has one, spec 5.5). */
  ack: boolean;
  /** What the hidden honeypot input holds: '' from a person. */
  honeypot: string;
}

/**
 * The posted query of a submit of `fields` for list `uuid`/`lid` (spec 7.1 reading (a); u, id and f_id are the
 * caller's). Inputs that always post do so even when empty; checkboxes and radios post only when checked, as in a
 * real form submission.
 */
export const encode = (fields: Field[], s: Submission, uuid: string, lid: string): Query => {
  const q: Query = { popup: 'true' };
  for (const f of fields) {
    const p = s.values[f.name] || {};
    for (const i of inputsOf(f))
      if (i.value == null) q[i.name] = p[i.key] || '';
      else if (p[i.key] == i.value) q[i.name] = i.value;
  }
  q[honeypotName(uuid, lid)] = s.honeypot;
  if (s.ack) q[ACK_NAME] = ACK_VALUE;
  return q;
};

/**
 * A posted query read back into the submission of `fields` (the provider's side of `encode`). Missing inputs read
 * as ''; a checkbox choice is absent unless it posted. Values are kept as posted, whatever they hold: the rules and
 * the store judge them (src/form-model/rules.ts, src/server/subscribe/collect.ts).
 */
export const decode = (
  q: Record<string, string | undefined>,
  fields: Field[],
  uuid: string,
  lid: string,
): Submission => {
  const values: Values = {};
  for (const f of fields) {
    const p: Parts = (values[f.name] = {});
    for (const i of inputsOf(f)) {
      const v = q[i.name];
      // An unchecked checkbox posts nothing: its choice is left out, not ''.
      if (v || !(i.key && i.value)) p[i.key] = typeof v == 'string' ? v : '';
    }
  }
  return { values, ack: q[ACK_NAME] == ACK_VALUE, honeypot: q[honeypotName(uuid, lid)] || '' };
};
