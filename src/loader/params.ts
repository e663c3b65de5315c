import { ERR_MISSING_PARAMS } from './constants';
import type { LoaderParams } from '../types';

/**
 * What a site owner may pass to `L.start({...})` or as `data-*` attributes of the embed script tag (spec 3.1).
 * A script tag's `dataset` has this shape already: data-base-url → baseUrl, data-f-id → fId, and so on.
 */
export interface StartOptions {
  baseUrl?: unknown;
  uuid?: unknown;
  lid?: unknown;
  f_id?: unknown;
  fId?: unknown;
  env?: unknown;
  uniqueMethods?: unknown;
  ignoreCookie?: unknown;
  isPreview?: unknown;
  cdnUrl?: unknown;
  consent?: unknown;
  scopeCookies?: unknown;
}

/**
 * Reads a boolean option. `true`, a present data attribute ('') and any other string are on;
 * false, 0, missing, and the strings 'false', '0', 'no', 'n' and 'off' are off.
 */
export const flag = (v: unknown): boolean => (typeof v === 'string' ? !/^(false|0|no?|off)$/i.test(v) : !!v);

/** A string option, trimmed; '' when missing. Numbers are accepted (uuid and lid are often pasted as numbers). */
const text = (v: unknown): string => String(v ?? '').trim();

/**
 * The content host, with a trailing slash, from the URL embed.js was served from: everything before
 * `js/signup-forms/`, or the script's directory when it was renamed or moved.
 */
export const cdnFrom = (scriptSrc: string): string => scriptSrc.replace(/js\/signup-forms\/.*|[^/]*$/, '');

/**
 * Parses start options once into typed parameters (spec 3.1).
 * @param scriptSrc the URL embed.js was loaded from; the content host defaults to it.
 * @throws Error with the text of spec 8 when baseUrl, uuid or lid is missing.
 */
export const parseParams = (o: StartOptions, scriptSrc: string): LoaderParams => {
  // A scheme or trailing slash pasted with the host would break the protocol-relative provider URLs (spec 7.1).
  const baseUrl = text(o.baseUrl).replace(/^([a-z][\w+.-]*:)?\/\/|\/+$/gi, '');
  const uuid = text(o.uuid);
  const lid = text(o.lid);
  if (!baseUrl || !uuid || !lid) throw Error(ERR_MISSING_PARAMS);
  const cdn = text(o.cdnUrl) || cdnFrom(scriptSrc);
  const fId = text(o.f_id) || text(o.fId);
  // Cookie names are tokens, and cookieIn reads them as a pattern: word characters only.
  const scope = __FULL__ && flag(o.scopeCookies) ? ('_' + lid + (fId && '_' + fId)).replace(/\W/g, '_') : '';
  return {
    baseUrl,
    uuid,
    lid,
    fId,
    dev: text(o.env) === 'dev',
    uniqueMethods: flag(o.uniqueMethods),
    ignoreCookie: flag(o.ignoreCookie),
    isPreview: flag(o.isPreview),
    cdn: cdn.replace(/\/?$/, '/'),
    ...(__FULL__ && { cookieScope: scope }),
  };
};
