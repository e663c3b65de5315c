/**
 * The inputs of a field (spec 3.5): their posted names, element ids and keys, the one list the form renders and the
 * wire codec (src/form-model/wire.ts) posts and reads. In a module of its own because popup.js lends it to the files
 * beside it (src/popup/runtime.ts): only this part of the wire is in popup.js. Pure: no DOM.
 */
import type { Field } from './fields';

/** Value a checked GDPR consent checkbox posts (spec 3.5). */
export const GDPR_VALUE = 'Y';

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
  const each = posts === 'each';
  return posts === 'consent'
    ? [{ name: f.name, id: 'gdpr-' + f.mpId, key: '', value: GDPR_VALUE }]
    : each || posts === 'radio'
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
