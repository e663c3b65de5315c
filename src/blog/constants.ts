/** The blog's own numbers and names: its pages, its script, its comments and its statistics. */

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
