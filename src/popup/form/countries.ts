/**
 * The country list of the address field (spec 3.5: "about 240" id/name pairs): the provider's current list of 234
 * (USA 164, Afghanistan 274, Albania 2, Canada 30, United Kingdom 262, ...), in the provider's order (USA first).
 * The data (src/popup/form/countries-data.ts) is not in popup.js: it is 1.4 kB brotli that most forms never need, so
 * it ships as countries.js beside popup.js and is fetched when an address field first renders (issue 4).
 *
 * Encoded as one string of "|"-separated items, "{id}{name}". The provider numbered its first 174 countries 1 to 174
 * in alphabetical order and later ones from 175 up, so most items of the first kind carry the id after the previous
 * one: such items leave their id out (`ORIGINAL_MAX` below), which saves about a tenth of the list's compressed bytes.
 */
import { useEffect, useState } from 'react';
import { beside, loadBeside } from '../beside';

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

/** The parsed list once loaded; null when it could not be loaded. */
let list: Country[] | null | undefined;

/** Parses what countries.js set on `window.__mcsf.countries` into `list`; null when it has set nothing. */
const parse = (): Country[] | null => {
  const c = window.__mcsf && window.__mcsf.countries;
  return (list = c ? parseCountries(c) : null);
};

/**
 * The countries: [] while countries.js loads, the list once it has, null when it could not be loaded (the address
 * field then asks for the country as text, so a required address can still be completed).
 */
export const useCountries = (): Country[] | null => {
  const [l, setL] = useState<Country[] | null>(list === undefined ? [] : list);
  useEffect(() => {
    if (list !== undefined) return;
    // Already on the page before any field asked (set by an earlier copy of the file): parsed at once.
    if (window.__mcsf && window.__mcsf.countries) return void setL(parse());
    loadBeside('countries.js').then(() => {
      // The first field to hear of the load parses it and, when it failed, warns once.
      if (list === undefined && !parse())
        console.warn('signup popup: the country list did not load from', beside('countries.js'));
      setL(list!);
    });
  }, []);
  return l;
};
