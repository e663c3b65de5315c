/**
 * The single settings normaliser (spec 3.2, 3.3, 9.3, 9.4): the raw object the provider sent goes in once, where it
 * enters popup.js, and one typed `Settings` comes out. Its form part is the form model the provider reads from the
 * same settings (src/form-model/form.ts `readForm`); nothing else reads raw settings. Pure: no DOM, never throws.
 */
import {
  DEFAULT_BANNER_CTA_LABEL,
  DEFAULT_BUTTON_LABEL,
  DEFAULT_CLOSE_LABEL,
  DEFAULT_CONTINUE_LABEL,
  EMAIL_PLACEHOLDER,
  CONFIRMATION_MAX_S,
  DEFAULT_CONFIRMATION_S,
  DEFAULT_FREQUENCY_DAYS,
  DEFAULT_OPACITY,
  DEFAULT_VERSION,
  FIXED_DESCRIPTION_MAX,
  POWERED_BY_TEXT,
  POWERED_BY_URL,
  WIDE_TEMPLATE_WIDTH,
} from '../constants';
import { safeVersion } from '../browser/urls';
import { localize } from '../form-model/texts';
import { readForm, type FormModel, type Variation } from '../form-model/form';
import { num, obj, str, yes } from '../form-model/raw';
import type { RawSettings } from '../types';
import { decode } from './html/decode';
import { maxWidthOf, mobileView } from '../form-model/view';
import { type Align, type ButtonStyle, button, color, font, httpUrl } from '../form-model/style';

export type { Align, ButtonStyle, Variation };

/** Style settings of spec 3.3 after normalising: safe colours or '', font keys mapped to font stacks. */
export interface Styles {
  closeColor: string;
  button: ButtonStyle;
  bannerCta: ButtonStyle;
  labelColor: string;
  /** A font key's stack as `var(--mc-f-{key})`, '' for helvetica (the default, common.css's): see `font`. */
  labelFont: string;
  headingColor: string;
  headingFont: string;
  /** Also the banner close X (spec 3.3). */
  paragraphColor: string;
  paragraphFont: string;
  /** Also the banner background (spec 3.3). */
  backgroundColor: string;
  /** baseFontSize in px, 0 when absent; its presence turns on strict-content styling (spec 3.3). */
  baseFontSize: number;
}

/**
 * The powered-by link: a text (a number reads as its digits) and an http(s) address, as the provider sent them once
 * `normalize` has checked them (str and httpUrl read each; a link or a text node need no trimming).
 */
export interface PoweredBy {
  text: string | number;
  url: string;
}

/**
 * The normalised settings: every rule of spec 3.2, 3.3, 9.3 and 9.4 applied, on the form model the provider reads too
 * (src/form-model/form.ts: variation, template, fields, GDPR and step flags, translations, placement).
 * HTML strings are owner HTML, unsanitised.
 */
export interface Settings extends FormModel {
  /** Path segment of the content host: dotted digits, default '1.0'. */
  version: string;
  /** Host of the dev stylesheets (spec 7.2), '' when absent or not a host name. */
  appDomain: string;
  /** Days the closed cookie lives (spec 9.2). */
  frequencyDays: number;
  /** Overlay opacity 0..1 (spec 9.3: the setting is a percent). */
  opacity: number;
  /** Accessible label of the close control (spec 2.2, 9.4). */
  closeLabel: string;
  /** A built-in text in the form's language (src/form-model/texts.ts): its translation, else the English. */
  localized(en: string): string;
  /**
   * The form's language and direction for its frames (issue 35 item 5), '' for the host page's. Read as strings: the
   * frame takes them as DOM properties, never parsed, and a direction other than 'ltr' or 'rtl' leaves it left to
   * right. The studio saves only a language tag and those two (src/form-model/language.ts).
   */
  lang: string;
  dir: string;
  /** useMobileBanner Y: on a mobile view the banner shows first and its call to action opens the modal (spec 4.2). */
  mobileBanner: boolean;
  /** Rich HTML; in the fixed variation plain text, stripped and cut to 50 characters + '...' (spec 2.2). */
  description: string;
  /**
   * The fixed variation's whole description as plain text when the cut shortened it, else '': the bar's accessible
   * description, so a screen reader hears the offer the spec's cut leaves out (issue 35 item 4).
   */
  fullDescription: string;
  footer: string;
  buttonLabel: string;
  continueLabel: string;
  bannerDescription: string;
  bannerCtaLabel: string;
  /** Seconds the success message stays (spec 9.1). */
  confirmationS: number;
  gdprLabel: string;
  gdprDescription: string;
  gdprLegal: string;
  gdprMCLegal: string;
  smsTransportNumber: string;
  ttt: boolean;
  /** The rewards badge rule of spec 9.3 applied: version ≠ '1.0', useRewards, and an http(s) rewardsUrl. */
  rewards: boolean;
  rewardsUrl: string;
  /**
   * The powered-by badge (spec 1.1, docs/decisions/powered-by-badge.md): the provider's `poweredBy` { text, url } when
   * it has a text and an http(s) url; Mailchimp's badge when the key is absent (a Mailchimp provider); null, no badge,
   * for false or any other value (a provider that names itself wrongly must not be shown as Mailchimp).
   */
  poweredBy: PoweredBy | null;
  /** http(s) or protocol-relative image address, '' otherwise and in the fixed variation (it shows none). */
  imageUrl: string;
  imageEdgeToEdge: boolean;
  /** The image is a background only when the template is not 1 (spec 2.2, 9.3). */
  imageBackground: boolean;
  /** modal.max_width in px (default 768): the mobile-view rule reads it (spec 9.3). */
  maxWidth: number;
  /** Width of the modal in px: 603 for templates 3 and 4 (spec 9.3), else maxWidth. */
  width: number;
  styles: Styles;
  /**
   * Cookies the provider asks the popup to set (spec 3.8), as sent, or null when none: they are checked and set by
   * form-extras.js (src/popup/server-cookies.ts), which keeps 250 B brotli out of popup.js for a rare setting.
   */
  cookies: unknown[] | null;
}

/**
 * The fixed variation's description as plain text (spec 2.2): HTML stripped, &nbsp; (and every character reference)
 * turned into text, whitespace collapsed.
 */
export const plainDescription = (html: string): string =>
  // A tag becomes a space (the words of two paragraphs must not run together), but none before punctuation: '<b>20%
  // </b>, off' reads '20%, off'. The sanitizer's decoder turns &nbsp; into U+00A0, which \s matches.
  decode(html.replace(/<[^>]*>/g, '\0'))
    .replace(/\0+([,.;:!?])/g, '$1')
    .replace(/[\s\0]+/g, ' ')
    .trim();

/** Plain text cut to 50 characters followed by '...' when longer (spec 2.2). */
const cut = (text: string): string => {
  // Counted and cut by character, not by UTF-16 unit: an emoji is never cut in half.
  const t = [...text];
  return t.length > FIXED_DESCRIPTION_MAX ? t.slice(0, FIXED_DESCRIPTION_MAX).join('') + '...' : text;
};

/** The fixed variation's description (spec 2.2): plain text, cut. */
export const fixedDescription = (html: string): string => cut(plainDescription(html));

/** Normalises the provider's settings object (spec 3.2, 3.3, 9.3, 9.4). Any JSON in; never throws. */
export const normalize = (raw: RawSettings | unknown): Settings => {
  const r = obj(raw);
  // Absent (or null): a Mailchimp provider, whose badge the popup has always shown.
  const pb = obj(r.poweredBy ?? { text: POWERED_BY_TEXT, url: POWERED_BY_URL });
  const st = obj(r.styles);
  const modal = obj(st.modal);
  const labels = obj(st.labels);
  const m = readForm(r);
  const { variation, template } = m;
  // Read through str: safeVersion's test would call an object's own toString, which JSON can make anything.
  const version = safeVersion(str(r.version));
  const maxWidth = maxWidthOf(modal);
  const description = str(r.description);
  const fixed = variation === 'fixed';
  const plain = plainDescription(description);
  const rewardsUrl = httpUrl(r.rewardsUrl);
  // The fixed bar shows no image (its layout has no room for one): none is fetched either.
  const imageUrl = fixed ? '' : httpUrl(r.imageUrl);
  const opacity = num(r.popupOpacity, -1);
  const localized = (en: string) => localize(m.translations, en);
  // A label: the owner's text, else the built-in one in the form's language (spec 9.4).
  const label = (v: unknown, en: string) => str(v) || localized(en);
  return {
    ...m,
    version,
    appDomain: /^[\w.-]+(:\d+)?$/.test(str(r.appDomain)) ? str(r.appDomain) : '',
    frequencyDays: num(r.popupFrequency, DEFAULT_FREQUENCY_DAYS),
    opacity: opacity < 0 ? DEFAULT_OPACITY : Math.min(opacity, 100) / 100,
    closeLabel: label(r.closeLabel, DEFAULT_CLOSE_LABEL),
    localized,
    lang: str(r.lang),
    dir: str(r.dir),
    mobileBanner: yes(r.useMobileBanner),
    description: fixed ? cut(plain) : description,
    fullDescription: fixed && cut(plain) !== plain ? plain : '',
    footer: str(r.footer),
    buttonLabel: label(r.buttonLabel, DEFAULT_BUTTON_LABEL),
    continueLabel: label(r.continueLabel, DEFAULT_CONTINUE_LABEL),
    bannerDescription: str(r.bannerDescription),
    bannerCtaLabel: label(r.bannerCtaLabel, DEFAULT_BANNER_CTA_LABEL),
    // At most what a timer can wait (2^31 - 1 ms): a longer delay fires at once, and the success would vanish at once.
    confirmationS: Math.min(num(r.confirmationDuration, DEFAULT_CONFIRMATION_S), CONFIRMATION_MAX_S),
    gdprLabel: str(r.gdprLabel),
    gdprDescription: str(r.gdprDescription),
    gdprLegal: str(r.gdprLegal),
    gdprMCLegal: str(r.gdprMCLegal),
    smsTransportNumber: str(r.smsTransportNumber),
    ttt: yes(r.useTtt),
    rewards: version !== DEFAULT_VERSION && yes(r.useRewards) && !!rewardsUrl,
    rewardsUrl,
    // The object as sent once its text and url are checked here: a PoweredBy by those checks, not by its type.
    poweredBy: str(pb.text) && httpUrl(pb.url) ? (pb as unknown as PoweredBy) : null,
    imageUrl,
    imageEdgeToEdge: yes(r.imageEdgeToEdge),
    imageBackground: template !== 1 && !!imageUrl,
    maxWidth,
    width: template === 3 || template === 4 ? WIDE_TEMPLATE_WIDTH : maxWidth,
    styles: {
      closeColor: color(modal.close_link_color),
      button: button(st.button),
      bannerCta: button(st.bannerCta),
      labelColor: color(labels.color),
      labelFont: font(labels.font),
      headingColor: color(st.headingColor),
      headingFont: font(st.headingFont),
      paragraphColor: color(st.paragraphColor),
      paragraphFont: font(st.paragraphFont),
      backgroundColor: color(st.backgroundColor),
      baseFontSize: num(st.baseFontSize, 0),
    },
    cookies: Array.isArray(r.cookies) && r.cookies.length ? r.cookies : null,
  };
};

/** The mobile-view rule (spec 9.3, src/form-model/view.ts): the viewport is at or below max_width − 20. */
export const isMobile = (s: Settings, viewportWidth: number): boolean => mobileView(s.maxWidth, viewportWidth);

/** The e-mail placeholder (spec 2.2, 9.4): 'Enter your email' only on non-mobile views of the fixed variation. */
export const emailPlaceholder = (s: Settings, mobile: boolean): string =>
  s.variation === 'fixed' && !mobile ? s.localized(EMAIL_PLACEHOLDER) : '';
