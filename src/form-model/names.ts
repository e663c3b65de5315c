/**
 * What an owner calls each setting (spec 3.2, 3.3): the names the form model's problems and warnings give the controls
 * (src/form-model/check.ts, a11y.ts), by the setting's path, so that a message names the control as the studio labels
 * it. A path not here is named by itself.
 */
export const NAMES: Record<string, string> = {
  result: 'Result',
  version: 'Popup version',
  template: 'Template',
  appDomain: 'App domain',
  popupDelay: 'Trigger',
  popupFrequency: 'Show again after (days)',
  popupOpacity: 'Overlay opacity',
  closeLabel: 'Close label',
  hasDoubleOptIn: 'Double opt-in',
  successMsg: 'Success message',
  doubleOptInSuccessMessage: 'Double opt-in success message',
  useMobileBanner: 'Mobile banner',
  modalVariation: 'Variant',
  fields: 'Fields',
  description: 'Description',
  footer: 'Footer',
  buttonLabel: 'Button label',
  continueLabel: 'Continue label',
  bannerDescription: 'Banner description',
  bannerCtaLabel: 'Banner button label',
  confirmationDuration: 'Success message time (seconds)',
  translations: 'Translations',
  lang: 'Language',
  dir: 'Direction',
  hasGdprEnabled: 'GDPR block',
  gdprLabel: 'GDPR label',
  gdprDescription: 'GDPR description',
  gdprLegal: 'GDPR legal text',
  gdprMCLegal: 'Provider legal text',
  smsTransportNumber: 'Text-to-join number',
  useTtt: 'Text-to-join',
  useEmailStep: 'E-mail step',
  captcha: 'Captcha',
  useRewards: 'Rewards badge',
  rewardsUrl: 'Rewards link',
  imageUrl: 'Image',
  imageEdgeToEdge: 'Image edge to edge',
  poweredBy: 'Powered-by badge',
  'poweredBy.text': 'Powered-by text',
  'poweredBy.url': 'Powered-by link',
  showOn: 'Display rules',
  'showOn.include': 'Show on',
  'showOn.exclude': 'Hide on',
  'showOn.devices': 'Devices',
  styles: 'Styles',
  'styles.modal.max_width': 'Max width',
  'styles.modal.close_link_color': 'Close colour',
  'styles.button.color': 'Button colour',
  'styles.button.hover_color': 'Button hover colour',
  'styles.button.text_color': 'Button text colour',
  'styles.button.alignment': 'Button alignment',
  'styles.bannerCta.color': 'Banner button colour',
  'styles.bannerCta.hover_color': 'Banner button hover colour',
  'styles.bannerCta.text_color': 'Banner button text colour',
  'styles.bannerCta.alignment': 'Banner button alignment',
  'styles.labels.color': 'Label colour',
  'styles.labels.font': 'Label font',
  'styles.headingColor': 'Heading colour',
  'styles.headingFont': 'Heading font',
  'styles.paragraphColor': 'Text colour',
  'styles.paragraphFont': 'Text font',
  'styles.backgroundColor': 'Background colour',
  'styles.baseFontSize': 'Base font size',
};

/** The control's name of a setting's path. */
export const nameOf = (path: string): string => NAMES[path] || path;

/**
 * The path of `key` inside the object at `parent`: `parent.key`, or `parent["key"]` (JSON-quoted) for a key holding a
 * dot, a bracket or a quote, as the built-in texts' keys of `translations` can ('Learn more about our privacy
 * practices.'). The studio reads both forms (src/studio/paths.ts).
 */
export const keyPath = (parent: string, key: string): string =>
  /[.[\]"]/.test(key) ? `${parent}[${JSON.stringify(key)}]` : parent ? `${parent}.${key}` : key;
