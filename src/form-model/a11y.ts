/**
 * The accessibility check beside Save (issue 33 item 4): warnings, not refusals (the owner can still save). The
 * contrast of every text colour on its background (WCAG 2.2 1.4.3: 4.5:1, 3:1 for large text; 1.4.11: 3:1 for the
 * close control and the focus outline), with the popup's own colours where a setting is unset (the fallbacks of
 * src/popup/css/common.css, banner.css and modal.css) or fixed by its sheet; labels a visitor cannot read or a screen
 * reader cannot announce; a GDPR block without its texts. Pure; any JSON in, never throws.
 */
import {
  DEFAULT_BANNER_CTA_LABEL,
  DEFAULT_BUTTON_LABEL,
  DEFAULT_CLOSE_LABEL,
  DEFAULT_CONTINUE_LABEL,
} from '../constants';
import { at } from './check-style';
import { contrastOn, parseColor, type Rgba } from './contrast';
import { bannerOnPhones } from './banner';
import { readForm } from './form';
import { languageOf } from './language';
import { nameOf } from './names';
import { shown } from './problems';
import { num, obj, type Obj, str, yes } from './raw';
import { isMessageKey } from './rules';
import { color } from './style';
import { GDPR_LEGEND } from './texts';

/** One warning: the setting to change, what is wrong, and for a contrast the ratio (rounded down, as WCAG asks). */
export interface Warning {
  path: string;
  message: string;
  ratio?: number;
}

/**
 * A colour of the popup: the style settings that give it, in the order the sheet tries them (the close control takes
 * close_link_color, else paragraphColor), and the sheet's own colour when none is set. A colour the sheet fixes has no
 * setting, and a name.
 */
interface Source {
  paths: string[];
  dflt: string;
  name?: string;
}

/** Whether phones see the banner (the form model's rule: useMobileBanner, or the slide-in). */
const banner = (r: Obj): boolean => bannerOnPhones(yes(r.useMobileBanner), readForm(r).variation);

/** A text colour on its backgrounds (the nearest first), and the ratio it needs. */
interface Pair {
  fg: Source;
  bg: Source[];
  min: number;
}

/** A colour as the popup paints it: the setting the sheet takes, or its default; whether the owner set it. */
interface Resolved {
  rgba: Rgba | null;
  path: string;
  set: boolean;
  name: string;
}

const BG: Source = { paths: ['backgroundColor'], dflt: '#fff' };

/** Large text (WCAG 2.2): 18 pt (24 px), or 14 pt (18.67 px) bold. */
const isLarge = (px: number, bold: boolean): boolean => px >= 24 || (bold && px >= (14 * 4) / 3);

/** UA sizes of the headings common.css colours (h1–h4), in em; in strict content (baseFontSize) they are 1em. */
const HEADING_EM = [2, 1.5, 1.17, 1];

/**
 * The ratio headings need: 3:1 when every heading of the owner's texts is large (headings are bold; their sizes are
 * the browser's, in the description and banner description 1em of baseFontSize in strict content: fonts.css), or when
 * the texts hold none (the heading colour then colours nothing: only a colour no heading could be read in warns).
 * 4.5:1 otherwise.
 */
const headingMin = (r: Obj, base: number): number => {
  const strict = num(obj(r.styles).baseFontSize, 0) > 0;
  const texts: [unknown, boolean][] = [
    [str(r.modalVariation) === 'fixed' ? '' : r.description, strict],
    [banner(r) ? r.bannerDescription : '', strict],
    ...['footer', 'successMsg', 'doubleOptInSuccessMessage', 'gdprDescription', 'gdprLegal', 'gdprMCLegal'].map(
      (k): [unknown, boolean] => [r[k], false],
    ),
  ];
  let px = Infinity;
  for (const [html, flat] of texts)
    for (const m of str(html).matchAll(/<h([1-4])[\s>/]/gi))
      px = Math.min(px, flat ? base : HEADING_EM[+m[1] - 1] * base);
  return isLarge(px, true) ? 3 : 4.5;
};

/** Every text and control colour on its background, as the popup's sheets paint them. */
const pairs = (r: Obj): Pair[] => {
  const base = num(obj(r.styles).baseFontSize, 0) || 16;
  // Body text, labels and buttons: normal or semi-bold (600, not bold), at the base size.
  const body = isLarge(base, false) ? 3 : 4.5;
  const button = (k: string): Pair[] => [
    { fg: { paths: [k + '.text_color'], dflt: '#fff' }, bg: [{ paths: [k + '.color'], dflt: '#111' }, BG], min: body },
    {
      fg: { paths: [k + '.text_color'], dflt: '#fff' },
      bg: [{ paths: [k + '.hover_color'], dflt: '#333' }, BG],
      min: body,
    },
  ];
  return [
    { fg: { paths: ['paragraphColor'], dflt: '#222' }, bg: [BG], min: body },
    { fg: { paths: ['headingColor'], dflt: '#111' }, bg: [BG], min: headingMin(r, base) },
    { fg: { paths: ['labels.color'], dflt: '#222' }, bg: [BG], min: body },
    ...button('button'),
    ...(banner(r) ? button('bannerCta') : []),
    // The × is 28 px, and a control: 3:1 either way (1.4.3 large text, 1.4.11).
    { fg: { paths: ['modal.close_link_color', 'paragraphColor'], dflt: '#222' }, bg: [BG], min: 3 },
    { fg: { paths: [], dflt: '#444', name: 'Badge links' }, bg: [BG], min: 4.5 },
    { fg: { paths: [], dflt: '#b00000', name: 'Error messages' }, bg: [BG], min: 4.5 },
    { fg: { paths: [], dflt: '#1a73e8', name: 'Focus outline' }, bg: [BG], min: 3 },
  ];
};

const resolve = (st: unknown, s: Source): Resolved => {
  const path = s.paths.find((p) => color(at(st, p)));
  const name = s.name || nameOf('styles.' + s.paths[0]);
  return path
    ? { rgba: parseColor(at(st, path)), path: 'styles.' + path, set: true, name: nameOf('styles.' + path) }
    : {
        rgba: parseColor(s.dflt),
        path: s.paths.length ? 'styles.' + s.paths[0] : '',
        set: false,
        name: `${name} (${s.name ? 'the popup’s' : 'default'} ${s.dflt})`,
      };
};

/**
 * A failing ratio as a message shows it: to two decimals (#777 on white is 4.48:1), or three when two would round it
 * up to what it needs (WCAG: 4.499:1 is not 4.5:1).
 */
const shownRatio = (x: number, min: number): number => {
  const two = Math.round(x * 100) / 100;
  return two < min ? two : Math.floor(x * 1000) / 1000;
};

const contrastWarnings = (r: Obj): Warning[] => {
  const st = obj(r.styles);
  const out: Warning[] = [];
  for (const p of pairs(r)) {
    const fg = resolve(st, p.fg);
    const bg = p.bg.map((s) => resolve(st, s));
    // A colour CSS cannot read is checkSettings' problem: what the browser paints then is not ours to guess.
    if (!fg.rgba || bg.some((b) => !b.rgba)) continue;
    const exact = contrastOn(fg.rgba, ...bg.map((b) => b.rgba!));
    if (exact >= p.min) continue;
    const ratio = shownRatio(exact, p.min);
    const path = fg.set ? fg.path : (bg.find((b) => b.set) || fg).path || bg[0].path;
    out.push({ path, ratio, message: `${fg.name} on ${bg[0].name}: ${ratio}:1, needs ${p.min}:1.` });
  }
  return out;
};

/**
 * Whether a form in another language than English says `en`, a built-in text (src/form-model/texts.ts), in English: it
 * sets a language, not English, and does not translate it.
 */
const saysInEnglish = (r: Obj, en: string): boolean => {
  const lang = languageOf(r.lang);
  return !!lang && !/^en(-|$)/i.test(lang) && !str(obj(r.translations)[en]);
};

/**
 * Labels the popup shows that a screen reader could not announce usefully, or that a form in another language says in
 * English (an empty label is the built-in text, in the form's language when translated).
 */
const labelWarnings = (r: Obj): Warning[] => {
  const pl = readForm(r).placement;
  const rules: [string, string, boolean][] = [
    ['buttonLabel', DEFAULT_BUTTON_LABEL, true],
    ['continueLabel', DEFAULT_CONTINUE_LABEL, !!pl.sms && pl.main.length > 0],
    ['closeLabel', DEFAULT_CLOSE_LABEL, true],
    ['bannerCtaLabel', DEFAULT_BANNER_CTA_LABEL, banner(r)],
  ];
  const out: Warning[] = [];
  for (const [k, dflt, shows] of rules) {
    const v = str(r[k]);
    if (!shows) continue;
    if (!v && saysInEnglish(r, dflt))
      out.push({
        path: k,
        message:
          `${nameOf(k)} is empty and "${dflt}" has no translation: ` +
          `this ${languageOf(r.lang)} form says it in English.`,
      });
    else if (v && !/[\p{L}\p{N}]/u.test(v))
      out.push({
        path: k,
        message: `${nameOf(k)} ${shown(v)} has no letter or digit: a screen reader reads it as is.`,
      });
  }
  return out;
};

/** Fields the popup places without a label of their own (it shows the merge tag), and the GDPR block's texts. */
const fieldWarnings = (r: Obj): Warning[] => {
  const pl = readForm(r).placement;
  const list: unknown[] = Array.isArray(r.fields) ? r.fields : [];
  const out: Warning[] = [];
  for (const f of [...pl.main, ...(pl.sms ? [pl.sms] : []), ...pl.gdpr]) {
    const i = list.findIndex((x) => str(obj(x).name) === f.name);
    if (!str(obj(list[i]).label))
      out.push({
        path: `fields[${i}].label`,
        message: `Field ${i + 1} (${f.name}) has no label: the popup shows its merge tag "${f.name}" instead.`,
      });
  }
  if (pl.gdprOn && !str(r.gdprLabel) && !str(obj(r.translations)[GDPR_LEGEND]))
    out.push({
      path: 'gdprLabel',
      message: `GDPR label is empty: the block is titled "${GDPR_LEGEND}", in English.`,
    });
  if (pl.gdprOn && !str(r.gdprDescription))
    out.push({
      path: 'gdprDescription',
      message: 'GDPR description is empty: visitors are not told what they agree to.',
    });
  return out;
};

/** Images in the owner's texts without alt text: a screen reader reads out their address instead. */
const imageWarnings = (r: Obj): Warning[] =>
  ['description', 'footer', 'bannerDescription', 'successMsg', 'doubleOptInSuccessMessage', 'gdprDescription']
    .filter((k) => /<img\b(?![^>]*\balt\s*=)[^>]*>/i.test(str(r[k])))
    .map((k) => ({ path: k, message: `${nameOf(k)} has an image without alt text (alt="" if it is decoration).` }));

/**
 * A form whose built-in texts are translated (a key of `translations` that is no validation message) but that names
 * no language: screen readers read it in the page's (WCAG 3.1.1), the hosted page's in English.
 */
const languageWarnings = (r: Obj): Warning[] =>
  !languageOf(r.lang) && Object.keys(obj(r.translations)).some((k) => !isMessageKey(k))
    ? [
        {
          path: 'lang',
          message:
            'The built-in texts are translated but Language is empty: ' +
            'screen readers read the form in the page’s language.',
        },
      ]
    : [];

/** The accessibility warnings of a form's raw settings (issue 33 item 4); [] when it has none. */
export const accessibilityWarnings = (raw: unknown): Warning[] => {
  const r = obj(raw);
  return [
    ...contrastWarnings(r),
    ...labelWarnings(r),
    ...fieldWarnings(r),
    ...imageWarnings(r),
    ...languageWarnings(r),
  ];
};
