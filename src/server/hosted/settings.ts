/**
 * What the hosted page reads of a form's settings beyond its model (src/form-model/form.ts): the owner's texts and
 * styles (spec 3.2, 3.3), through the readers the popup's normaliser uses (src/form-model/raw.ts, style.ts), so a
 * colour the popup would drop is dropped here too. Unlike the popup's fixed bar, the page shows the description whole.
 */
import { type Direction, formDirection, languageOf } from '../../form-model/language';
import { type Obj, num, obj, str } from '../../form-model/raw';
import { type ButtonStyle, button, color, font, httpUrl } from '../../form-model/style';

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
  /** The form's language tag and direction (src/form-model/language.ts), '' for English, left to right. */
  lang: string;
  dir: Direction;
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
  return {
    description: str(r.description),
    footer: str(r.footer),
    buttonLabel: str(r.buttonLabel),
    image: httpUrl(r.imageUrl) || (ON_PROVIDER.test(str(r.imageUrl)) ? str(r.imageUrl) : ''),
    gdprLabel: str(r.gdprLabel),
    gdprDescription: str(r.gdprDescription),
    gdprLegal: str(r.gdprLegal),
    gdprMCLegal: str(r.gdprMCLegal),
    lang: languageOf(r.lang),
    dir: formDirection(r.dir, r.lang),
    look: look(obj(r.styles)),
  };
};
