/**
 * Paths into a settings object, in the form the form model's checks name them (STUDIO.md "The form model's checks":
 * `fields[2].choices`, `styles.button.color`), read and written without mutating: the editor's draft is immutable,
 * so each edit makes a new object along the path and shares the rest. Pure.
 */

import { keyPath } from '../form-model/names';

/** One step of a path: a key of an object or an index of an array. */
export type Step = string | number;

/** A settings object or any part of it. */
export type Json = unknown;

/**
 * The steps of `path`: 'fields[2].choices' → ['fields', 2, 'choices']; 'translations["Learn more."]' →
 * ['translations', 'Learn more.'] (a key with a dot, a bracket or a quote, JSON-quoted: src/form-model/names.ts
 * keyPath); '' → [].
 */
export const parsePath = (path: string): Step[] => {
  const steps: Step[] = [];
  for (const m of path.matchAll(/\[("(?:[^"\\]|\\.)*")\]|([^.[\]]+)|\[(\d+)\]/g))
    steps.push(m[1] !== undefined ? (JSON.parse(m[1]) as string) : m[3] !== undefined ? Number(m[3]) : m[2]);
  return steps;
};

/** The path of `steps`, as parsePath reads it. */
export const formatPath = (steps: Step[]): string =>
  steps.reduce<string>((p, s) => (typeof s === 'number' ? `${p}[${s}]` : keyPath(p, s)), '');

/** The pattern of a path: every index written `[]` ('fields[2].label' → 'fields[].label'). */
export const pattern = (path: string): string => path.replace(/\[\d+\]/g, '[]');

/** The indices of a path, in order ('fields[2].choices[1].value' → [2, 1]). */
export const indices = (path: string): number[] => [...path.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

const isObj = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value at `path` in `root`, or undefined when any step is missing. */
export const getAt = (root: Json, path: string): Json => {
  let v = root;
  for (const s of parsePath(path)) {
    if (typeof s === 'number' ? !Array.isArray(v) : !isObj(v)) return undefined;
    v = (v as Record<Step, Json>)[s];
  }
  return v;
};

/** A copy of `node` (an object, or an array when the next step is an index) with `step` set to `value`. */
const withStep = (node: Json, step: Step, value: Json): Json => {
  if (typeof step === 'number') {
    const a = Array.isArray(node) ? node.slice() : [];
    a[step] = value;
    return a;
  }
  const o: Record<string, Json> = isObj(node) ? { ...node } : {};
  if (value === undefined) delete o[step];
  else o[step] = value;
  return o;
};

/**
 * `root` with the value at `path` replaced by `value` (undefined removes an object's key), every object and array on
 * the way copied, the rest shared. Missing steps are made (an object, or an array before an index).
 */
export const setAt = <T extends Json>(root: T, path: string, value: Json): T => {
  const steps = parsePath(path);
  const go = (node: Json, i: number): Json =>
    i === steps.length
      ? value
      : withStep(node, steps[i], go((node as Record<Step, Json> | undefined)?.[steps[i]], i + 1));
  return go(root, 0) as T;
};

/** Whether two JSON values are equal, deeply (key order aside). */
export const sameJson = (a: Json, b: Json): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isObj(a) || !isObj(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
};
