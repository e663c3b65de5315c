/**
 * The posted query of a form (spec 7.1 reading (a)): what a browser would serialise from the rendered inputs.
 * Pure: no DOM. Text-like inputs and selects post even when empty; radios, checkboxes and GDPR checkboxes post only
 * when checked, as in a real form submission.
 */
import type { Parts } from '../../validate/rules';
import { inputsOf, type Field } from './fields';

/** Value a checked GDPR consent checkbox posts. */
export const GDPR_VALUE = 'Y';

/** Values of every field by name: its `Parts` (see src/validate/rules.ts). */
export type Values = Record<string, Parts>;

/** The posted name/value pairs of `fields` holding `values`. */
export const serialize = (fields: Field[], values: Values): Record<string, string> => {
  const q: Record<string, string> = {};
  for (const f of fields) {
    const p = values[f.name] || {};
    for (const i of inputsOf(f)) {
      if (f.mpId) {
        if (p['']) q[i.name] = GDPR_VALUE;
      } else if (f.type == 'radio') {
        if (p['']) q[i.name] = p[''];
      } else if (f.type == 'checkbox') {
        if (p[i.key]) q[i.name] = i.key;
      } else q[i.name] = p[i.key] || '';
    }
  }
  return q;
};
