/**
 * The country list of the address field (spec 3.5: "about 240" id/name pairs): the provider's current list of 234
 * (USA 164, Afghanistan 274, Albania 2, Canada 30, United Kingdom 262, ...), in the provider's order (USA first).
 * Pure, in the form model because both sides read it: the popup's country select (src/popup/form/countries.ts, which
 * gets the data from countries.js) and the provider (src/form-model/store.ts, a stored id shown back as its name).
 *
 * Encoded as one string of "|"-separated items, "{id}{name}" (src/form-model/countries-data.ts). The provider numbered
 * its first 174 countries 1 to 174 in alphabetical order and later ones from 175 up, so most items of the first kind
 * carry the id after the previous one: such items leave their id out (`ORIGINAL_MAX` below), which saves about a tenth
 * of the list's compressed bytes.
 */

/** The highest id of the provider's original alphabetical numbering: only ids up to it continue a run. */
const ORIGINAL_MAX = 174;

/** A country: [id, name]. */
export type Country = [string, string];

/** The encoded list as [id, name] pairs in display order. Pure. */
export const parseCountries = (data: string): Country[] => {
  let run = 0;
  return data.split('|').map((c) => {
    const m = /^(\d*)(.*)$/.exec(c)!;
    const id = m[1] ? +m[1] : run + 1;
    if (id <= ORIGINAL_MAX) run = id;
    return [String(id), m[2]];
  });
};
