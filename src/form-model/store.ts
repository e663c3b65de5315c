/**
 * What the provider stores of a valid field (src/server/subscribe/collect.ts), read off the type table, and how a
 * stored value reads back as the form showed it: the provider's side only, so no browser bundle imports this module.
 */
import { parseCountries } from './countries';
import { COUNTRY_DATA } from './countries-data';
import type { Field } from './fields';
import { isEmpty, type Parts } from './parts';
import { screenOrder } from './wire';

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
  if (posts === 'each') return Object.keys(p).filter((k) => p[k]);
  if (posts !== 'parts') return (p[''] || '').trim();
  if (join != null) return parts!.map(([k, max]) => (p[k] || '').trim().padStart(max, '0')).join(join);
  const out: Record<string, string> = {};
  for (const [k] of parts!) if ((p[k] || '').trim()) out[k] = p[k].trim();
  return out;
};

/** Country names by id, made on first use: most values shown hold no address. */
let names: Map<string, string> | undefined;

/**
 * The name the address field's select shows for country `id` (src/form-model/countries.ts); any other value as it is
 * (the popup asks for the country as text when countries.js could not load).
 */
export const countryName = (id: string): string => (names ||= new Map(parseCountries(COUNTRY_DATA))).get(id) || id;

/**
 * Stored value `v` of field `f` as the visitor saw it in the form, for the page that shows a proposed change
 * (src/server/pages/confirm.ts): a choice's label rather than its value (select, dropdown, radio; a checkbox group's
 * checked labels joined by commas), an address's country by name, a birthday's or date's parts in the order of its
 * format (spec 3.4 dateformat: day first for DD/MM and DD/MM/YYYY, the year last), separated by '/' as the format
 * writes them. Anything else (text, a US phone's 'AAA-DDD-DDDD') reads as stored. Labels are the owner's text: the
 * caller escapes what it prints.
 */
export const shownValue = (f: Field, v: MergeValue): string => {
  const { posts, parts, join } = f.row;
  const label = (x: string) => f.choices.find((c) => c.value === x)?.label || x;
  if (Array.isArray(v)) return v.map(label).join(', ');
  if (typeof v !== 'string')
    return Object.entries(v)
      .map(([k, x]) => (k === 'country' ? countryName(x) : x))
      .filter(Boolean)
      .join(', ');
  if (posts === 'select' || posts === 'radio') return label(v);
  const got = join != null ? v.split(join) : [];
  // Only the date rows have a month; a stored value that does not split into the row's parts is shown as it is.
  if (!parts || got.length !== parts.length || !parts.some(([k]) => k === 'month')) return v;
  const at = Object.fromEntries(parts.map(([k], i) => [k, got[i]]));
  return screenOrder(f)
    .map((i) => at[i.key])
    .join('/');
};
