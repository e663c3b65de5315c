import { DEFAULT_DELAY_MS, EXIT_FALLBACK_MAX_WIDTH, EXIT_FALLBACK_MS } from '../constants';

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
 * Whether scrolling reached the trigger point (spec 4.2). 'middle': half of the scrollable distance;
 * 'bottom': the end, within 2 px for fractional scroll positions on zoomed or high-density screens.
 * A page too short to scroll has reached both.
 */
export const scrollReached = (kind: 'middle' | 'bottom', y: number, viewport: number, page: number): boolean => {
  const range = page - viewport;
  return kind == 'middle' ? y >= range / 2 : y >= range - 2;
};

/**
 * Calls `fire` once, when an exit, middle or bottom trigger happens (a delay is the loader's own timer: this lives in
 * embed-extras.js, fetched only for these triggers); listeners are passive and removed once fired. Returns what
 * disarms it before then (issue 14: an on-demand open spends the trigger, and destroy leaves no listener behind).
 * Exit intent listens for mouseleave on the root element: it fires when the pointer leaves the window, and not when it
 * moves into an embedded frame (a descendant), which a document mouseout with no relatedTarget would mistake for one.
 */
export const arm = (trigger: Exclude<Trigger, number>, fire: () => void): (() => void) => {
  const w = window;
  if (trigger == 'exit' && exitFallback(navigator.userAgent, screen.width)) {
    const t = setTimeout(fire, EXIT_FALLBACK_MS);
    return () => clearTimeout(t);
  }
  const exit = trigger == 'exit';
  const target = exit ? document.documentElement : w;
  const type = exit ? 'mouseleave' : 'scroll';
  const off = () => target.removeEventListener(type, check);
  const check = () => {
    if (exit || scrollReached(trigger as 'middle', w.scrollY, w.innerHeight, document.documentElement.scrollHeight)) {
      off();
      fire();
    }
  };
  target.addEventListener(type, check, { passive: true });
  // A reload can restore a scroll position already past the point.
  if (!exit) check();
  return off;
};
