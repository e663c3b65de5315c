import { DEFAULT_DELAY_MS, EXIT_FALLBACK_MAX_WIDTH, EXIT_FALLBACK_MS } from './constants';

/** When the popup opens (spec 4.2): after a delay in ms, on exit intent, past half the page, or at its bottom. */
export type Trigger = number | 'exit' | 'middle' | 'bottom';

/**
 * Reads popupDelay (spec 3.2, 9.1): a number of seconds (number or numeric string) becomes ms;
 * 'exit', 'middle' and 'bottom' stand; anything else, negative numbers included, is the 1000 ms default.
 */
export const parseTrigger = (delay: unknown): Trigger => {
  if (/^(exit|middle|bottom)$/.test(delay as string)) return delay as Trigger;
  // Not Number(), which reads '' and null as 0: they must stay the default. parseFloat reads ' 2 ' and '2s' as 2.
  const n = parseFloat(delay as string);
  return n >= 0 && n < 864e3 ? n * 1000 : DEFAULT_DELAY_MS;
};

/**
 * Exit intent cannot be seen on Edge (whose mouseout reports no position at the window edge) nor on narrow screens
 * (touch, no pointer to leave): those wait 1 s instead (spec 4.2, 9.1).
 */
export const exitFallback = (userAgent: string, screenWidth: number): boolean =>
  /Edge?\//.test(userAgent) || screenWidth < EXIT_FALLBACK_MAX_WIDTH;

/**
 * The scroll position of a middle or bottom trigger (spec 4.2): 'middle', half of the scrollable distance; 'bottom',
 * the end, within 2 px for fractional scroll positions on zoomed or high-density screens. At 0 or below on a page too
 * short to scroll: reached at once.
 */
export const scrollPoint = (kind: 'middle' | 'bottom', viewport: number, page: number): number => {
  const range = page - viewport;
  return kind === 'middle' ? range / 2 : range - 2;
};

/**
 * docs/decisions/work-waits-for-intent.md: a reader past this share of the scroll distance to a middle or bottom
 * trigger's point is on the way to it, and the popup is prepared then rather than on every page view.
 */
export const SCROLL_AHEAD_SHARE = 1 / 3;

/**
 * docs/decisions/work-waits-for-intent.md: upward pointer movement in this top share of the window is the sign of an
 * exit on its way.
 */
export const EXIT_AHEAD_SHARE = 1 / 4;

/**
 * Calls `fire` once, when an exit, middle or bottom trigger happens (a delay is the loader's own timer: this lives in
 * embed-extras.js, fetched only for these triggers); listeners are passive and removed once fired. Returns what disarms
 * it before then (docs/decisions/popup-session.md: an on-demand open spends the trigger, and destroy leaves no listener
 * behind). Exit intent listens for mouseleave on the root element: it fires when the pointer leaves the window, and not
 * when it moves into an embedded frame (a descendant), which a document mouseout with no relatedTarget would mistake
 * for one.
 *
 * `ahead`, when given, is called at most once, before the trigger, once the reader is on the way to it
 * (docs/decisions/work-waits-for-intent.md: the popup is prepared on intent, not on every page view): scrolled a third
 * of the way to the point; for exit, the pointer moving up in the top quarter of the window; the exit fallback is a
 * delay, certain to fire, so at once.
 */
export const arm = (trigger: Exclude<Trigger, number>, fire: () => void, ahead?: () => void): (() => void) => {
  const w = window;
  const d = document;
  if (trigger === 'exit' && exitFallback(navigator.userAgent, screen.width)) {
    if (ahead) ahead();
    const t = setTimeout(fire, EXIT_FALLBACK_MS);
    return () => clearTimeout(t);
  }
  const exit = trigger === 'exit';
  const target = exit ? d.documentElement : w;
  const type = exit ? 'mouseleave' : 'scroll';
  /** Drops `ahead`, and exit's pointer listener, which only served it. */
  const spent = () => {
    ahead = undefined;
    if (exit) d.removeEventListener('mousemove', move);
  };
  const intent = () => {
    const a = ahead;
    spent();
    if (a) a();
  };
  const move = (e: MouseEvent) => {
    if (e.movementY < 0 && e.clientY < w.innerHeight * EXIT_AHEAD_SHARE) intent();
  };
  /** The fire to come, once the trigger happened: disarming before it runs cancels it too. */
  let later: ReturnType<typeof setTimeout> | undefined;
  const off = () => {
    target.removeEventListener(type, check);
    spent();
    clearTimeout(later);
  };
  const check = () => {
    const y = w.scrollY;
    const at = scrollPoint(trigger as 'middle', w.innerHeight, d.documentElement.scrollHeight);
    if (exit || y >= at) {
      off();
      // In a task of its own: a scroll or mouseleave event comes inside the browser's rendering task, beside the host
      // page's own scroll work and the paint; the popup's reveal there too passed 50 ms at 4x CPU in the bench's
      // traces (docs/decisions/no-long-tasks.md).
      later = setTimeout(fire);
    } else if (ahead && y >= at * SCROLL_AHEAD_SHARE) intent();
  };
  target.addEventListener(type, check, { passive: true });
  if (exit && ahead) d.addEventListener('mousemove', move, { passive: true });
  // A reload can restore a scroll position already past the point, or on the way to it.
  if (!exit) check();
  return off;
};
