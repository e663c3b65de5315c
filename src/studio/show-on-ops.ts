/**
 * The edits of a form's display rules (issue 36 part 1, settings key `showOn`; src/form-model/show-on.ts), pure: each
 * gives the new `showOn` from the one in the draft. What means "no rule" is left out (an empty list, devices 'all'),
 * and rules that say nothing are removed whole: a form without `showOn` costs its visitors nothing (the loader fetches
 * the rules' judge, embed-rules.js, only for settings that carry them).
 */
import type { ShowOn } from '../form-model/show-on';

export type PatternList = 'include' | 'exclude';

/** The rules as the draft holds them: an object, or {} for anything else (the checks say what is wrong). */
const rulesOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The patterns of a list as the draft holds them ([] when none, or when it is no list). */
export const patternsOf = (showOn: unknown, list: PatternList): unknown[] => {
  const v = rulesOf(showOn)[list];
  return Array.isArray(v) ? v : [];
};

/** `showOn` with `key` set to `value`, what means no rule dropped; undefined when no rule is left. */
export const withRule = (showOn: unknown, key: keyof ShowOn, value: unknown): Record<string, unknown> | undefined => {
  const next: Record<string, unknown> = { ...rulesOf(showOn), [key]: value };
  for (const k of ['include', 'exclude'] as const)
    if (Array.isArray(next[k]) && !(next[k] as unknown[]).length) delete next[k];
  if (next.devices == null || next.devices === 'all') delete next.devices;
  for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
  return Object.keys(next).length ? next : undefined;
};

/** The rules with an empty pattern added at the end of `list`, for the owner to write. */
export const addPattern = (showOn: unknown, list: PatternList): Record<string, unknown> | undefined =>
  withRule(showOn, list, [...patternsOf(showOn, list), '']);

/** The rules without the pattern at `i` of `list`. */
export const removePattern = (showOn: unknown, list: PatternList, i: number): Record<string, unknown> | undefined =>
  withRule(
    showOn,
    list,
    patternsOf(showOn, list).filter((_, j) => j !== i),
  );
