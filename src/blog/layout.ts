import { BLOG_DOUBLE_TAP_MIN_WIDTH, BLOG_TITLE_ALLOWANCE } from './constants';

/** Header and touch decisions of the blog script (spec 2.1 'Main navigation', 9.5), as numbers in, answer out. */

/**
 * The long-title rule (spec 2.1): the site title's width plus the toggle buttons' widths plus 30 px exceeding the
 * window width switches the header to the 'long title' layout. The 30 px stand for what the header spends beside the
 * title and the toggles; ours spends more (its padding, the gap between the toggles, a scrollbar), so the layout also
 * switches when the title, laid out on one line, reaches the toggles (issue 12 item 7): `titleRight` and `togglesLeft`
 * are those edges as laid out, so whatever the header spends is counted and the title never runs under a toggle.
 */
export const isLongTitle = (
  titleWidth: number,
  toggleWidths: number[],
  windowWidth: number,
  titleRight: number,
  togglesLeft: number,
): boolean =>
  titleRight > togglesLeft || toggleWidths.reduce((a, b) => a + b, titleWidth + BLOG_TITLE_ALLOWANCE) > windowWidth;

/** Double-tap-to-go applies to touch input on windows wider than 800 px. */
export const doubleTapApplies = (touch: boolean, windowWidth: number): boolean =>
  touch && windowWidth > BLOG_DOUBLE_TAP_MIN_WIDTH;
