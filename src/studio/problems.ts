/**
 * The problems of the form model's checks and the accessibility warnings, placed beside their controls (issue 33
 * items 3 and 4): a check names a path of the settings (`fields[2].choices`, `styles.button.color`); the editor shows
 * its message under the control nearest that path (names.ts `controlFor`), or beside Save when none is near. Pure.
 */
import type { Warning } from '../form-model/a11y';
import type { Problem } from '../form-model/check';
import { controlFor, describe, type Draft, draftPath } from './names';

export type { Problem, Warning };

/**
 * A problem or warning where the editor shows it: the control's path ('' for the form), the control's name, and the
 * message (which names the control as the form model calls it, and for a contrast gives the ratio).
 */
export interface Placed {
  control: string;
  label: string;
  message: string;
}

/** Places settings-relative items (the checks' paths) at their controls, named as `draft` names them. */
export const place = (items: readonly (Problem | Warning)[], draft: Draft): Placed[] =>
  items.map((p) => {
    const control = controlFor(draftPath(p.path));
    return { control, label: describe(control, draft), message: p.message };
  });

/** The messages by control path, each control's in order, without repeats. */
export const byControl = (placed: readonly Placed[]): Map<string, string[]> => {
  const m = new Map<string, string[]>();
  for (const p of placed) {
    const list = m.get(p.control) || [];
    if (!list.includes(p.message)) list.push(p.message);
    m.set(p.control, list);
  }
  return m;
};
