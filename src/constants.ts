/**
 * The brand names, cookie names, timings and defaults more than one area reads (spec 3.8, 9): the loader and the
 * popup, the popup and the provider. An area's own values live beside it (src/loader/constants.ts,
 * src/server/constants.ts, src/blog/constants.ts). esbuild inlines these, so a constant costs nothing in the bundles
 * that do not use it.
 */

/** Brand prefix of cookie and query-parameter names (spec 3.8, 4.1). */
export const BRAND = 'MC';
/** Cookie set when the visitor closes the popup (spec 3.8, 4.3). */
export const COOKIE_CLOSED = BRAND + 'PopupClosed';
/** Cookie set after every valid submit attempt (spec 3.8, 4.5 step 6). */
export const COOKIE_SUBSCRIBED = BRAND + 'PopupSubscribed';
/** Cookie that stores the provider's webEngagementCookieValue (spec 3.8, 4.5). */
export const COOKIE_LIST_MEMBER = 'mcListMember';
/** Campaign e-mail id query parameter of a link in a sent campaign (spec 4.1). */
export const QUERY_EID = 'mc_eid';
/** Campaign id query parameter of a link in a sent campaign (spec 4.1). */
export const QUERY_CID = 'mc_cid';

/** Module id that existing Mailchimp snippets pass to `window.dojoRequire`. */
export const LOADER_MODULE = 'mojo/signup-forms/Loader';
/** Window property shared by every loader copy and popup.js on a page: one popup per page (spec 4.1 step 4). */
export const GLOBAL_KEY = '__mcsf';
/** Name of our one Trusted Types policy: owners list it in `trusted-types` of their Content-Security-Policy. */
export const TT_POLICY = 'signup-popup';
/** Written into each popup frame: the doctype keeps it out of quirks mode; the parser adds html, head and body. */
export const FRAME_HTML = '<!doctype html>';
/** Path of the scripts on the content host (spec 7.2). */
export const JS_PATH = 'js/signup-forms/popup/';
/** Path of the stylesheets on the content host (spec 7.2). */
export const CSS_PATH = 'css/signup-forms/popup/';
/** Sub-path of the popup script when `uniqueMethods` is set (spec 3.1, 7.2). */
export const UNIQUE_METHODS_DIR = 'unique-methods/';

/** How long a JSONP call may take before it counts as failed, in ms: a dead provider never hangs us. */
export const JSONP_TIMEOUT_MS = 5000;
/** How long a submit may take before it counts as failed, in ms (a slow phone on a slow network). */
export const SUBMIT_TIMEOUT_MS = 15000;
/** Seconds the success message stays before the modal hides (spec 9.1). */
export const DEFAULT_CONFIRMATION_S = 3;
/** The longest confirmationDuration a timer can wait, in seconds: 2^31 - 1 ms, about 24.8 days. */
export const CONFIRMATION_MAX_S = 2147483;
/** Delay before the modal closes after 'Join via text', in ms (spec 9.1). */
export const TTT_CLOSE_MS = 1000;
/** Delay after the banner stylesheets load before its height is measured, in ms (spec 9.1). */
export const BANNER_MEASURE_MS = 500;

/** One day in ms. */
export const DAY_MS = 864e5;
/** Days until the closed cookie expires when the settings give none (spec 9.2). */
export const DEFAULT_FREQUENCY_DAYS = 365;
/** Lifetime of the subscribed and mcListMember cookies, in ms: about 91 days (spec 9.2). */
export const SUBSCRIBED_COOKIE_MS = 7889238000;

/** Settings version when none is given, also the popup.js path segment (spec 9.4). */
export const DEFAULT_VERSION = '1.0';
/** Overlay opacity when the settings give none, 0..1 (spec 9.3). */
export const DEFAULT_OPACITY = 0.65;
/** Modal max width when the settings give none, in px (spec 9.3). */
export const DEFAULT_MAX_WIDTH = 768;
/** A viewport at or below max_width minus this is a mobile view, in px (spec 9.3). */
export const MOBILE_MARGIN = 20;
/** Modal width of templates 3 and 4, in px (spec 2.2, 9.3). */
export const WIDE_TEMPLATE_WIDTH = 603;
/** Length the fixed variant cuts its description to, before '...' (spec 2.2, 9.3). */
export const FIXED_DESCRIPTION_MAX = 50;
/** Body of the text-to-join SMS (spec 9.3). */
export const TTT_BODY = 'SIGNUP';
/** Submit button label default (spec 9.4). */
export const DEFAULT_BUTTON_LABEL = 'Subscribe';
/** Banner call-to-action label default (spec 9.4). */
export const DEFAULT_BANNER_CTA_LABEL = 'Subscribe';
/** Continue button label default (spec 9.4). */
export const DEFAULT_CONTINUE_LABEL = 'Continue';
/** Close control label default; the spec has 'close' and 'Close', we take the capitalised one (spec 9.4). */
export const DEFAULT_CLOSE_LABEL = 'Close';
/** E-mail placeholder of the fixed variant on non-mobile views (spec 2.2, 9.4). */
export const EMAIL_PLACEHOLDER = 'Enter your email';
/** URL field placeholder (spec 3.5, 9.4). */
export const URL_PLACEHOLDER = 'http://';

/** Error when a frame is built without a frame element; verbatim from spec 8. */
export const ERR_NO_IFRAME = 'You must specify an iframe attribute to an iframe element';

/** Port of the reference provider when PORT is not set (issue 5: `npm start`). */
export const PROVIDER_PORT = 8080;
/** Database file of the reference provider when none is given, relative to the working directory (issue 5). */
export const PROVIDER_DB_PATH = 'data/provider.sqlite';
/** Longest value of one merge field the provider stores (Mailchimp's text merge field limit). */
export const MERGE_VALUE_MAX = 255;
/** Cache-Control of versioned content-host paths: a new version is a new path, so these never change. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/** Title of the modal frame, and the dialog's name when the description is empty (issue 3: every frame has a title). */
export const FRAME_TITLE = 'Newsletter signup';
/** Title of the banner frame (spec 2.2 banner container). */
export const BANNER_FRAME_TITLE = 'Newsletter signup banner';
/** The 'powered by' badge's link and text (spec 1.1). */
export const POWERED_BY_URL = 'https://mailchimp.com/';
/** Text of the 'powered by' badge (spec 1.1). */
export const POWERED_BY_TEXT = 'Powered by Mailchimp';
/** Text of the rewards badge link (spec 1.1, 9.3). */
export const REWARDS_TEXT = 'Mailchimp Rewards';
/** How long the fixed and slide variants animate out, in ms (spec 4.3); 0 under prefers-reduced-motion. */
export const CLOSE_ANIMATION_MS = 300;
/** The popup shows after this long even if its stylesheets have not loaded, in ms (a dead CDN never hides it). */
export const SHEETS_TIMEOUT_MS = 3000;
/** Width of the slide-in variant's frame, in px (narrower viewports get the full width). */
export const SLIDE_WIDTH = 400;
/** z-index of the popup frames: above anything the host page stacks. */
export const Z_TOP = 2147483647;

/** Flash message when a submit gets no answer (network error, time-out, a reply that is not JSON): spec 8 has none. */
export const SUBMIT_FAILED_MSG = 'Sorry, we could not reach the list. Please try again.';
/** Success message when neither the response nor the settings give one (spec 4.5, 4.6). */
export const DEFAULT_SUCCESS_MSG = 'Thank you for subscribing!';
/** The provider's GDPR information page, linked from the GDPR block (spec 2.2). */
export const GDPR_INFO_URL = 'https://mailchimp.com/legal/';
