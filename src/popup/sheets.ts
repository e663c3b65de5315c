/**
 * Which stylesheets each piece loads, and from where (spec 7.2). Pure: the frames turn these into <link> elements.
 */
import { CSS_PATH } from '../constants';
import type { LoaderParams } from '../types';
import { built } from './built';
import type { Settings } from './settings';

/**
 * A stylesheet's address: `{cdn}css/signup-forms/popup/{version}/{file}` in production, `file` named as this build
 * named it (`modal-1.{side id}.css`, docs/decisions/release-names.md: the exact sheets popup.js was built with); in dev
 * (spec 7.2) `//{appDomain}/css/signup-forms/popup/{file}`, plain: the dev folder is another build's, or the content
 * host's unversioned copy when the settings carry no appDomain.
 */
export const sheetUrl =
  (p: LoaderParams, s: Settings) =>
  (file: string): string =>
    p.dev
      ? (s.appDomain ? `//${s.appDomain}/` : p.cdn) + CSS_PATH + file
      : `${p.cdn}${CSS_PATH}${s.version}/${built(file)}`;

/**
 * The modal frame's stylesheets. First its own sheet, `{variation}-{template}.css` (modal-1 … modal-5, slide-1 …
 * slide-5, fixed-1: the fixed variation is always template 1), which the build makes of the spec 7.2 sheets this
 * frame stands for, in their order: common, the variation's sheet, the template's layout (build/frame-sheets.mjs).
 * One request where there were three, and fewer bytes for the plain modal (docs/decisions/fetched-when-needed.md).
 * Template 1's layout holds only its image's rules: its frame sheets leave it out, and a form with an image links it
 * as image-1.css (the fixed bar shows none). `extras`: the form needs form-extras.js (src/form-model/place.ts
 * needsExtras). Such a form also links form-extras.css, the look of the parts only that file renders, kept out of a
 * plain form's first view.
 */
export const modalSheets = (s: Settings, extras: boolean): string[] =>
  [
    `${s.variation}-${s.template}.css`,
    s.template === 1 && s.imageUrl && 'image-1.css',
    extras && 'form-extras.css',
  ].filter((f): f is string => !!f);

/**
 * Whether every frame of the popup links fonts.css, after its own sheets: its style settings pick a font key other
 * than helvetica (spec 3.3; `font` gives '' for helvetica, whose stack common.css holds, and for what is not a key)
 * or set baseFontSize (strict content).
 */
export const needsFonts = ({ styles: t }: Settings): boolean =>
  !!(t.labelFont + t.headingFont + t.paragraphFont || t.baseFontSize);

/** The banner frame's stylesheet: the spec 7.2 sheets common and banner, made one by the build like the modal's. */
export const BANNER_SHEETS = ['mobile-banner.css'];
