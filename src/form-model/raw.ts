/**
 * Readers of raw provider values, the only ones: the form model's parsers (src/form-model/), the popup's settings
 * normaliser (src/popup/settings.ts) and its server cookies (src/popup/server-cookies.ts) read every raw value through
 * them, so the popup and the provider read a flag or a string the same way. Whatever JSON arrives, each gives a value
 * of its type and never throws.
 */

/** A plain object. */
export type Obj = Record<string, unknown>;

/** A plain object, or {} for anything else (arrays, null, primitives). */
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** A string or finite number as a trimmed string; anything else ''. */
export const str = (v: unknown): string =>
  /* biome-ignore lint/suspicious/noGlobalIsFinite: v is a number here,
     where the global gives Number.isFinite's answer in fewer bytes */
  typeof v === 'string' || (typeof v === 'number' && isFinite(v)) ? String(v).trim() : '';

/** Y/N strings (spec 3.2) and the booleans or 1/'true' some providers send. */
export const yes = (v: unknown): boolean => v === true || v === 1 || /^(y|yes|true|1)$/i.test(str(v));

/** A number ≥ 0 out of a number or numeric string ('768px' reads as 768), else `d`. */
export const num = (v: unknown, d: number): number => {
  const n = parseFloat(str(v));
  return n >= 0 ? n : d;
};
