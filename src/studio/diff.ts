/**
 * The difference of two drafts, by control (docs/decisions/owner-api-revisions.md: a stale save is shown the
 * difference, no silent overwrite; the Versions panel shows what restoring one would change). Every leaf that differs
 * is named by the control that edits it (names.ts), once per control, in the order of the settings. Pure.
 */
import { controlFor, describe, type Draft } from './names';
import { formatPath, getAt, type Json, type Step } from './paths';

/** One control whose value differs: its path, its name, and the two values as short text. */
export interface Change {
  path: string;
  label: string;
  mine: string;
  theirs: string;
}

const isObj = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The paths of every leaf where `a` and `b` differ (a key or item only one side has is a leaf of its own). */
export const leafChanges = (a: Json, b: Json, at: Step[] = []): string[] => {
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    return Array.from({ length: n }, (_, i) => leafChanges(a[i], b[i], [...at, i])).flat();
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => leafChanges(a[k], b[k], [...at, k]));
  }
  return a === b || (a === undefined && b === null) || (a === null && b === undefined) ? [] : [formatPath(at)];
};

const MAX_TEXT = 80;

/** A value as a list shows it: text quoted and cut, an absent value '(not set)', a list counted, an object 'set'. */
export const showValue = (v: Json): string => {
  if (v === undefined || v === null || v === '') return '(not set)';
  if (typeof v === 'string') {
    const t = [...v.replace(/\s+/g, ' ').trim()];
    return `“${t.length > MAX_TEXT ? t.slice(0, MAX_TEXT - 1).join('') + '…' : t.join('')}”`;
  }
  if (Array.isArray(v)) return `${v.length} item${v.length === 1 ? '' : 's'}`;
  if (isObj(v)) return 'set';
  return String(v);
};

/**
 * The controls whose values differ between `mine` and `theirs`, each once, named as the editor labels them (fields by
 * my draft's labels, then theirs for a field only they have).
 */
export const diffDrafts = (mine: Draft, theirs: Draft): Change[] => {
  const seen = new Map<string, Change>();
  for (const leaf of leafChanges(mine, theirs)) {
    const path = controlFor(leaf) || leaf;
    if (seen.has(path)) continue;
    // A field is named by its label in my draft, unless only theirs has the field.
    const field = /^settings\.fields\[\d+\]/.exec(path)?.[0] ?? path;
    const named = getAt(mine, field) !== undefined ? mine : theirs;
    seen.set(path, {
      path,
      label: describe(path, named),
      mine: showValue(getAt(mine, path)),
      theirs: showValue(getAt(theirs, path)),
    });
  }
  return [...seen.values()];
};
