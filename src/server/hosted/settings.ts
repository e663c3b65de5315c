/**
 * What the hosted page reads of a form's settings beyond its model (src/form-model/form.ts): the owner's texts and
 * styles (spec 3.2, 3.3), through the readers the popup's normaliser uses (src/form-model/raw.ts, style.ts), so a
 * colour the popup would drop is dropped here too. Unlike the popup's fixed bar, the page shows the description whole.
 */
import { type Obj, num, obj, str } from '../../form-model/raw';
import { type ButtonStyle, button, color, font, httpUrl } from '../../form-model/style';
import { LANG_MAX, LANG_TAG } from '../studio/stage';

/** The style settings the page paints with (spec 3.3). */
export interface Look {
  background: string;
  paragraphColor: string;
  /** A font key's `var(--mc-f-{key})`, '' for the default (helvetica). */
  paragraphFont: string;
  headingColor: string;
  headingFont: string;
  labelColor: string;
  labelFont: string;
  button: ButtonStyle;
  /** baseFontSize in px, 0 when absent. */
  baseFontSize: number;
}

/** The page's settings. HTML strings are owner HTML, unsanitized. */
export interface HostedSettings {
  description: string;
  footer: string;
  /** '' when the settings give none: the page's texts then say it. */
  buttonLabel: string;
  /** The form's decorative image (spec 3.2 imageUrl): an http(s) address, or a path on this provider; else ''. */
  image: string;
  gdprLabel: string;
  gdprDescription: string;
  gdprLegal: string;
  gdprMCLegal: string;
  /** <html lang>: the settings' `lang` when it is a language tag, else English. */
  lang: string;
  /** <html dir>: the settings' `dir` when 'rtl' or 'ltr', else none (left to right). */
  dir?: 'rtl' | 'ltr';
  look: Look;
}

/**
 * A path on this provider (the demo forms' images): the popup gets it on the provider's host (form-model/visitor.ts
 * forVisitor); the hosted page is on that host, so the path itself serves.
 */
const ON_PROVIDER = /^\/(?!\/)[^\s"'<>\\]*$/;

const look = (st: Obj): Look => {
  const labels = obj(st.labels);
  return {
    background: color(st.backgroundColor),
    paragraphColor: color(st.paragraphColor),
    paragraphFont: font(st.paragraphFont),
    headingColor: color(st.headingColor),
    headingFont: font(st.headingFont),
    labelColor: color(labels.color),
    labelFont: font(labels.font),
    button: button(st.button),
    baseFontSize: num(st.baseFontSize, 0),
  };
};

/** The hosted page's settings of raw settings `raw`. Any JSON in; never throws. */
export const hostedSettings = (raw: unknown): HostedSettings => {
  const r = obj(raw);
  const lang = str(r.lang);
  const dir = str(r.dir);
  return {
    description: str(r.description),
    footer: str(r.footer),
    buttonLabel: str(r.buttonLabel),
    image: httpUrl(r.imageUrl) || (ON_PROVIDER.test(str(r.imageUrl)) ? str(r.imageUrl) : ''),
    gdprLabel: str(r.gdprLabel),
    gdprDescription: str(r.gdprDescription),
    gdprLegal: str(r.gdprLegal),
    gdprMCLegal: str(r.gdprMCLegal),
    lang: lang.length <= LANG_MAX && LANG_TAG.test(lang) ? lang : 'en',
    dir: dir === 'rtl' || dir === 'ltr' ? dir : undefined,
    look: look(obj(r.styles)),
  };
};
