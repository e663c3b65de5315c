/**
 * The problems of the form model's checks and the accessibility warnings, placed beside their controls (issue 33
 * items 3 and 4): a check names a path of the settings (`fields[2].choices`, `styles.button.color`); the editor shows
 * its message under the control nearest that path (names.ts `controlFor`), or beside Save when none is near. Pure.
 */
import { controlFor, describe, type Draft, draftPath } from './names';

/** A problem of `checkSettings` (STUDIO.md part B): the popup would refuse or misread the setting at `path`. */
export interface Problem {
  path: string;
  message: string;
}

/** An accessibility warning of `accessibilityWarnings` (STUDIO.md part B): `ratio` for a contrast. */
export interface Warning {
  path: string;
  message: string;
  ratio?: number;
}

/** A problem or warning where the editor shows it: the control's path ('' for the form) and its name. */
export interface Placed {
  control: string;
  label: string;
  message: string;
  ratio?: number;
}

/** Places settings-relative items (the checks' paths) at their controls, named as `draft` names them. */
export const place = (items: readonly (Problem | Warning)[], draft: Draft): Placed[] =>
  items.map((p) => {
    const control = controlFor(draftPath(p.path));
    const placed: Placed = { control, label: describe(control, draft), message: p.message };
    if ('ratio' in p && typeof p.ratio == 'number') placed.ratio = p.ratio;
    return placed;
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

/** A contrast ratio as WCAG writes it: 4.5:1, 2.87:1 (two decimals at most, trailing zeros dropped). */
export const ratioText = (r: number): string => `${Math.floor(r * 100) / 100}:1`;
