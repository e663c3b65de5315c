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
import { addScript } from '../../loader/jsonp';
import { beside } from '../beside';

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
let waiting: ((l: Country[] | null) => void)[] | undefined;

/** Loads the list once per page (countries.js sets `window.__mcsf.countries`), then calls every waiting `done`. */
const load = (done: (l: Country[] | null) => void) => {
  const g = (window.__mcsf ||= {});
  if (g.countries) return done((list = parseCountries(g.countries)));
  if (waiting) return void waiting.push(done);
  waiting = [done];
  const url = beside('countries.js');
  const end = () => {
    list = g.countries ? parseCountries(g.countries) : null;
    if (!list) console.warn('signup popup: the country list did not load from', url);
    for (const f of waiting!) f(list);
    waiting = undefined;
  };
  if (!url) return end();
  const s = addScript(url);
  s.onload = s.onerror = end;
};

/**
 * The countries: [] while countries.js loads, the list once it has, null when it could not be loaded (the address
 * field then asks for the country as text, so a required address can still be completed).
 */
export const useCountries = (): Country[] | null => {
  const [l, setL] = useState<Country[] | null>(list === undefined ? [] : list);
  useEffect(() => {
    if (list === undefined) load(setL);
  }, []);
  return l;
};
