/**
 * What the provider stores of a valid field (src/server/subscribe/collect.ts), read off the type table: the
 * provider's side only, so no browser bundle imports this module.
 */
import type { Field } from './fields';
import { isEmpty, type Parts } from './parts';

/** A stored merge value: text, the checked choices of a checkbox group, or the parts of an address. */
export type MergeValue = string | string[] | Record<string, string>;

/**
 * A field's values as the value stored for it; null when blank. Checkbox groups store their checked choices; rows
 * with a `join` their parts trimmed, zero-padded to their maxlength and joined (birthday 'MM/DD', date 'YYYY-MM-DD',
 * US phone 'AAA-DDD-DDDD'); other multi-part rows an object of their non-blank parts (address); single inputs their
 * trimmed value.
 */
export const storedValue = (f: Field, p: Parts): MergeValue | null => {
  if (isEmpty(p)) return null;
  const { posts, parts, join } = f.row;
  if (posts == 'each') return Object.keys(p).filter((k) => p[k]);
  if (posts != 'parts') return (p[''] || '').trim();
  if (join != null) return parts!.map(([k, max]) => (p[k] || '').trim().padStart(max, '0')).join(join);
  const out: Record<string, string> = {};
  for (const [k] of parts!) if ((p[k] || '').trim()) out[k] = p[k].trim();
  return out;
};
