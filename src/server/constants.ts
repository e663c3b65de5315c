/** The provider's own limits and timings: URLs and addresses it takes, its rate limits, caches and owner sessions. */

/** Longest request URL the provider reads; longer ones get 414 (issue 5 'Bad input'). */
export const PROVIDER_MAX_URL = 8192;
/** Longest JSONP callback name the provider accepts; longer ones get 400 (issue 5 'Bad input'). */
export const JSONP_CALLBACK_MAX = 64;
/** Longest e-mail local part the provider accepts (RFC 5321). */
export const EMAIL_LOCAL_MAX = 64;
/** Longest e-mail address the provider accepts (RFC 5321 path limit minus the brackets). */
export const EMAIL_MAX = 254;
/** Hours a double opt-in confirmation link stays valid. */
export const CONFIRM_TTL_HOURS = 48;
/** Minutes a captcha challenge stays valid (spec 7.1 captcha path). */
export const CAPTCHA_TTL_MIN = 10;
/** Cache-Control of embed.js: short, so that a fix reaches every site within minutes. */
export const CACHE_EMBED = 'public, max-age=300';
/** Cache-Control of other content-host files (unversioned stylesheets, blog assets). */
export const CACHE_SHORT = 'public, max-age=3600';
// --- Reference provider hardening (docs/decisions/rate-limits.md): rate limits and connection timeouts. ---
/** Submits (form-post-json) one client IP address, or IPv6 /64, may make per window; a person makes one or two. */
export const RATE_CLIENT_MAX = 20;
/** The per-client window, in ms: 20 a minute is far above a visitor and far below a script. */
export const RATE_CLIENT_WINDOW_MS = 60_000;
/**
 * Signups one e-mail address (or SMS number) may get per window on one list: stops confirmation-mail bombing. Per list
 * (docs/decisions/rate-limits.md), so that one visitor exhausting an address on one list cannot lock it out of the
 * others.
 */
export const RATE_ADDRESS_MAX = 5;
/** The per-address window, in ms (one hour). */
export const RATE_ADDRESS_WINDOW_MS = 3_600_000;
/** A client must send its whole request head within this many ms, else 408 and the connection ends (slow headers). */
export const PROVIDER_HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included, must arrive within this many ms. */
export const PROVIDER_REQUEST_TIMEOUT_MS = 30_000;
// --- Reference provider modes (docs/decisions/two-modes.md): the owner's sign-in in production. ---
/** Shortest owner secret production accepts (PROVIDER_OWNER_SECRET): a guessable one would open every owner page. */
export const OWNER_SECRET_MIN = 16;
/** How long an owner sign-in lasts, in seconds (12 hours: the session cookie's Max-Age and the token's expiry). */
export const OWNER_SESSION_S = 43_200;
/** Sign-in attempts one client may make per window, right or wrong: the secret cannot be guessed by volume. */
export const OWNER_LOGIN_MAX = 10;
/** The sign-in window, in ms (15 minutes). */
export const OWNER_LOGIN_WINDOW_MS = 900_000;
