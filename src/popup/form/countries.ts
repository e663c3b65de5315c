/**
 * The address field's country list in the popup (spec 3.5; the list and its encoding: src/form-model/countries.ts). The
 * data (src/form-model/countries-data.ts) is not in popup.js: it is a large share of popup.js's size that most forms
 * never need, so it ships as countries.js beside popup.js and is fetched when an address field first renders
 * (docs/decisions/fetched-when-needed.md).
 */
import { useEffect, useState } from 'react';
import { SHEETS_TIMEOUT_MS } from '../../constants';
import { type Country, parseCountries } from '../../form-model/countries';
import { sharedNow } from '../../browser/shared-now';
import { beside, loadBeside } from '../beside';

/** The parsed list once loaded; null when it could not be loaded. */
let list: Country[] | null | undefined;

/** Parses what countries.js set on the shared `countries` into `list`; null when it has set nothing. */
const parse = (): Country[] | null => {
  const c = sharedNow().countries;
  return (list = c ? parseCountries(c) : null);
};

/**
 * The countries: [] while countries.js loads, the list once it has, null when it could not be loaded or took longer
 * than SHEETS_TIMEOUT_MS, as form-extras.js and form-actions.js may (the address field then asks for the country as
 * text, so a required address can still be completed; a file that hangs must not leave a select empty for good).
 */
export const useCountries = (): Country[] | null => {
  const [l, setL] = useState<Country[] | null>(list === undefined ? [] : list);
  useEffect(() => {
    if (list !== undefined) return;
    // Already on the page before any field asked (set by an earlier copy of the file): parsed at once.
    if (sharedNow().countries) return void setL(parse());
    loadBeside('countries.js', SHEETS_TIMEOUT_MS).then(() => {
      // The first field to hear of the load parses it and, when it failed, warns once.
      if (list === undefined && !parse())
        console.warn('signup popup: the country list did not load from', beside('countries.js'));
      setL(list!);
    });
  }, []);
  return l;
};
