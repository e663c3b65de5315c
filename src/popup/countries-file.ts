/**
 * countries.js, beside popup.js on the content host (spec 7.2 layout): the address field's country list, fetched only
 * when a form has an address field (src/popup/form/countries.ts).
 */
import { shared } from '../browser/shared';
import { COUNTRY_DATA } from '../form-model/countries-data';

shared.countries = COUNTRY_DATA;
