/**
 * Which stylesheets each piece loads, and from where (spec 7.2). Pure: the frames turn these into <link> elements.
 */
import { CSS_PATH } from '../constants';
import type { LoaderParams } from '../types';
import type { Settings } from './settings';

/**
 * The stylesheet folder: `{cdn}css/signup-forms/popup/{version}/` in production,
 * `//{appDomain}/css/signup-forms/popup/` in dev (spec 7.2). A dev start whose settings carry no appDomain falls back
 * to the content host's unversioned copy.
 */
export const sheetBase = (p: LoaderParams, s: Settings): string =>
  p.dev ? (s.appDomain ? `//${s.appDomain}/` : p.cdn) + CSS_PATH : `${p.cdn}${CSS_PATH}${s.version}/`;

/**
 * The modal frame's stylesheets (spec 7.2): common, the variation's sheet (modal, modal-slidein, modal-fixed) and the
 * template's layout (layout-1 … layout-5; layout-fixed for the fixed variation, which is always template 1).
 * `extras`: the form needs form-extras.js (src/form-model/place.ts needsExtras). Such a form also links
 * form-extras.css, after common: the look of the parts only that file renders, kept out of a plain form's first view
 * (issue 12.5).
 */
export const modalSheets = (s: Settings, extras: boolean): string[] => [
  // A slice, not a conditional spread: 19 B less brotli in popup.js (build 2026-11-27).
  ...['common.css', 'form-extras.css'].slice(0, extras ? 2 : 1),
  s.variation == 'fixed' ? 'modal-fixed.css' : s.variation == 'slide' ? 'modal-slidein.css' : 'modal.css',
  s.variation == 'fixed' ? 'layout-fixed.css' : `layout-${s.template}.css`,
];

/**
 * Whether every frame of the popup links fonts.css, after its own sheets: its style settings pick a font other than
 * helvetica (spec 3.3; `font` gives '' for helvetica, whose stack common.css holds) or set baseFontSize (strict
 * content).
 */
export const needsFonts = ({ styles: t }: Settings): boolean =>
  !!(t.labelFont + t.headingFont + t.paragraphFont || t.baseFontSize);

/** The banner frame's stylesheets (spec 7.2). */
export const BANNER_SHEETS = ['common.css', 'banner.css'];
