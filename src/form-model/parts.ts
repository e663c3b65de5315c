/**
 * A field's values as posted parts (src/form-model/rules.ts explains the shape), and whether any was entered. Apart
 * from the rules so that popup.js can ask the second without carrying the rules' patterns (they come with
 * form-actions.js).
 */

/** Posted values of one field: the single input's under '', sub-inputs under their keys, checked choices. */
export type Parts = Record<string, string>;

/** Whether nothing was entered: every part blank (a checkbox group: nothing checked). */
export const isEmpty = (p: Parts): boolean => Object.values(p).every((v) => !v.trim());
