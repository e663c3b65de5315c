/**
 * The demo forms the provider is seeded with (issue 5): one per variant, the five templates, every field type, SMS
 * with text-to-join, GDPR, captcha and double opt-in. Each has a stable uuid, lid and f_id, so snippets and tests can
 * name them. Settings are exactly the object of spec 3.2/3.3: Y/N strings where the spec says Y/N.
 */
import { DEFAULT_MESSAGES } from '../../form-model/rules';
import { EMAIL, EVERY_TYPE, FNAME, GDPR_FIELDS, LNAME, SMSPHONE, type SeedField } from './fields';

/** The demo account (spec 3.1 uuid): 25 hex digits like the provider's. */
export const DEMO_UUID = '6c1f4e2b9a7d3c5e8f0a1b2c3';

/** A demo form: where it lives, what it is called, and its settings. */
export interface DemoForm {
  /** Short stable name used in demo URLs (`/demo?form=modal`). */
  key: string;
  title: string;
  /** What the form shows off, one line for the demo page. */
  blurb: string;
  lid: string;
  fId: string;
  /** The provider refuses a signup that grants no marketing permission (spec 3.6 gdpr_error). */
  requireConsent: boolean;
  settings: Record<string, unknown>;
}

const styles = (accent: string, extra: Record<string, unknown> = {}) => ({
  modal: { max_width: 768, close_link_color: '#241c15' },
  button: { color: accent, hover_color: '#241c15', text_color: '#ffffff', alignment: 'center', style: 'full' },
  bannerCta: { color: accent, hover_color: '#241c15', text_color: '#ffffff', alignment: 'center', style: 'full' },
  labels: { color: '#241c15', font: 'helvetica' },
  headingColor: '#241c15',
  headingFont: 'georgia',
  paragraphColor: '#403b3b',
  paragraphFont: 'helvetica',
  backgroundColor: '#ffffff',
  ...extra,
});

/** Settings every demo form shares; each form overrides what it shows off (the studio's starters too). */
export const base = (fields: SeedField[], over: Record<string, unknown>): Record<string, unknown> => ({
  result: 'success',
  version: '1.0',
  template: 1,
  appDomain: '',
  popupDelay: 1,
  popupFrequency: 365,
  popupOpacity: 65,
  closeLabel: 'Close',
  hasDoubleOptIn: false,
  successMsg: 'Thank you for subscribing!',
  doubleOptInSuccessMessage:
    'Almost finished... We need to confirm your email address. ' +
    'To complete the subscription process, please click the link in the email we just sent you.',
  useMobileBanner: 'Y',
  modalVariation: 'modal',
  fields,
  description:
    '<h2>Get 10% off your first order</h2>' +
    '<p>Join our newsletter for new arrivals, recipes and <strong>members-only offers</strong>.</p>',
  footer: '<p>You can unsubscribe at any time. We never share your address.</p>',
  buttonLabel: 'Subscribe',
  continueLabel: 'Continue',
  bannerDescription: '<p><strong>Get 10% off</strong> your first order when you join our newsletter.</p>',
  bannerCtaLabel: 'Subscribe',
  confirmationDuration: 3,
  // The rules' texts only: the provider's own (rules.ts STORE_MESSAGES, README) the popup never reads, and every
  // visitor's settings answer would carry them for nothing.
  translations: { ...DEFAULT_MESSAGES },
  hasGdprEnabled: false,
  gdprLabel: '',
  gdprDescription: '',
  gdprLegal: '',
  gdprMCLegal: '',
  smsTransportNumber: '',
  useTtt: 'N',
  useEmailStep: 'Y',
  captcha: false,
  useRewards: false,
  rewardsUrl: '',
  imageUrl: '',
  imageEdgeToEdge: false,
  styles: styles('#007c89'),
  ...over,
});

/** The demo forms' image, served by the provider itself (src/server/pages/assets.ts). */
export const IMAGE = '/demo/assets/form-image.svg';

/** Every demo form, in the order the demo pages and the studio list them. */
export const DEMO_FORMS: DemoForm[] = [
  {
    key: 'modal',
    title: 'Modal',
    blurb: 'The modal variation, with the mobile banner on phones.',
    lid: 'a1b2c3d4e5',
    fId: '00a101',
    requireConsent: false,
    settings: base([EMAIL, FNAME], { template: 2, imageUrl: IMAGE }),
  },
  {
    key: 'fixed',
    title: 'Fixed bar',
    blurb: 'The fixed variation: a one-line bar, always template 1.',
    lid: 'a1b2c3d4e6',
    fId: '00a102',
    requireConsent: false,
    settings: base([EMAIL], {
      modalVariation: 'fixed',
      template: 1,
      useMobileBanner: 'N',
      description:
        '<p>Get the <strong>weekly digest</strong>&nbsp;of everything new in the shop, every Friday morning.</p>',
    }),
  },
  {
    key: 'slide',
    title: 'Slide-in',
    blurb: 'The slide-in variation, opened when the visitor scrolls past the middle.',
    lid: 'a1b2c3d4e7',
    fId: '00a103',
    requireConsent: false,
    settings: base([EMAIL, FNAME], {
      modalVariation: 'slide',
      template: 2,
      popupDelay: 'middle',
      imageUrl: IMAGE,
      useMobileBanner: 'N',
    }),
  },
  ...[1, 2, 3, 4, 5].map(
    (t): DemoForm => ({
      key: `template-${t}`,
      title: `Template ${t}`,
      blurb: [
        'Template 1: text only, no image background.',
        'Template 2: image beside the form.',
        'Template 3: 603px wide, image on top; opens on exit intent.',
        'Template 4: 603px wide, strict content styling (baseFontSize).',
        'Template 5: GDPR block placement hidden in the modal variation.',
      ][t - 1],
      lid: `b${t}c2d3e4f5`,
      fId: `00b10${t}`,
      requireConsent: false,
      settings: base(t % 2 ? [EMAIL, FNAME, LNAME] : [EMAIL, FNAME], {
        template: t,
        imageUrl: t === 1 ? '' : IMAGE,
        imageEdgeToEdge: t === 3,
        popupDelay: t === 3 ? 'exit' : 1,
        styles: styles(
          // Each accent carries white button text at 4.5:1 or more (WCAG 1.4.3; test/unit/seed-forms.test.ts).
          ['#007c89', '#c4411f', '#3b7a57', '#5b3bb5', '#b5323b'][t - 1],
          t === 4 ? { baseFontSize: 16 } : {},
        ),
      }),
    }),
  ),
  {
    key: 'every-field',
    title: 'Every field type',
    blurb:
      'E-mail, text, address, birthday, date, US and plain phone, number, URL, dropdown, select, radio and checkboxes.',
    lid: 'c1d2e3f4a5',
    fId: '00c101',
    requireConsent: false,
    settings: base(EVERY_TYPE, {
      template: 1,
      description: '<h2>Tell us about you</h2><p>Every field type the form supports, with server-side validation.</p>',
    }),
  },
  {
    key: 'sms',
    title: 'SMS with text-to-join',
    blurb: 'E-mail step, then the SMS step; on phones, text-to-join.',
    lid: 'c1d2e3f4a6',
    fId: '00c102',
    requireConsent: false,
    settings: base([EMAIL, SMSPHONE], {
      template: 2,
      imageUrl: IMAGE,
      useTtt: 'Y',
      smsTransportNumber: '+15555550123',
      useEmailStep: 'Y',
      description: '<h2>Get texts too</h2><p>Order updates and flash sales, straight to your phone.</p>',
    }),
  },
  {
    key: 'gdpr',
    title: 'GDPR',
    blurb: 'Marketing permissions; the provider refuses a signup that grants none.',
    lid: 'c1d2e3f4a7',
    fId: '00c103',
    requireConsent: true,
    settings: base([EMAIL, FNAME, ...GDPR_FIELDS], {
      template: 1,
      hasGdprEnabled: true,
      gdprLabel: 'Marketing Permissions',
      gdprDescription: 'Please select all the ways you would like to hear from Demo Goods:',
      gdprLegal:
        'You can change your mind at any time by clicking the unsubscribe link in the footer of any email you ' +
        'receive from us, or by contacting us. We will treat your information with respect.',
      gdprMCLegal:
        '<p>We use this provider as our marketing platform. By clicking below to subscribe, you acknowledge that ' +
        'your information will be transferred to it for processing. ' +
        '<a href="https://mailchimp.com/legal/terms" target="_blank" rel="noopener">' +
        'Learn more about its privacy practices here.</a></p>',
    }),
  },
  {
    key: 'captcha',
    title: 'Captcha',
    blurb: "Submitting opens the provider's human check in a new window.",
    lid: 'c1d2e3f4a8',
    fId: '00c104',
    requireConsent: false,
    settings: base([EMAIL, FNAME], { template: 1, captcha: true }),
  },
  {
    key: 'double-opt-in',
    title: 'Double opt-in',
    blurb: 'The subscriber confirms through a link in an e-mail (see the mailbox).',
    lid: 'c1d2e3f4a9',
    fId: '00c105',
    requireConsent: false,
    settings: base([EMAIL, FNAME], { template: 2, imageUrl: IMAGE, hasDoubleOptIn: true }),
  },
];

/** A demo form by its key. */
export const demoForm = (key: string): DemoForm | undefined => DEMO_FORMS.find((f) => f.key === key);
