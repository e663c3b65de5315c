/**
 * Cookie checks and writes, shared by the loader and the popup (spec 3.8, 9.2).
 * Every cookie we write carries SameSite=Lax, and Secure on https pages.
 */
import { COOKIE_CLOSED, COOKIE_SUBSCRIBED } from '../constants';
import type { LoaderParams } from '../types';

/**
 * The closed cookie's name for a start: spec 3.8's, scoped by form with `scopeCookies` (issue 14.5). Only
 * embed-full.js scopes (build.mjs `__FULL__`), so in embed.js this folds to the spec's name at build time.
 */
export const closedName = (p: LoaderParams): string => COOKIE_CLOSED + ((__FULL__ && p.cookieScope) || '');
/** The subscribed cookie's name for a start, scoped alike. */
export const subscribedName = (p: LoaderParams): string => COOKIE_SUBSCRIBED + ((__FULL__ && p.cookieScope) || '');

/** Whether a `document.cookie` string holds cookie `name` (our names carry no regular-expression characters). */
export const cookieIn = (cookies: string, name: string): boolean => RegExp('(^|;) ?' + name + '=').test(cookies);

/**
 * The host page's cookies, '' when it may not have any: `document.cookie` throws a SecurityError in a sandboxed
 * document without allow-same-origin (a page served with `Content-Security-Policy: sandbox allow-scripts`), and a
 * third-party script must not throw into its host (issue 8 fault matrix: cookies disabled).
 */
const jar = (): string => {
  try {
    return document.cookie;
  } catch {
    return '';
  }
};

/** Whether cookie `name` exists on the host page (false when the page may not have cookies). */
export const hasCookie = (name: string): boolean => cookieIn(jar(), name);

/** The `document.cookie` assignment for one cookie: encoded value, expiry, path, SameSite=Lax, Secure on https. */
export const cookieString = (name: string, value: string, expires: Date, path: string, secure: boolean): string =>
  `${name}=${encodeURIComponent(value)};expires=${expires.toUTCString()};path=${path};` +
  `SameSite=Lax${secure ? ';Secure' : ''}`;

/** Sets a cookie on the host page that lives `ms` milliseconds; does nothing where the page may not have cookies. */
export const setCookie = (name: string, value: string, ms: number, path = '/'): void => {
  try {
    /* biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox;
       this is the one writer */
    document.cookie = cookieString(name, value, new Date(Date.now() + ms), path, location.protocol === 'https:');
  } catch {
    // Sandboxed host page without allow-same-origin (see jar): the popup works on without remembering.
  }
};
