/**
 * Every brand name, cookie name, timing and default of the product, in one place (spec 3.8, 9).
 * esbuild inlines these, so a constant costs nothing in the bundles that do not use it.
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

/** The attribute that makes any element of the host page an opener of the popup (issue 14.1, README Embedding). */
export const OPEN_ATTR = 'data-mc-popup-open';
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

/** Default delay before the popup opens, in ms (spec 9.1). */
export const DEFAULT_DELAY_MS = 1000;
/** Delay used instead of exit intent on Edge or narrow screens, in ms (spec 4.2, 9.1). */
export const EXIT_FALLBACK_MS = 1000;
/** Screens narrower than this use the exit-intent fallback: there is no mouse to leave (spec 4.2). */
export const EXIT_FALLBACK_MAX_WIDTH = 640;
/** How long a JSONP call may take before it counts as failed, in ms: a dead provider never hangs us. */
export const JSONP_TIMEOUT_MS = 5000;
/** How often the loader looks whether the host page has loaded (src/loader/lifecycle.ts `begin`). */
export const LOAD_POLL_MS = 100;
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

/** Error when the loader starts without its three settings; verbatim from spec 8. */
export const ERR_MISSING_PARAMS = 'Missing base url, uuid and/or lid parameter(s).';
/** Error when a frame is built without a frame element; verbatim from spec 8. */
export const ERR_NO_IFRAME = 'You must specify an iframe attribute to an iframe element';

/** Port of the reference provider when PORT is not set (issue 5: `npm start`). */
export const PROVIDER_PORT = 8080;
/** Database file of the reference provider when none is given, relative to the working directory (issue 5). */
export const PROVIDER_DB_PATH = 'data/provider.sqlite';
/** Longest request URL the provider reads; longer ones get 414 (issue 5 'Bad input'). */
export const PROVIDER_MAX_URL = 8192;
/** Longest JSONP callback name the provider accepts; longer ones get 400 (issue 5 'Bad input'). */
export const JSONP_CALLBACK_MAX = 64;
/** Longest e-mail local part the provider accepts (RFC 5321). */
export const EMAIL_LOCAL_MAX = 64;
/** Longest e-mail address the provider accepts (RFC 5321 path limit minus the brackets). */
export const EMAIL_MAX = 254;
/** Longest value of one merge field the provider stores (Mailchimp's text merge field limit). */
export const MERGE_VALUE_MAX = 255;
/** Hours a double opt-in confirmation link stays valid. */
export const CONFIRM_TTL_HOURS = 48;
/** Minutes a captcha challenge stays valid (spec 7.1 captcha path). */
export const CAPTCHA_TTL_MIN = 10;
/** Cache-Control of versioned content-host paths: a new version is a new path, so these never change. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of embed.js: short, so that a fix reaches every site within minutes. */
export const CACHE_EMBED = 'public, max-age=300';
/** Cache-Control of other content-host files (unversioned stylesheets, blog assets). */
export const CACHE_SHORT = 'public, max-age=3600';

/**
 * Touch devices use double-tap-to-go on submenu items and thumbnails above this window width,
 * in px (spec 2.1, 9.5).
 */
export const BLOG_DOUBLE_TAP_MIN_WIDTH = 800;
/** Added to the site title and toggle widths before the header switches to 'long title', in px (spec 2.1, 9.5). */
export const BLOG_TITLE_ALLOWANCE = 30;
/** Video placeholder thumbnail width, in px (spec 2.1, 9.5). */
export const VIDEO_THUMB_WIDTH = 480;
/** Video placeholder thumbnail height, in px (spec 2.1, 9.5). */
export const VIDEO_THUMB_HEIGHT = 360;
/** Link file extensions that count as downloads in the blog's analytics (spec 9.5). */
export const BLOG_DOWNLOAD_EXTENSIONS = ['doc', 'pdf', 'ppt', 'zip', 'xls', 'docx', 'pptx', 'xlsx'];
/** How long a blog panel slides, in ms: the animating state ends on this timer, never on transitionend (spec 4.8). */
export const BLOG_PANEL_MS = 250;
/** Path on the blog's server that records the statistics beacons (spec 7.3). */
export const BLOG_STATS_PATH = '/blog/stats';
/** Statistics beacons recorded per client per window; more are answered alike and not stored (its disk is finite). */
export const BLOG_STATS_MAX = 60;
/** The window of BLOG_STATS_MAX, in ms. */
export const BLOG_STATS_WINDOW_MS = 60_000;

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

// --- The blog's comments (docs/decisions/rate-limits.md): limits per client, counted in the store; every post counts.
// ---
/**
 * Comments one client (IP address, or IPv6 /64) may post per minute: a person writes one in minutes, and a quick
 * reply or two, or a form sent back with a mistake, stays under it.
 */
export const COMMENT_MINUTE_MAX = 5;
/** The short comment window, in ms. */
export const COMMENT_MINUTE_MS = 60_000;
/** Comments one client may post per hour: a lively thread from one household, far below a script's flood. */
export const COMMENT_HOUR_MAX = 30;
/** The long comment window, in ms. */
export const COMMENT_HOUR_MS = 3_600_000;

// --- Reference provider modes (docs/decisions/two-modes.md): the owner's sign-in in production. ---
/** Shortest owner secret production accepts (PROVIDER_OWNER_SECRET): a guessable one would open every owner page. */
export const OWNER_SECRET_MIN = 16;
/** How long an owner sign-in lasts, in seconds (12 hours: the session cookie's Max-Age and the token's expiry). */
export const OWNER_SESSION_S = 43_200;
/** Sign-in attempts one client may make per window, right or wrong: the secret cannot be guessed by volume. */
export const OWNER_LOGIN_MAX = 10;
/** The sign-in window, in ms (15 minutes). */
export const OWNER_LOGIN_WINDOW_MS = 900_000;
