/**
 * fast-check generators of the form model's checks (form-model-check-props): settings as an owner's editor or a
 * script might save them, every setting of spec 3.2–3.4 and the badge key, each mostly in a form the popup takes and
 * sometimes not (so that both sides of `checkSettings` are exercised), and hostile JSON for the never-throws property.
 */
import fc from 'fast-check';
import { FONT_KEYS } from '../../src/form-model/style';

/** Mostly one of `good`, sometimes one of `bad`, sometimes absent. */
const pick = (good: unknown[], bad: unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fc.constantFrom(...bad) },
    { weight: 10, arbitrary: fc.constant(undefined) },
  );

export const GOOD_COLOURS = [
  '#fff',
  '#1A73E8',
  '#11223344',
  '#0000',
  'navy',
  'RebeccaPurple',
  'transparent',
  'rgb(1, 2, 3)',
  'rgba(0,0,0,.5)',
  'rgb(10% 20% 30% / 50%)',
  'hsl(10, 20%, 30%)',
  'hsla(200 50% 40% / .8)',
  ' #abc ',
];
const BAD_COLOURS = ['bluish', '#12345', 'rgb(1,2)', 'red;x', 'hsl(10 20 30)', 12, {}];
const FLAGS_GOOD = ['Y', 'N', 'y', 'yes', 'No', 'true', 'false', '1', '0', true, false, 0, 1];
const FLAGS_BAD = ['maybe', '', 2, 'Yes please'];

const colours = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    {
      modal: fc.record({
        close_link_color: pick(GOOD_COLOURS, BAD_COLOURS),
        max_width: pick([768, 600, '500px'], [0, 'wide']),
      }),
      button: fc.record({
        color: pick(GOOD_COLOURS, BAD_COLOURS),
        hover_color: pick(GOOD_COLOURS, BAD_COLOURS),
        text_color: pick(GOOD_COLOURS, BAD_COLOURS),
        alignment: pick(['left', 'center', 'right'], ['middle', 'Left']),
        style: fc.constantFrom('full', 'normal', undefined),
      }),
      bannerCta: fc.record({ color: pick(GOOD_COLOURS, BAD_COLOURS), text_color: pick(GOOD_COLOURS, BAD_COLOURS) }),
      labels: fc.record({ color: pick(GOOD_COLOURS, BAD_COLOURS), font: pick(FONT_KEYS, ['papyrus', 'Comic Sans']) }),
      headingColor: pick(GOOD_COLOURS, BAD_COLOURS),
      headingFont: pick([...FONT_KEYS, 'Georgia'], ['papyrus']),
      paragraphColor: pick(GOOD_COLOURS, BAD_COLOURS),
      paragraphFont: pick(FONT_KEYS, ['x);color:red']),
      backgroundColor: pick(GOOD_COLOURS, BAD_COLOURS),
      baseFontSize: pick([14, 16, '18'], [0, 'big']),
    },
    { requiredKeys: [] },
  );

const choice = fc.record({
  value: fc.oneof(
    { weight: 20, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,4}$/) },
    { weight: 1, arbitrary: fc.constant('') },
  ),
  label: fc.constantFrom('One', 'Two', '', undefined),
});

/** A field definition: mostly well made, unique names drawn from a pool (so that repeats happen too). */
const field = (i: number): fc.Arbitrary<unknown> =>
  fc.record(
    {
      type: pick(
        [
          'text',
          'number',
          'url',
          'phone',
          'smsphone',
          'birthday',
          'date',
          'address',
          'select',
          'dropdown',
          'radio',
          'checkbox',
        ],
        ['weird', 'image', 'EMAIL', 'email'],
      ),
      name: fc.oneof(
        { weight: 20, arbitrary: fc.constant(`F${i}`) },
        { weight: 1, arbitrary: fc.constantFrom('', 'c', 'F1', 'first name', 'b_x', `gdpr[${i}]`, `group[${i}]`) },
      ),
      label: fc.oneof(
        { weight: 20, arbitrary: fc.constantFrom('Label', 'Votre prénom', ' spaced ') },
        { weight: 1, arbitrary: fc.constantFrom('<b>x</b>', '', undefined) },
      ),
      required: pick(FLAGS_GOOD, FLAGS_BAD),
      merge_id: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom(i, undefined) },
        { weight: 1, arbitrary: fc.constantFrom(0, 'F1') },
      ),
      choices: fc.oneof(
        { weight: 10, arbitrary: fc.array(choice, { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      dateformat: pick(['DD/MM', 'MM/DD', 'DD/MM/YYYY', 'MM/DD/YYYY'], ['YYYY-MM-DD']),
      phoneformat: fc.constantFrom('US', 'none', undefined),
      marketing_preference_id: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constant(100 + i) },
        { weight: 1, arbitrary: fc.constant(100) },
      ),
    },
    { requiredKeys: ['type', 'name', 'label', 'merge_id'] },
  );

/** The fields of a form: an e-mail field first (mostly), then up to five more. */
const fields = (): fc.Arbitrary<unknown[]> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 8, arbitrary: fc.constant({ type: 'email', name: 'EMAIL', label: 'Email', merge_id: 0 }) },
        { weight: 1, arbitrary: fc.constant({ type: 'smsphone', name: 'SMS', label: 'Phone', merge_id: 0 }) },
      ),
      fc.array(fc.nat(), { maxLength: 5 }),
    )
    .chain(([first, rest]) => fc.tuple(fc.constant(first), ...rest.map((_, i) => field(i + 1))));

/** Settings as a studio or a script might save them (spec 3.2–3.4, issue 33 item 5). */
export const ownerSettings = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    {
      fields: fields(),
      template: pick([1, 2, 3, 4, 5, '3'], [0, 6, 2.5, 'x']),
      modalVariation: pick(['modal', 'modal', 'slide', 'fixed'], ['popup']),
      popupDelay: pick([0, 1, 2.5, '5', 'exit', 'middle', 'bottom'], [-1, 'soon', 'Exit', 864e3]),
      popupFrequency: pick([0, 1, 30, 365, 400, '7'], [-1, 401, 'never']),
      popupOpacity: pick([0, 40, 65, 100, '50'], [101, -5]),
      confirmationDuration: pick([0, 3, 10], [-1, 3e6]),
      useMobileBanner: pick(FLAGS_GOOD, FLAGS_BAD),
      hasGdprEnabled: pick(['N', false, 0, 'Y', true], FLAGS_BAD),
      useEmailStep: pick(['Y', true], ['N', 'maybe']),
      useTtt: pick(['N', false], ['Y', 'maybe']),
      smsTransportNumber: pick(['', '+1 (555) 555-0123'], ['SIGNUP']),
      captcha: pick(FLAGS_GOOD, FLAGS_BAD),
      hasDoubleOptIn: pick(FLAGS_GOOD, FLAGS_BAD),
      version: pick(['1.0', '1.1'], ['2.0', 'x']),
      useRewards: pick([false, 'N'], [true]),
      rewardsUrl: pick(['https://r.example/x', ''], ['javascript:x']),
      buttonLabel: pick(['Join', 'Abonnez-vous', 'Subscribe', ''], ['<b>Go</b>', 'x'.repeat(101)]),
      closeLabel: pick(['Close', 'Fermer'], ['<i>x</i>']),
      bannerCtaLabel: pick(['Sign up'], [{}]),
      continueLabel: pick(['Next'], [[]]),
      description: pick(['<h2>Hi</h2><p>News</p>', '', 'plain'], [{}, 'x'.repeat(5001)]),
      footer: pick(['<p>Unsubscribe at any time.</p>'], [[1]]),
      imageUrl: pick(
        ['https://cdn.example/a.png', '//cdn.example/a.png', '/demo/assets/form-image.svg', ''],
        ['javascript:alert(1)', 'a.png', 'data:image/png;base64,AA'],
      ),
      imageEdgeToEdge: pick(FLAGS_GOOD, FLAGS_BAD),
      poweredBy: pick(
        [
          false,
          { text: 'Powered by Acme', url: 'https://acme.example/' },
          { text: 'Acme', url: 'http://acme.example' },
        ],
        [true, 'Acme', { text: '', url: 'https://acme.example/' }, { text: 'Acme', url: '//acme.example' }],
      ),
      translations: pick([{ required: 'Requis' }, {}], ['x', { required: {} }]),
      styles: colours(),
      myTool: fc.constantFrom(undefined, { note: 'kept' }),
    },
    { requiredKeys: ['fields'] },
  );

/** Every key the checks read, for hostile objects. */
const KEYS = [
  'fields',
  'styles',
  'template',
  'modalVariation',
  'popupDelay',
  'popupFrequency',
  'popupOpacity',
  'confirmationDuration',
  'version',
  'hasGdprEnabled',
  'useTtt',
  'useRewards',
  'rewardsUrl',
  'imageUrl',
  'poweredBy',
  'translations',
  'description',
  'buttonLabel',
  'smsTransportNumber',
  'useEmailStep',
  'useMobileBanner',
  'toString',
  'valueOf',
];

/** Any JSON value, including objects whose own toString or valueOf is no function (what JSON can make). */
const json = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom({ toString: 1 }, [{ toString: 1 }], { valueOf: 1, toString: 1 }, { toJSON: 1 }),
);

/** Settings-shaped hostile JSON: the keys the checks read, holding anything, fields and styles of anything. */
export const hostileSettings = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    json,
    fc.dictionary(fc.constantFrom(...KEYS), json),
    fc.record({
      fields: fc.array(
        fc.oneof(
          json,
          fc.dictionary(
            fc.constantFrom(
              'type',
              'name',
              'label',
              'choices',
              'merge_id',
              'marketing_preference_id',
              'smsProgramData',
              'legal',
              'dateformat',
              'required',
            ),
            json,
          ),
        ),
      ),
      styles: fc.dictionary(
        fc.constantFrom('button', 'modal', 'labels', 'headingColor', 'backgroundColor', 'baseFontSize'),
        json,
      ),
      poweredBy: json,
    }),
  );
