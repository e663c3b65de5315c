/**
 * Every control of the editor (issue 33 item 2: every setting of spec 3.2–3.4 without typing JSON): its path in the
 * draft, its visible label, its kind and its section. The labels are the names the form model's messages give the
 * settings (src/form-model/names.ts), but where a label must stay apart: the banner's call to action is not called a
 * "button label" (exactly one control is labelled Button label: tools find it by that name), and the result flag says
 * what it does. The sections render from
 * it, and the difference of two drafts (diff.ts) and the problems of the form model's checks (problems.ts) name a
 * control by the same label, so what the owner reads in a list is what is written beside the control. Pure.
 *
 * Paths are of the draft `{ title, requireConsent, settings }`; indices are written `[]` (paths.ts `pattern`).
 */
import { BUILT_IN_TEXTS } from '../form-model/built-in-texts';
import { keyPath } from '../form-model/names';
import type { FieldType } from '../form-model/types';

export type Section = 'form' | 'texts' | 'fields' | 'look' | 'behaviour';

/**
 * How a control reads and writes its setting: a line, a longer text, rich HTML, a number, a yes/no flag, a choice of
 * options, a colour; 'group' is a set of controls (a field, its choices, the field list) that problems can name.
 */
export type Kind = 'text' | 'long' | 'rich' | 'number' | 'flag' | 'select' | 'colour' | 'group';

/**
 * How a flag is written (spec 3.2): a boolean, 'Y'/'N', a button's style 'full' (spec 3.3) or the result key
 * ('error' means show nothing).
 */
export type FlagCode = 'bool' | 'yn' | 'full' | 'result';

export type Options = readonly (readonly [value: string, label: string])[];

export interface ControlDef {
  path: string;
  label: string;
  section: Section;
  kind: Kind;
  flag?: FlagCode;
  options?: Options;
  /** A line under the control (ids `…-hint`). */
  hint?: string;
  /** Shown in an empty text control: what the popup uses when the setting is empty (spec 9.4). */
  placeholder?: string;
  min?: number;
  max?: number;
}

const def = (
  section: Section,
  kind: Kind,
  path: string,
  label: string,
  more: Partial<ControlDef> = {},
): ControlDef => ({
  path,
  label,
  section,
  kind,
  ...more,
});
const S = 'settings.';

/** The font keys of spec 3.3, helvetica the default. */
export const FONTS: Options = [
  ['helvetica', 'Helvetica (default)'],
  ['arial', 'Arial'],
  ['comic_sans', 'Comic Sans'],
  ['courier_new', 'Courier New'],
  ['georgia', 'Georgia'],
  ['lucida', 'Lucida'],
  ['tahoma', 'Tahoma'],
  ['times_new_roman', 'Times New Roman'],
  ['trebuchet_ms', 'Trebuchet MS'],
  ['verdana', 'Verdana'],
];

const ALIGN: Options = [
  ['center', 'Centre'],
  ['left', 'Left'],
  ['right', 'Right'],
];

/** Field types of spec 3.4, as the type control offers them. */
export const FIELD_TYPES: Options = [
  ['email', 'E-mail'],
  ['text', 'Text'],
  ['number', 'Number'],
  ['url', 'Website (URL)'],
  ['phone', 'Phone'],
  ['smsphone', 'SMS phone'],
  ['address', 'Address'],
  ['birthday', 'Birthday'],
  ['date', 'Date'],
  ['dropdown', 'Dropdown'],
  ['select', 'Select'],
  ['radio', 'Radio buttons'],
  ['checkbox', 'Checkboxes'],
  ['image', 'Image'],
] satisfies readonly (readonly [FieldType, string])[];

/** The date formats of spec 3.4, by field type. */
export const DATE_FORMATS: Partial<Record<FieldType, Options>> = {
  birthday: [
    ['MM/DD', 'MM/DD'],
    ['DD/MM', 'DD/MM'],
  ],
  date: [
    ['MM/DD/YYYY', 'MM/DD/YYYY'],
    ['DD/MM/YYYY', 'DD/MM/YYYY'],
  ],
};

/** Validation messages (spec 3.2 translations, 5.3) and the provider's own texts (README), by key. */
export const MESSAGES: Options = [
  ['required', 'Required field message'],
  ['email', 'Invalid e-mail message'],
  ['phone', 'Invalid phone message'],
  ['url', 'Invalid URL message'],
  ['number', 'Invalid number message'],
  ['birthday', 'Invalid birthday message'],
  ['date', 'Invalid date message'],
  ['address', 'Incomplete address message'],
  ['maxlength', 'Too long message'],
  ['choice', 'Unknown choice message'],
  ['fixFields', 'Fix the fields message'],
  ['gdpr', 'No marketing permission message'],
  ['captcha', 'Human check message'],
];

const texts: ControlDef[] = [
  def('form', 'text', 'title', 'Form title'),
  def('texts', 'rich', S + 'description', 'Description'),
  def('texts', 'rich', S + 'footer', 'Footer'),
  def('texts', 'rich', S + 'bannerDescription', 'Banner description', { hint: 'On phones, with the mobile banner.' }),
  def('texts', 'text', S + 'buttonLabel', 'Button label', { placeholder: 'Subscribe' }),
  def('texts', 'text', S + 'continueLabel', 'Continue label', { placeholder: 'Continue' }),
  def('texts', 'text', S + 'bannerCtaLabel', 'Banner call-to-action label', { placeholder: 'Subscribe' }),
  def('texts', 'text', S + 'closeLabel', 'Close label', { placeholder: 'Close' }),
  def('texts', 'long', S + 'successMsg', 'Success message'),
  def('texts', 'long', S + 'doubleOptInSuccessMessage', 'Double opt-in success message'),
  def('texts', 'group', S + 'translations', 'Validation messages'),
  ...MESSAGES.map(([k, label]) => def('texts', 'text', `${S}translations.${k}`, label)),
  // The form's language (src/form-model/language.ts) and the built-in texts in it, keyed by their English.
  def('texts', 'text', S + 'lang', 'Language', {
    hint:
      'A language tag, such as fr or pt-BR: screen readers read the form in it. ' +
      'Empty: the page’s (the hosted page: English).',
  }),
  def('texts', 'select', S + 'dir', 'Direction', {
    options: [
      ['', 'The language’s (right to left for Arabic, Hebrew…), else the page’s'],
      ['ltr', 'Left to right'],
      ['rtl', 'Right to left'],
    ],
  }),
  ...BUILT_IN_TEXTS.flatMap(([, texts]) =>
    texts.map((en) => def('texts', 'text', keyPath(S + 'translations', en), `“${en}”`, { placeholder: en })),
  ),
];

const colour = (path: string, label: string) => def('look', 'colour', S + 'styles.' + path, label);
const font = (path: string, label: string) =>
  def('look', 'select', S + 'styles.' + path, label, { options: FONTS, hint: undefined });

const look: ControlDef[] = [
  def('look', 'select', S + 'template', 'Template', {
    options: [1, 2, 3, 4, 5].map((t) => [String(t), `Template ${t}`] as const),
    hint: 'The fixed variant always uses template 1.',
  }),
  def('look', 'select', S + 'modalVariation', 'Variant', {
    options: [
      ['modal', 'Modal'],
      ['slide', 'Slide-in'],
      ['fixed', 'Fixed bar'],
    ],
  }),
  def('look', 'flag', S + 'useMobileBanner', 'Mobile banner', { flag: 'yn', hint: 'Phones see the banner first.' }),
  def('look', 'text', S + 'imageUrl', 'Image', { hint: 'The address of an image, https://…' }),
  def('look', 'flag', S + 'imageEdgeToEdge', 'Image edge to edge', { flag: 'bool' }),
  colour('backgroundColor', 'Background colour'),
  colour('headingColor', 'Heading colour'),
  colour('paragraphColor', 'Text colour'),
  colour('labels.color', 'Label colour'),
  colour('button.color', 'Button colour'),
  colour('button.hover_color', 'Button hover colour'),
  colour('button.text_color', 'Button text colour'),
  colour('bannerCta.color', 'Banner button colour'),
  colour('bannerCta.hover_color', 'Banner button hover colour'),
  colour('bannerCta.text_color', 'Banner button text colour'),
  colour('modal.close_link_color', 'Close colour'),
  font('headingFont', 'Heading font'),
  font('paragraphFont', 'Text font'),
  font('labels.font', 'Label font'),
  def('look', 'select', S + 'styles.button.alignment', 'Button alignment', { options: ALIGN }),
  def('look', 'flag', S + 'styles.button.style', 'Full-width button', { flag: 'full' }),
  def('look', 'select', S + 'styles.bannerCta.alignment', 'Banner button alignment', { options: ALIGN }),
  def('look', 'flag', S + 'styles.bannerCta.style', 'Full-width banner button', { flag: 'full' }),
  def('look', 'number', S + 'popupOpacity', 'Overlay opacity (%)', { min: 0, max: 100, placeholder: '65' }),
  def('look', 'number', S + 'styles.modal.max_width', 'Max width (px)', { min: 0, placeholder: '768' }),
  def('look', 'number', S + 'styles.baseFontSize', 'Base font size (px)', {
    min: 0,
    hint: 'Set, it turns on strict content styling.',
  }),
];

const behaviour: ControlDef[] = [
  def('behaviour', 'flag', S + 'result', 'Show this form to visitors', { flag: 'result' }),
  def('behaviour', 'select', S + 'popupDelay', 'Trigger', {
    options: [
      ['delay', 'After a delay'],
      ['exit', 'On exit intent'],
      ['middle', 'Halfway down the page'],
      ['bottom', 'At the bottom of the page'],
    ],
  }),
  def('behaviour', 'number', S + 'popupFrequency', 'Show again after (days)', { min: 0, placeholder: '365' }),
  // Display rules (issue 36 part 1; src/form-model/show-on.ts), edited by sections/ShowOn.tsx.
  def('behaviour', 'group', S + 'showOn', 'Display rules'),
  def('behaviour', 'group', S + 'showOn.include', 'Show on', {
    hint: 'Paths of your site, such as /blog/* (* matches anything). None: every page.',
  }),
  def('behaviour', 'text', S + 'showOn.include[]', 'Show on path'),
  def('behaviour', 'group', S + 'showOn.exclude', 'Hide on', {
    hint: 'Never on these paths, such as /checkout*, even when Show on takes them in.',
  }),
  def('behaviour', 'text', S + 'showOn.exclude[]', 'Hide on path'),
  def('behaviour', 'select', S + 'showOn.devices', 'Devices', {
    options: [
      ['all', 'All devices'],
      ['desktop', 'Desktops only (wider than the mobile view)'],
      ['mobile', 'Phones only (the mobile view: at most Max width − 20 px)'],
    ],
  }),
  def('behaviour', 'number', S + 'confirmationDuration', 'Success message time (seconds)', {
    min: 0,
    placeholder: '3',
  }),
  def('behaviour', 'flag', S + 'hasDoubleOptIn', 'Double opt-in', { flag: 'bool' }),
  def('behaviour', 'flag', S + 'captcha', 'Captcha', { flag: 'bool' }),
  def('behaviour', 'flag', S + 'hasGdprEnabled', 'GDPR block', { flag: 'bool' }),
  def('behaviour', 'flag', 'requireConsent', 'Require a marketing permission'),
  def('behaviour', 'text', S + 'gdprLabel', 'GDPR label'),
  def('behaviour', 'long', S + 'gdprDescription', 'GDPR description'),
  def('behaviour', 'long', S + 'gdprLegal', 'GDPR legal text'),
  def('behaviour', 'rich', S + 'gdprMCLegal', 'Provider legal text'),
  def('behaviour', 'flag', S + 'useEmailStep', 'E-mail step', { flag: 'yn' }),
  def('behaviour', 'text', S + 'smsTransportNumber', 'Text-to-join number'),
  def('behaviour', 'flag', S + 'useTtt', 'Text-to-join', { flag: 'yn' }),
  def('behaviour', 'flag', S + 'useRewards', 'Rewards badge', { flag: 'bool' }),
  def('behaviour', 'text', S + 'rewardsUrl', 'Rewards link'),
  def('behaviour', 'select', S + 'version', 'Popup version', {
    options: [
      ['1.0', '1.0'],
      ['1.1', '1.1 (shows the rewards badge)'],
    ],
  }),
  def('behaviour', 'text', S + 'appDomain', 'App domain', { hint: 'Host of the stylesheets in dev mode.' }),
];

const F = S + 'fields[].';
const fields: ControlDef[] = [
  def('fields', 'group', S + 'fields', 'Fields'),
  def('fields', 'group', S + 'fields[]', 'Field'),
  def('fields', 'select', F + 'type', 'Type', { options: FIELD_TYPES }),
  def('fields', 'text', F + 'label', 'Label'),
  def('fields', 'text', F + 'name', 'Merge tag', { hint: 'The posted name, such as FNAME.' }),
  def('fields', 'flag', F + 'required', 'Required', { flag: 'bool' }),
  def('fields', 'text', F + 'helper_text', 'Helper text'),
  def('fields', 'select', F + 'dateformat', 'Date format'),
  def('fields', 'select', F + 'phoneformat', 'Phone format', {
    options: [
      ['US', 'US (three parts)'],
      ['none', 'Any country (one input)'],
    ],
  }),
  def('fields', 'text', F + 'merge_id', 'Merge id'),
  def('fields', 'text', F + 'group_id', 'Group id'),
  def('fields', 'text', F + 'marketing_preference_id', 'Marketing preference id'),
  def('fields', 'group', F + 'choices', 'Choices'),
  def('fields', 'group', F + 'choices[]', 'Choice'),
  def('fields', 'text', F + 'choices[].value', 'Value'),
  def('fields', 'text', F + 'choices[].label', 'Label'),
  def('fields', 'long', F + 'legal.required', 'SMS legal text (required)'),
  def('fields', 'long', F + 'legal.optional', 'SMS legal text (optional)'),
  def('fields', 'text', F + 'smsProgramData[].imgSrc', 'SMS program image'),
  def('fields', 'long', F + 'smsProgramData[].requiredTemplate', 'SMS program text (required)'),
  def('fields', 'long', F + 'smsProgramData[].optionalTemplate', 'SMS program text (optional)'),
];

/** Every control, by its path pattern. */
export const CONTROLS: ReadonlyMap<string, ControlDef> = new Map(
  [...texts, ...look, ...behaviour, ...fields].map((d) => [d.path, d]),
);

/** The control of a path pattern ('settings.buttonLabel', 'settings.fields[].label'); throws on an unknown one. */
export const control = (path: string): ControlDef => {
  const d = CONTROLS.get(path);
  if (!d) throw Error(`no control for ${path}`);
  return d;
};
