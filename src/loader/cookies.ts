/**
 * Cookie checks and writes, shared by the loader and the popup (spec 3.8, 9.2).
 * Every cookie we write carries SameSite=Lax, and Secure on https pages.
 */

/** Whether a `document.cookie` string holds cookie `name` (our names carry no regular-expression characters). */
export const cookieIn = (cookies: string, name: string): boolean => RegExp('(^|;) ?' + name + '=').test(cookies);

/** Whether cookie `name` exists on the host page. */
export const hasCookie = (name: string): boolean => cookieIn(document.cookie, name);

/** The `document.cookie` assignment for one cookie: encoded value, expiry, path, SameSite=Lax, Secure on https. */
export const cookieString = (name: string, value: string, expires: Date, path: string, secure: boolean): string =>
  `${name}=${encodeURIComponent(value)};expires=${expires.toUTCString()};path=${path};SameSite=Lax${secure ? ';Secure' : ''}`;

/** Sets a cookie on the host page that lives `ms` milliseconds. */
export const setCookie = (name: string, value: string, ms: number, path = '/'): void => {
  document.cookie = cookieString(name, value, new Date(Date.now() + ms), path, location.protocol == 'https:');
};
