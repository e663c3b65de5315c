/** The loader's own names and timings (spec 4.1, 4.2, 9.1): the opener attribute, the triggers' delays, its errors. */

/** The attribute that makes any element of the host page an opener of the popup (issue 14.1, README Embedding). */
export const OPEN_ATTR = 'data-mc-popup-open';
/** Default delay before the popup opens, in ms (spec 9.1). */
export const DEFAULT_DELAY_MS = 1000;
/** Delay used instead of exit intent on Edge or narrow screens, in ms (spec 4.2, 9.1). */
export const EXIT_FALLBACK_MS = 1000;
/** Screens narrower than this use the exit-intent fallback: there is no mouse to leave (spec 4.2). */
export const EXIT_FALLBACK_MAX_WIDTH = 640;
/** How often the loader looks whether the host page has loaded (src/loader/lifecycle.ts `begin`). */
export const LOAD_POLL_MS = 100;
/** Error when the loader starts without its three settings; verbatim from spec 8. */
export const ERR_MISSING_PARAMS = 'Missing base url, uuid and/or lid parameter(s).';
