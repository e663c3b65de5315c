/**
 * Server-provided cookies (spec 3.8: name, value, expires, path), checked and set. Part of form-extras.js: popup.js
 * loads it only for settings that carry cookies (src/popup/mount.tsx).
 */
import { COOKIE_CLOSED, COOKIE_LIST_MEMBER, COOKIE_SUBSCRIBED, DAY_MS } from '../constants';
import { setCookie } from '../browser/cookies';
import { obj, str } from '../form-model/raw';

/** One server-provided cookie (spec 3.8) after checking: a token name, a value, an expiry, a path. */
export interface ServerCookie {
  name: string;
  value: string;
  /** Lifetime in ms from now: `expires` as a number of days, or an absolute date string; 0 = session cookie. */
  ms: number;
  path: string;
}

/** Cookies only the popup itself writes (spec 3.8). */
const OWN_COOKIES = [COOKIE_CLOSED, COOKIE_SUBSCRIBED, COOKIE_LIST_MEMBER];

/**
 * Server-provided cookies (spec 3.8). Only RFC 6265 token names that are not our own (a provider cannot clear the
 * closed or subscribed cookie this way), string or number values without ';' or control characters, paths starting with
 * '/'. An expiry in the past drops the cookie rather than deleting one of the host page's.
 */
export const serverCookies = (v: unknown, now: number): ServerCookie[] =>
  (Array.isArray(v) ? v : []).flatMap((c): ServerCookie[] => {
    const o = obj(c);
    const name = str(o.name);
    const value = typeof o.value === 'string' || typeof o.value === 'number' ? String(o.value) : '\n';
    const path = str(o.path) || '/';
    const e = o.expires;
    const ms = typeof e === 'number' ? e * DAY_MS : typeof e === 'string' && e ? Date.parse(e) - now : 0;
    const ok =
      /^[\w!#$%&'*+.^`|~-]{1,64}$/.test(name) &&
      !OWN_COOKIES.includes(name) &&
      value.length <= 4000 &&
      !/[;\0-\x1f\x7f]/.test(value) &&
      /^\/[^;\s]*$/.test(path) &&
      (e == null || e === '' || ms > 0);
    return ok ? [{ name, value, ms, path }] : [];
  });

/** Sets the safe ones of the provider's cookies on the host page. */
export const setServerCookies = (list: unknown): void => {
  for (const c of serverCookies(list, Date.now())) setCookie(c.name, c.value, c.ms, c.path);
};
