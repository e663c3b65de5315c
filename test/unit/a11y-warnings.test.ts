/**
 * The accessibility check beside Save (issue 33 item 4, src/form-model/a11y.ts): one table of settings and the
 * warnings each must have (path and ratio), the messages as an owner reads them, and the demo forms without any.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accessibilityWarnings } from '../../src/form-model/a11y';
import { DEMO_FORMS } from '../../src/server/seed/forms';

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', merge_id: 0 };
const SMS = { type: 'smsphone', name: 'SMSPHONE', label: 'Phone', merge_id: 1 };
const CONSENT = { type: 'checkbox', name: 'gdpr[1]', label: 'Email', merge_id: 2, marketing_preference_id: 1 };
/** A form with every label the popup shows set, so that each case shows only its own warnings. */
const BASE = { fields: [EMAIL], buttonLabel: 'Join', closeLabel: 'Close' };
const BG = 'styles.backgroundColor';
/** What a dark background alone warns of: every text and control in the popup's own colours. */
const ON_DARK: [string, number][] = [
  [BG, 1.26], // text #222
  [BG, 1.49], // headings #111 (3:1, large)
  [BG, 1.26], // labels #222
  [BG, 1.26], // the close × #222 (3:1)
  [BG, 1.3], // badge links #444
  [BG, 1.71], // error messages #b00000
  [BG, 2.8], // focus outline #1a73e8 (3:1)
];

/** [what, settings over BASE, the warnings as [path, ratio] (ratio 0 for none)]. */
type Case = [string, Record<string, unknown>, [string, number][]];

const CASES: Case[] = [
  ['the defaults', {}, []],
  ['a dark background with the default colours', { styles: { backgroundColor: '#333' } }, ON_DARK],
  [
    'a dark background with light texts: what the sheet fixes is left',
    {
      styles: {
        backgroundColor: '#333',
        paragraphColor: '#eee',
        headingColor: '#fff',
        labels: { color: '#eee' },
        modal: { close_link_color: '#eee' },
      },
    },
    [
      [BG, 1.3],
      [BG, 1.71],
      [BG, 2.8],
    ],
  ],
  [
    'white on #777',
    { styles: { button: { text_color: '#fff', color: '#777' } } },
    [['styles.button.text_color', 4.48]],
  ],
  [
    'rounded up it would pass: three decimals',
    { styles: { paragraphColor: '#647a86' } },
    [['styles.paragraphColor', 4.496]],
  ],
  [
    'black button text on the default button colours',
    { styles: { button: { text_color: '#000' } } },
    [
      ['styles.button.text_color', 1.11],
      ['styles.button.text_color', 1.66],
    ],
  ],
  [
    'a light button under the default white text',
    { styles: { button: { color: '#eee' } } },
    [['styles.button.color', 1.16]],
  ],
  ['a light hover colour', { styles: { button: { hover_color: '#ccc' } } }, [['styles.button.hover_color', 1.61]]],
  ['the banner button when there is no banner', { styles: { bannerCta: { color: '#eee' } } }, []],
  [
    'the banner button with the banner',
    { useMobileBanner: 'Y', bannerCtaLabel: 'Join', styles: { bannerCta: { color: '#eee' } } },
    [['styles.bannerCta.color', 1.16]],
  ],
  [
    'the banner button of a slide-in: phones see the banner whatever useMobileBanner says (issue 35 item 3)',
    { modalVariation: 'slide', bannerCtaLabel: 'Join', styles: { bannerCta: { color: '#eee' } } },
    [['styles.bannerCta.color', 1.16]],
  ],
  ['a light close ×', { styles: { modal: { close_link_color: '#ccc' } } }, [['styles.modal.close_link_color', 1.61]]],
  [
    'the close × takes the text colour: the text needs 4.5:1, the × 3:1',
    { styles: { paragraphColor: '#aaa' } },
    [
      ['styles.paragraphColor', 2.32],
      ['styles.paragraphColor', 2.32],
    ],
  ],
  ['the close × at 3:1', { styles: { paragraphColor: '#949494' } }, [['styles.paragraphColor', 3.03]]],
  // Large text: 24 px, or 18.67 px bold (headings).
  ['grey text at 16 px', { styles: { paragraphColor: '#888' } }, [['styles.paragraphColor', 3.54]]],
  ['grey text at 24 px', { styles: { paragraphColor: '#888', baseFontSize: 24 } }, []],
  ['grey h2 heading', { description: '<h2>Hi</h2>', styles: { headingColor: '#888' } }, []],
  [
    'grey h4 heading',
    { description: '<h4>Hi</h4>', styles: { headingColor: '#888' } },
    [['styles.headingColor', 3.54]],
  ],
  [
    'grey h2 in strict content: as large as the base',
    { description: '<h2>Hi</h2>', styles: { headingColor: '#888', baseFontSize: 16 } },
    [['styles.headingColor', 3.54]],
  ],
  [
    'grey h2 in the footer in strict content',
    { footer: '<h2>Hi</h2>', styles: { headingColor: '#888', baseFontSize: 16 } },
    [],
  ],
  [
    'the fixed bar strips its description',
    { modalVariation: 'fixed', description: '<h4>Hi</h4>', styles: { headingColor: '#888' } },
    [],
  ],
  ['a colour CSS cannot read is the checks’ problem', { styles: { paragraphColor: 'bluish' } }, []],
  // Labels: an empty one is the built-in text (src/form-model/texts.ts), which a form in another language than English
  // says in English unless it translates it.
  ['an empty button label', { buttonLabel: '' }, []],
  ['an empty button label, in English', { lang: 'en-GB', buttonLabel: '' }, []],
  ['an empty button label, in French', { lang: 'fr', buttonLabel: '' }, [['buttonLabel', 0]]],
  ['an empty button label, translated', { lang: 'fr', buttonLabel: '', translations: { Subscribe: 'Go' } }, []],
  ['a button label of an arrow', { buttonLabel: '→' }, [['buttonLabel', 0]]],
  ['an empty close label, in German', { lang: 'de', closeLabel: ' ' }, [['closeLabel', 0]]],
  ['no continue label without an SMS step', { lang: 'fr', continueLabel: '' }, []],
  [
    'an empty continue label with an SMS step, in French',
    { lang: 'fr', fields: [EMAIL, SMS], continueLabel: '' },
    [['continueLabel', 0]],
  ],
  ['an empty banner label with the banner, in French', { lang: 'fr', useMobileBanner: true }, [['bannerCtaLabel', 0]]],
  [
    'an empty banner label on a slide-in, in French',
    { lang: 'fr', modalVariation: 'slide', bannerCtaLabel: '' },
    [['bannerCtaLabel', 0]],
  ],
  // Built-in texts translated, no language named: read in the page's.
  ['a translated built-in text, no language', { translations: { Close: 'Fermer' } }, [['lang', 0]]],
  ['a translated built-in text and its language', { lang: 'fr', translations: { Close: 'Fermer' } }, []],
  ['a validation message only, no language', { translations: { required: 'Requis' } }, []],
  // Fields and the GDPR block.
  ['a field without a label', { fields: [{ ...EMAIL, label: '' }] }, [['fields[0].label', 0]]],
  ['an image field is not shown', { fields: [EMAIL, { type: 'image', name: 'IMG' }] }, []],
  ['a permission without a label, GDPR off', { fields: [EMAIL, { ...CONSENT, label: '' }] }, []],
  [
    'a permission without a label, GDPR on',
    {
      hasGdprEnabled: 'Y',
      gdprLabel: 'Permissions',
      gdprDescription: 'How to reach you',
      fields: [EMAIL, { ...CONSENT, label: '' }],
    },
    [['fields[1].label', 0]],
  ],
  [
    'GDPR on without its texts',
    { hasGdprEnabled: 'Y', fields: [EMAIL, CONSENT] },
    [
      ['gdprLabel', 0],
      ['gdprDescription', 0],
    ],
  ],
  [
    'GDPR on, its legend translated',
    {
      hasGdprEnabled: 'Y',
      gdprDescription: 'Wie wir Sie erreichen',
      translations: { 'Marketing permissions': 'Einwilligungen' },
      lang: 'de',
      fields: [EMAIL, CONSENT],
    },
    [],
  ],
  ['an image without alt text', { description: '<p><img src="https://x.test/a.png"></p>' }, [['description', 0]]],
  ['an image with alt text', { footer: '<img alt="" src="https://x.test/a.png">' }, []],
];

test('a table of settings and their warnings', () => {
  for (const [what, over, want] of CASES) {
    const got = accessibilityWarnings({ ...BASE, ...over });
    assert.equal(
      got.map((w) => [w.path, w.ratio || 0]),
      want,
      `${what}: ${JSON.stringify(got)}`,
    );
  }
});

test('a translucent background counts the worse of a white and a black page behind it', () => {
  const [w] = accessibilityWarnings({ ...BASE, styles: { backgroundColor: 'rgba(255, 255, 255, .5)' } });
  // The default text #222 on half white over black, mid grey, is the worse case: 4:1. Over white it is 15.9:1.
  assert.equal([w.path, w.ratio], [BG, 4]);
  assert.equal(accessibilityWarnings({ ...BASE, styles: { backgroundColor: 'rgba(255, 255, 255, .95)' } }), []);
});

test('messages name the control and the colours as an owner sees them', () => {
  const by = (raw: Record<string, unknown>) => accessibilityWarnings({ ...BASE, ...raw }).map((w) => w.message);
  assert.equal(by({ styles: { button: { text_color: '#fff', color: '#777' } } }), [
    'Button text colour on Button colour: 4.48:1, needs 4.5:1.',
  ]);
  assert.equal(by({ styles: { button: { color: '#eee' } } }), [
    'Button text colour (default #fff) on Button colour: 1.16:1, needs 4.5:1.',
  ]);
  assert.equal(
    by({ styles: { backgroundColor: '#333' } })[4],
    'Badge links (the popup’s #444) on Background colour: 1.3:1, needs 4.5:1.',
  );
  assert.equal(by({ lang: 'fr', buttonLabel: '' }), [
    'Button label is empty and "Subscribe" has no translation: this fr form says it in English.',
  ]);
  assert.equal(by({ translations: { Close: 'Fermer' } }), [
    'The built-in texts are translated but Language is empty: screen readers read the form in the page’s language.',
  ]);
  assert.equal(by({ fields: [{ ...EMAIL, label: '' }] }), [
    'Field 1 (EMAIL) has no label: the popup shows its merge tag "EMAIL" instead.',
  ]);
});

test('every demo form of the seed passes the check', () => {
  for (const f of DEMO_FORMS) assert.equal(accessibilityWarnings(f.settings), [], f.key);
});

test.run();
