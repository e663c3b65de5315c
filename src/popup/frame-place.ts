/**
 * Where each frame sits on the host page (spec 2.2 variations, 4.2). Pure: CSS declarations that src/popup/piece.ts
 * applies through the CSS object model, never as a style attribute, so a strict Content-Security-Policy holds.
 */
import { SLIDE_WIDTH } from '../constants';
import { bannerOnPhones } from '../form-model/banner';
import type { Settings, Variation } from './settings';

/** CSS declarations of a frame, beyond what every frame has (src/popup/piece.ts: fixed, as tall as the viewport). */
export type Place = Record<string, string>;

/**
 * The modal frame: the 'modal' variation covers the viewport (its overlay is inside the frame); 'slide' is a panel at
 * the bottom of the page's inline end (the right; the left on a right-to-left page, whose direction the frame element
 * takes: issue 35 item 5), as wide as SLIDE_WIDTH or the whole width on a mobile view; 'fixed' is a bar along the
 * bottom. `inset-inline` comes after `right` and overrides it where it is known; a browser without it (Chrome before
 * 87) keeps the right. Slide and fixed are as tall as the viewport but clipped to their content (src/popup/piece.ts
 * fitTo), so the page beside and above them stays usable.
 */
export const modalPlace = (v: Variation, mobile: boolean): Place =>
  v === 'modal'
    ? { inset: '0', width: '100%' }
    : {
        bottom: '0',
        right: '0',
        'inset-inline': 'auto 0',
        width: v === 'fixed' || mobile ? '100%' : `${SLIDE_WIDTH}px`,
      };

/** The banner frame: a bar along the bottom of the viewport, clipped to its measured height (spec 9.1). */
export const BANNER_PLACE: Place = { bottom: '0', left: '0', width: '100%' };

/**
 * What the popup shows first (spec 4.2): on a mobile view the banner when a visitor's phone sees it (useMobileBanner,
 * and always for the slide-in: src/form-model/banner.ts), else the modal at once. The owner's stage (`preview`)
 * follows useMobileBanner alone, which its views set: the phone view shows the form itself, the banner view the
 * banner (src/studio/preview.ts).
 */
export const firstPiece = (
  s: Pick<Settings, 'mobileBanner' | 'variation'>,
  mobile: boolean,
  preview: boolean,
): 'banner' | 'modal' =>
  mobile && (preview ? s.mobileBanner : bannerOnPhones(s.mobileBanner, s.variation)) ? 'banner' : 'modal';

/** Whether a variation is a modal dialog (focus trapped, host page inert and unscrollable) or a non-modal panel. */
export const isModal = (v: Variation): boolean => v === 'modal';
