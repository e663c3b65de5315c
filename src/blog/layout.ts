import { BLOG_DOUBLE_TAP_MIN_WIDTH, BLOG_TITLE_ALLOWANCE } from '../constants';

/** Header and touch decisions of the blog script (spec 2.1 'Main navigation', 9.5), as numbers in, answer out. */

/**
 * The long-title rule: the site title's width plus the toggle buttons' widths plus 30 px exceeding the window
 * width switches the header to the 'long title' layout.
 */
export const isLongTitle = (titleWidth: number, toggleWidths: number[], windowWidth: number): boolean =>
  toggleWidths.reduce((a, b) => a + b, titleWidth + BLOG_TITLE_ALLOWANCE) > windowWidth;

/** Double-tap-to-go applies to touch input on windows wider than 800 px. */
export const doubleTapApplies = (touch: boolean, windowWidth: number): boolean =>
  touch && windowWidth > BLOG_DOUBLE_TAP_MIN_WIDTH;
