/**
 * The checks of the style settings (spec 3.3): colours the popup drops or CSS cannot read, font keys it does not
 * know, alignments and sizes it would read as its defaults. Part of `checkSettings` (src/form-model/check.ts).
 */
import { parseColor } from './contrast';
import { nameOf } from './names';
import { add, numberOf, type Problem, shown } from './problems';
import { obj, str } from './raw';
import { FONT_KEYS } from './style';

/** Every colour setting of spec 3.3, by path under `styles`. */
export const COLOUR_PATHS = [
  'modal.close_link_color',
  'button.color',
  'button.hover_color',
  'button.text_color',
  'bannerCta.color',
  'bannerCta.hover_color',
  'bannerCta.text_color',
  'labels.color',
  'headingColor',
  'paragraphColor',
  'backgroundColor',
];

/** Every font setting of spec 3.3, by path under `styles`. */
export const FONT_PATHS = ['labels.font', 'headingFont', 'paragraphFont'];

/** The value at a dotted path of a raw object; undefined where a step is no object. */
export const at = (raw: unknown, path: string): unknown => {
  let v: unknown = raw;
  for (const k of path.split('.')) v = Object.hasOwn(obj(v), k) ? obj(v)[k] : undefined;
  return v;
};

/** Whether a setting was given: '' and null count as not set, as the popup reads them. */
const given = (v: unknown): boolean => v != null && v !== '';

const checkColours = (st: unknown, out: Problem[]): void => {
  for (const p of COLOUR_PATHS) {
    const v = at(st, p);
    if (given(v) && !parseColor(v))
      add(
        out,
        'styles.' + p,
        `${nameOf('styles.' + p)}: ${shown(v)} is no colour the popup can use. Give a hex colour such as #1a73e8, ` +
          'rgb(…) or hsl(…) with plain numbers, or a CSS colour name such as navy.',
      );
  }
};

const checkFonts = (st: unknown, out: Problem[]): void => {
  for (const p of FONT_PATHS) {
    const v = at(st, p);
    if (given(v) && !FONT_KEYS.includes(str(v).toLowerCase()))
      add(
        out,
        'styles.' + p,
        `${nameOf('styles.' + p)}: ${shown(v)} is none of the popup's fonts (${FONT_KEYS.join(', ')}); ` +
          'the popup would show helvetica.',
      );
  }
};

const checkAlignment = (st: unknown, out: Problem[]): void => {
  for (const p of ['button.alignment', 'bannerCta.alignment']) {
    const v = at(st, p);
    if (given(v) && !/^(left|center|right)$/.test(str(v)))
      add(out, 'styles.' + p, `${nameOf('styles.' + p)} must be left, center or right, not ${shown(v)}.`);
  }
};

/** max_width: a number of pixels ('768px' reads as 768); baseFontSize: a number of pixels, its presence strict mode. */
const checkSizes = (st: unknown, out: Problem[]): void => {
  const w = at(st, 'modal.max_width');
  const px = typeof w === 'string' ? w.replace(/px$/, '') : w;
  if (given(w) && !((numberOf(px) || 0) > 0))
    add(
      out,
      'styles.modal.max_width',
      `Max width must be a number of pixels above 0, not ${shown(w)}: 768 would apply.`,
    );
  const b = at(st, 'baseFontSize');
  if (given(b) && !((numberOf(b) || 0) > 0))
    add(
      out,
      'styles.baseFontSize',
      `Base font size must be a number of pixels above 0, not ${shown(b)}: the popup would ignore it.`,
    );
};

/** The problems of `styles` (spec 3.3). */
export const checkStyles = (st: unknown, out: Problem[]): void => {
  if (st == null) return;
  if (!st || typeof st !== 'object' || Array.isArray(st)) {
    add(out, 'styles', 'Styles must be an object.');
    return;
  }
  checkColours(st, out);
  checkFonts(st, out);
  checkAlignment(st, out);
  checkSizes(st, out);
};
