/**
 * The rule of what an owner may save (docs/decisions/owner-api-revisions.md): `checkSettings` lists what the popup
 * would refuse or misread in a form's settings, each problem with the path of the setting and a sentence that names the
 * control. Every check follows from what the popup and the provider do with the value: the form model (readForm,
 * parseFields), the popup's normaliser (src/popup/settings.ts, with the readers of src/form-model/style.ts), the
 * loader's trigger (src/loader/triggers.ts parseTrigger) and display rules (show-on.ts), the provider's store. Unknown
 * keys are kept: other tools may add their own. Pure; any JSON in, never throws.
 */
import {
  CONFIRMATION_MAX_S,
  DEFAULT_BUTTON_LABEL,
  DEFAULT_CLOSE_LABEL,
  DEFAULT_CONTINUE_LABEL,
  DEFAULT_SUCCESS_MSG,
  DEFAULT_VERSION,
} from '../constants';
import { checkFields } from './check-fields';
import { checkShowOn } from './check-show-on';
import { checkStyles } from './check-style';
import { readForm } from './form';
import { isLanguageTag } from './language';
import { keyPath, nameOf } from './names';
import { isMessageKey } from './rules';
import { CHECK_INBOX_MSG } from './texts';
import {
  add,
  checkText,
  fmt,
  HELP_MAX,
  isFlag,
  LABEL_MAX,
  numberOf,
  type Problem,
  providerUrl,
  RICH_MAX,
  shown,
  urlMessage,
} from './problems';
import { obj, type Obj, str, yes } from './raw';

export type { Problem };

/**
 * Largest settings object, as JSON bytes: every visitor downloads it (the form-settings call) before the popup shows,
 * and the owner API takes bodies of at most 64 kB, so 60 kB leaves a save room for its title and refuses a form too
 * large with this reason rather than with a bare 413.
 */
export const SETTINGS_MAX_BYTES = 60 * 1024;

/** Versions of popup.js the content host serves (build.mjs VERSIONS; the unit test holds the two lists equal). */
export const SERVED_VERSIONS = ['1.0', '1.1'];

/** A popupDelay of this many seconds or more is read as the default (src/loader/triggers.ts parseTrigger). */
export const DELAY_MAX_S = 864e3;

/** Longest popupFrequency: browsers cap a cookie's life at 400 days (RFC 6265bis; Chrome does), whatever it asks. */
export const FREQUENCY_MAX_DAYS = 400;

/** Longest powered-by text: one short line in the badge row (12 px) under the form. */
export const POWERED_BY_TEXT_MAX = 40;

/** Y/N settings of spec 3.2. */
const FLAGS = [
  'useMobileBanner',
  'hasDoubleOptIn',
  'hasGdprEnabled',
  'useTtt',
  'useEmailStep',
  'captcha',
  'useRewards',
  'imageEdgeToEdge',
];

/** Numbers of spec 3.2 with their range and why; the popup reads anything else as its default. */
const RANGES: [key: string, lo: number, hi: number, why: string][] = [
  ['popupFrequency', 0, FREQUENCY_MAX_DAYS, 'browsers keep a cookie at most 400 days'],
  ['popupOpacity', 0, 100, 'a percentage'],
  ['confirmationDuration', 0, CONFIRMATION_MAX_S, 'the longest a browser timer waits'],
];

/** Rich texts (owner HTML, sanitized by the popup) and plain labels of spec 3.2. */
const RICH = [
  'description',
  'footer',
  'bannerDescription',
  'successMsg',
  'doubleOptInSuccessMessage',
  'gdprDescription',
  'gdprLegal',
  'gdprMCLegal',
];
const LABELS = ['closeLabel', 'buttonLabel', 'continueLabel', 'bannerCtaLabel', 'gdprLabel'];

const checkNumbers = (r: Obj, out: Problem[]): void => {
  for (const [k, lo, hi, why] of RANGES) {
    const n = numberOf(r[k]);
    if (r[k] != null && (n == null || n < lo || n > hi))
      add(out, k, `${nameOf(k)} must be a number from ${lo} to ${fmt(hi)} (${why}), not ${shown(r[k])}.`);
  }
  const d = r.popupDelay;
  const n = numberOf(d);
  if (
    d != null &&
    !(typeof d === 'string' && /^(exit|middle|bottom)$/.test(d)) &&
    !(n != null && n >= 0 && n < DELAY_MAX_S)
  )
    add(
      out,
      'popupDelay',
      `Trigger must be a number of seconds below ${fmt(DELAY_MAX_S)} (ten days), or exit, middle or bottom, ` +
        `not ${shown(d)}: the popup would open after 1 second.`,
    );
};

const checkLayout = (r: Obj, out: Problem[]): void => {
  const v = r.modalVariation;
  if (v != null && !/^(modal|fixed|slide)$/.test(str(v)))
    add(out, 'modalVariation', `Variant must be modal, fixed or slide, not ${shown(v)}.`);
  const t = numberOf(r.template);
  if (r.template != null && !(t != null && Number.isInteger(t) && t >= 1 && t <= 5))
    add(out, 'template', `Template must be a whole number from 1 to 5, not ${shown(r.template)}.`);
  else if (str(v) === 'fixed' && t != null && t !== 1)
    add(out, 'template', 'The fixed bar always uses template 1 (spec 2.2): set Template to 1.');
  if (r.version != null && !SERVED_VERSIONS.includes(str(r.version)))
    add(out, 'version', `Popup version must be one this provider serves (${SERVED_VERSIONS.join(' or ')}).`);
  if (str(r.appDomain) && !/^[\w.-]+(:\d+)?$/.test(str(r.appDomain)))
    add(out, 'appDomain', `App domain must be a host name (and port), not ${shown(r.appDomain)}.`);
  if (str(r.result) === 'error') add(out, 'result', 'Result "error" tells the popup to show nothing.');
};

const checkFlags = (r: Obj, out: Problem[]): void => {
  for (const k of FLAGS) if (!isFlag(r[k])) add(out, k, `${nameOf(k)} must be Y or N, not ${shown(r[k])}.`);
};

/** The built-in texts that are buttons' labels: held to a label's length. */
const BUTTONS = [DEFAULT_CLOSE_LABEL, DEFAULT_BUTTON_LABEL, DEFAULT_CONTINUE_LABEL];

/** The form's language and direction (src/form-model/language.ts): a language tag, and ltr or rtl; empty for none. */
const checkLanguage = (r: Obj, out: Problem[]): void => {
  if (r.lang != null && r.lang !== '' && !(typeof r.lang === 'string' && isLanguageTag(r.lang)))
    add(out, 'lang', `Language must be a language tag such as fr or pt-BR, not ${shown(r.lang)}.`);
  if (r.dir != null && r.dir !== '' && r.dir !== 'ltr' && r.dir !== 'rtl')
    add(out, 'dir', `Direction must be ltr or rtl, not ${shown(r.dir)}.`);
};

const checkTexts = (r: Obj, out: Problem[]): void => {
  for (const k of RICH) checkText(out, k, r[k], RICH_MAX, false);
  for (const k of LABELS) checkText(out, k, r[k], LABEL_MAX, true);
  const t = r.translations;
  if (t != null && (typeof t !== 'object' || Array.isArray(t)))
    add(out, 'translations', 'Translations must be an object of texts.');
  // A validation message by its key (spec 3.2), or a built-in text by its English (src/form-model/texts.ts): plain
  // text but for the success messages, which are HTML as the owner's are; a button's label as long as a label.
  for (const [k, v] of Object.entries(obj(t))) {
    const message = isMessageKey(k);
    const plain = !message && k !== DEFAULT_SUCCESS_MSG && k !== CHECK_INBOX_MSG;
    const max = BUTTONS.includes(k) ? LABEL_MAX : HELP_MAX;
    checkText(out, keyPath('translations', k), v, max, plain, message ? `Message ${k}` : `“${k}”`);
  }
  checkLanguage(r, out);
  const sms = r.smsTransportNumber;
  if (str(sms) && !/^\+?[\d\s().-]*\d[\d\s().-]*$/.test(str(sms)))
    add(
      out,
      'smsTransportNumber',
      `Text-to-join number may hold digits, spaces, brackets, dots, dashes and a leading + only, not ${shown(sms)}.`,
    );
};

/**
 * poweredBy (docs/decisions/powered-by-badge.md): absent (a Mailchimp provider's badge), false (none), or the
 * provider's own text and http(s) link, as src/popup/settings.ts reads it.
 */
const checkPoweredBy = (v: unknown, out: Problem[]): void => {
  if (v == null || v === false) return;
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    add(out, 'poweredBy', 'Powered-by badge must be off (false) or an object of a text and a link.');
    return;
  }
  const p = v as Obj;
  if (typeof p.text !== 'string' || !str(p.text))
    add(out, 'poweredBy.text', 'Powered-by text is empty: the popup would show no badge.');
  else checkText(out, 'poweredBy.text', p.text, POWERED_BY_TEXT_MAX, true);
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(str(p.url)))
    add(out, 'poweredBy.url', `Powered-by link must be an https:// or http:// address, not ${shown(p.url)}.`);
};

const checkLinks = (r: Obj, out: Problem[]): void => {
  for (const k of ['imageUrl', 'rewardsUrl'])
    if (str(r[k]) && !providerUrl(r[k])) add(out, k, urlMessage(nameOf(k), r[k]));
  if (yes(r.useRewards) && !str(r.rewardsUrl)) add(out, 'rewardsUrl', 'The rewards badge needs a Rewards link.');
  if (yes(r.useRewards) && (str(r.version) || DEFAULT_VERSION) === DEFAULT_VERSION)
    add(
      out,
      'useRewards',
      `The rewards badge shows only with a popup version other than ${DEFAULT_VERSION} (spec 9.3): ` +
        `set Popup version to ${SERVED_VERSIONS.filter((v) => v !== DEFAULT_VERSION).join(' or ')}.`,
    );
  checkPoweredBy(r.poweredBy, out);
};

/** Settings that contradict another: what the form model would then turn off (spec 2.2, 4.4, 5.5). */
const checkSteps = (r: Obj, out: Problem[]): void => {
  const m = readForm(r);
  const pl = m.placement;
  if (yes(r.hasGdprEnabled) && !pl.gdprOn)
    add(
      out,
      'hasGdprEnabled',
      !m.gdpr
        ? 'The GDPR block needs an e-mail field (spec 5.5): the popup turns it off without one.'
        : !m.gdprPlaced
          ? 'Template 5 of the modal variant has no place for the GDPR block (spec 2.2): pick another template.'
          : 'With the e-mail step off the e-mail field is not shown, nor is the GDPR block (spec 5.5).',
    );
  if (pl.gdprOn && !pl.gdpr.length)
    add(out, 'fields', 'The GDPR block is on but no field is a marketing permission: visitors could tick nothing.');
  if (yes(r.useTtt) && !pl.sms) add(out, 'useTtt', 'Text-to-join needs an SMS phone field.');
  if (yes(r.useTtt) && !/\d/.test(str(r.smsTransportNumber)))
    add(out, 'smsTransportNumber', 'Text-to-join needs a Text-to-join number.');
  if (r.useEmailStep != null && !yes(r.useEmailStep) && !pl.sms)
    add(out, 'useEmailStep', 'E-mail step off applies to a form with an SMS phone field only: the popup ignores it.');
};

/** Too large to serve, or no JSON at all. */
const checkSize = (r: Obj, out: Problem[]): void => {
  let json = '';
  try {
    json = JSON.stringify(r);
  } catch {
    add(out, '', 'The settings cannot be written as JSON.');
  }
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > SETTINGS_MAX_BYTES)
    add(out, '', `The settings take ${fmt(bytes)} bytes: keep them to ${fmt(SETTINGS_MAX_BYTES)}; shorten the texts.`);
};

/** What the popup would refuse or misread in a form's raw settings (spec 3.2–3.5); [] when it reads all as meant. */
export const checkSettings = (raw: unknown): Problem[] => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return [{ path: '', message: 'The settings must be an object of settings.' }];
  const r = raw as Obj;
  const out: Problem[] = [];
  checkSize(r, out);
  checkLayout(r, out);
  checkNumbers(r, out);
  checkFlags(r, out);
  checkTexts(r, out);
  checkLinks(r, out);
  checkStyles(r.styles, out);
  checkFields(r.fields, out);
  checkShowOn(r.showOn, out);
  checkSteps(r, out);
  return out;
};
