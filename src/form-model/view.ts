/**
 * The mobile-view rule (spec 9.3), the one definition of a phone: the popup's (its banner, text-to-join, the fixed
 * variant's placeholder: src/popup/settings.ts `isMobile`) and the display rules' `devices` (issue 36 part 1,
 * show-on.ts) both read it here, so a form is never "mobile" to one and "desktop" to the other. Pure.
 */
import { DEFAULT_MAX_WIDTH, MOBILE_MARGIN } from '../constants';
import { num, obj } from './raw';

/**
 * max_width of the style settings' `modal` object in px ('768px' reads as 768); the default when absent or 0 (spec 3.3,
 * 9.3).
 */
export const maxWidthOf = (modal: unknown): number => num(obj(modal).max_width, 0) || DEFAULT_MAX_WIDTH;

/** A viewport `width` px wide is a mobile view: at or below max_width − 20 (spec 9.3). */
export const mobileView = (maxWidth: number, width: number): boolean => width <= maxWidth - MOBILE_MARGIN;
