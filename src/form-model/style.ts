/**
 * Readers of the style settings (spec 3.3) and of the settings' links: a colour, a font key, an alignment, an http(s)
 * address. The popup's normaliser (src/popup/settings.ts) reads them through these, and so do the form model's checks
 * (src/form-model/check.ts, a11y.ts) and the owner's studio, so that all of them read a colour alike (issue 33). Pure;
 * each gives '' (or the default) for what the popup would not use, and never throws.
 */
import { obj, str } from './raw';

/** Button and banner call-to-action alignment (spec 3.3, 9.3). */
export type Align = 'left' | 'center' | 'right';

/**
 * An http(s) or protocol-relative address with nothing that could end a CSS url() or an attribute ('' otherwise): the
 * image and the badges' links (spec 9.3).
 */
export const httpUrl = (v: unknown): string => (/^(https?:)?\/\/[^\s"'<>]+$/i.test(str(v)) ? str(v) : '');

/**
 * Colours we pass to CSS: hex, a keyword, or rgb()/hsl() with plain numbers. Anything else is dropped (''): a
 * value that leaves the custom property (src/popup/theme.ts) can end no declaration and open no url().
 */
export const color = (v: unknown): string => {
  const c = str(v);
  return /^(#[\da-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i.test(c) ? c : '';
};

/** An alignment of spec 9.3, else center (the stylesheets' default). */
export const align = (v: unknown): Align => (/^(left|center|right)$/.test(str(v)) ? (str(v) as Align) : 'center');

/** A button's style settings (spec 3.3: button, bannerCta). Colours are '' when not given or not a safe colour. */
export interface ButtonStyle {
  color: string;
  hover: string;
  text: string;
  align: Align;
  /** style "full": 100% width. */
  full: boolean;
}

/** A button's style settings read (spec 3.3): the popup's and the hosted page's alike. */
export const button = (v: unknown): ButtonStyle => {
  const b = obj(v);
  return {
    color: color(b.color),
    hover: color(b.hover_color),
    text: color(b.text_color),
    align: align(b.alignment),
    full: str(b.style) === 'full',
  };
};

/**
 * The CSS value of a font key (spec 3.3): its custom property, `var(--mc-f-{key})`; '' for helvetica, the default,
 * and for anything that is not a key's shape. The stacks of the nine other keys live in fonts.css: stylesheet bytes
 * are cheaper than popup.js bytes, and the stacks are style, not logic. A key of the right shape that fonts.css does
 * not know (a font the provider added later) names a property no sheet defines, so every use falls back to the
 * default's stack (common.css), as the spec's default asks.
 */
export const font = (v: unknown): string => {
  const key = str(v).toLowerCase();
  return /^[a-z_]+$/.test(key) && key !== 'helvetica' ? `var(--mc-f-${key})` : '';
};

/** The font keys of spec 3.3, helvetica (the default) first: what fonts.css and common.css draw. */
export const FONT_KEYS = [
  'helvetica',
  'arial',
  'comic_sans',
  'courier_new',
  'georgia',
  'lucida',
  'tahoma',
  'times_new_roman',
  'trebuchet_ms',
  'verdana',
];
