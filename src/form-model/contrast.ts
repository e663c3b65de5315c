/**
 * Colours as the popup's stylesheets get them, and their contrast (issue 33 item 4, WCAG 2.2 1.4.3): a parser for every
 * form the popup's colour rule lets through (src/form-model/style.ts `color`) that CSS also reads, and the WCAG 2.2
 * relative luminance and contrast ratio. Pure; a value CSS would not read as a colour parses as null.
 */
import { CSS_COLOURS } from './css-colours';
import { color } from './style';

/** sRGB channels 0–255 and alpha 0–1. */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

export const WHITE: Rgba = [255, 255, 255, 1];
export const BLACK: Rgba = [0, 0, 0, 1];

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The named colours by name, made on first use (most colours are hex). */
let named: Map<string, string> | undefined;
const namedHex = (name: string): string | undefined => {
  if (!named) {
    named = new Map();
    for (let i = 0; i < CSS_COLOURS.length; i += 2) named.set(CSS_COLOURS[i], CSS_COLOURS[i + 1]);
  }
  return named.get(name);
};

/** #rgb, #rgba, #rrggbb or #rrggbbaa without its '#'; null for any other length (CSS reads none). */
const hex = (h: string): Rgba | null => {
  if (!/^([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.test(h)) return null;
  const long = h.length < 5 ? [...h].map((c) => c + c).join('') : h;
  const at = (i: number) => parseInt(long.slice(i, i + 2), 16);
  return [at(0), at(2), at(4), long.length === 8 ? at(6) / 255 : 1];
};

/** One component of rgb() or hsl(): a plain number or a percentage (the popup's rule lets nothing else through). */
interface Part {
  n: number;
  pct: boolean;
}

const part = (s: string): Part | null => {
  const m = /^(\d+\.?\d*|\.\d+)(%?)$/.exec(s);
  return m ? { n: +m[1], pct: !!m[2] } : null;
};

/**
 * The arguments of rgb()/hsl(): three components and an optional alpha, comma-separated (the legacy syntax, no '/')
 * or space-separated with the alpha after '/'. Null when CSS would not read them.
 */
const args = (body: string): { parts: Part[]; legacy: boolean } | null => {
  const legacy = body.includes(',');
  const [main, alpha, extra] = body.split('/');
  if (extra != null || (legacy && alpha != null)) return null;
  const items = main.trim().split(legacy ? /\s*,\s*/ : /\s+/);
  if (!(items.length === 3 || (legacy && items.length === 4))) return null;
  if (alpha != null) items.push(alpha.trim());
  const parts = items.map(part);
  return parts.every((p) => p) ? { parts: parts as Part[], legacy } : null;
};

const alphaOf = (p: Part | undefined): number => (p ? clamp(p.pct ? p.n / 100 : p.n, 0, 1) : 1);

/** rgb(): numbers 0–255 or percentages, clamped as CSS does; the legacy syntax takes no mix of the two. */
const rgbOf = ({ parts, legacy }: { parts: Part[]; legacy: boolean }): Rgba | null => {
  const [r, g, b] = parts;
  if (legacy && !(r.pct === g.pct && g.pct === b.pct)) return null;
  const ch = (p: Part) => clamp(p.pct ? p.n * 2.55 : p.n, 0, 255);
  return [ch(r), ch(g), ch(b), alphaOf(parts[3])];
};

/**
 * hsl(): the hue in degrees, saturation and lightness as percentages, the form every browser reads (plain numbers
 * there are CSS Color 4's newer syntax, which older browsers drop). CSS Color 4's conversion.
 */
const hslOf = ({ parts }: { parts: Part[] }): Rgba | null => {
  const [h, s, l] = parts;
  if (h.pct || !s.pct || !l.pct) return null;
  const hue = h.n % 360;
  const sat = clamp(s.n, 0, 100) / 100;
  const light = clamp(l.n, 0, 100) / 100;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4), alphaOf(parts[3])];
};

/**
 * A colour setting as the popup's stylesheets get it: null when the popup drops it (style.ts `color`) or when CSS would
 * not read it as a colour (a word that is no CSS colour name, '#12345', 'rgb(1,2)'). `transparent` is no text colour
 * but a colour all the same; `currentcolor` depends on where it is used, and parses as null.
 */
export const parseColor = (v: unknown): Rgba | null => {
  const c = color(v).toLowerCase();
  if (!c) return null;
  if (c[0] === '#') return hex(c.slice(1));
  const fn = /^(rgb|hsl)a?\((.*)\)$/.exec(c);
  if (fn) {
    const a = args(fn[2]);
    return a && (fn[1] === 'rgb' ? rgbOf(a) : hslOf(a));
  }
  if (c === 'transparent') return [0, 0, 0, 0];
  const h = namedHex(c);
  return h ? hex(h) : null;
};

/** `top` painted over `under`: source-over in sRGB, as browsers blend. */
export const over = (top: Rgba, under: Rgba): Rgba => {
  const a = top[3] + under[3] * (1 - top[3]);
  const ch = (i: number) => (a ? (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a : 0);
  return [ch(0), ch(1), ch(2), a];
};

/** WCAG 2.2 relative luminance of an opaque colour (its alpha is not read). */
export const luminance = (c: Rgba): number => {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
};

/** WCAG 2.2 contrast ratio of two opaque colours, 1 to 21. */
export const ratio = (a: Rgba, b: Rgba): number => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/**
 * The contrast of text colour `fg` on a stack of backgrounds, the nearest first (a button over the dialog). What shows
 * through a stack that is not opaque is the host page, which the popup cannot know: the stack is painted over white
 * and over black, and the worse ratio counts.
 */
export const contrastOn = (fg: Rgba, ...layers: Rgba[]): number =>
  Math.min(
    ...[WHITE, BLACK].map((page) => {
      const bg = layers.reduceRight((under, layer) => over(layer, under), page);
      return ratio(over(fg, bg), bg);
    }),
  );

/** WCAG 2.2 contrast ratio of colour `fg` on colour `bg`, each in a form the popup takes; null when either is none. */
export const contrastRatio = (fg: unknown, bg: unknown): number | null => {
  const f = parseColor(fg);
  const b = parseColor(bg);
  return f && b ? contrastOn(f, b) : null;
};
