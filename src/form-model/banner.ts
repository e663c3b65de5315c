/**
 * What a phone shows first (spec 4.2, 9.3), read by the popup (src/popup/frame-place.ts) and the studio's accessibility
 * check (a11y.ts: the banner's colours and label count only where it shows). Its own module, importing nothing at run
 * time: form-extras.js, which opens the banner, reads frame-place.ts and must not carry the form model with it.
 */
import type { Variation } from './form';

/**
 * Whether a visitor on a mobile view sees the banner first, its call to action opening the form: with
 * useMobileBanner, and always for the slide-in, whose form is too tall for a phone's screen (docs/decisions/phones.md).
 */
export const bannerOnPhones = (useMobileBanner: boolean, variation: Variation): boolean =>
  useMobileBanner || variation === 'slide';
