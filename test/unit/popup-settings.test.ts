/** The settings normaliser (spec 3.2, 3.3, 9.3, 9.4): one table per rule. */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { color, font } from '../../src/form-model/style';
import { emailPlaceholder, fixedDescription, isMobile, normalize, type Settings } from '../../src/popup/settings';
import { CONFIRMATION_MAX_S } from '../../src/constants';

type Case = [string, Record<string, unknown>, (s: Settings) => unknown, unknown];
const table = (cases: Case[]) => {
  for (const [name, raw, pick, want] of cases) assert.equal(pick(normalize(raw)), want, name);
};

// JSON can give an object a toString that is no function: comparing, testing or concatenating such a value calls it
// and throws. Every key of the settings, its styles and a field takes one: nothing throws, and each reads as absent.
const KEYS = (
  'result version template modalVariation popupDelay popupFrequency popupOpacity confirmationDuration ' +
  'useMobileBanner hasGdprEnabled hasDoubleOptIn useEmailStep useTtt captcha useRewards imageEdgeToEdge description ' +
  'footer bannerDescription bannerCtaLabel closeLabel buttonLabel continueLabel successMsg doubleOptInSuccessMessage ' +
  'gdprLabel gdprDescription gdprLegal gdprMCLegal smsTransportNumber imageUrl rewardsUrl appDomain cookies poweredBy'
).split(' ');
const STYLE_KEYS = 'headingColor headingFont paragraphColor paragraphFont backgroundColor baseFontSize'.split(' ');
const FIELD_KEYS = 'type name label required helper_text merge_id group_id dateformat phoneformat'.split(' ');

test('a value whose own toString is no function is read as absent, never called', () => {
  for (const bad of [{ toString: 1 }, [{ toString: 1 }], { valueOf: 1, toString: 1 }]) {
    for (const k of KEYS) {
      const s = normalize({ [k]: bad, fields: [{ name: 'EMAIL', type: 'email' }] });
      assert.is(s.version, '1.0', k);
      assert.is(s.variation, 'modal', k);
    }
    for (const k of STYLE_KEYS) normalize({ styles: { [k]: bad, button: { [k]: bad }, modal: { max_width: bad } } });
    for (const k of FIELD_KEYS) normalize({ fields: [{ name: 'EMAIL', type: 'email', [k]: bad }] });
  }
});

test('defaults of 9.4 and 9.2/9.3 on an empty or hostile object', () => {
  for (const raw of [{}, null, undefined, 'x', 42, [], { styles: 'x', fields: 'x', translations: 7 }]) {
    const s = normalize(raw);
    assert.is(s.version, '1.0');
    assert.is(s.template, 1);
    assert.is(s.variation, 'modal');
    assert.is(s.buttonLabel, 'Subscribe');
    assert.is(s.bannerCtaLabel, 'Subscribe');
    assert.is(s.continueLabel, 'Continue');
    assert.is(s.closeLabel, 'Close');
    assert.is(s.opacity, 0.65);
    assert.is(s.frequencyDays, 365);
    assert.is(s.confirmationS, 3);
    assert.is(s.maxWidth, 768);
    assert.is(s.width, 768);
    assert.equal(s.fields, []);
    assert.equal(s.translations, {});
    // helvetica, the default: no property set, common.css's stack applies.
    assert.is(s.styles.headingFont, '');
  }
});

test('Y/N strings and booleans become booleans', () => {
  const flags: [keyof Settings, string][] = [
    ['mobileBanner', 'useMobileBanner'],
    ['ttt', 'useTtt'],
    ['doubleOptIn', 'hasDoubleOptIn'],
    ['captcha', 'captcha'],
    ['imageEdgeToEdge', 'imageEdgeToEdge'],
  ];
  for (const [key, raw] of flags) {
    for (const v of ['Y', 'y', 'yes', true, 1, 'true']) assert.is(normalize({ [raw]: v })[key], true, `${raw}=${v}`);
    for (const v of ['N', 'n', 'no', false, 0, '', undefined, 'maybe'])
      assert.is(normalize({ [raw]: v })[key], false, `${raw}=${v}`);
  }
  // useEmailStep: absent counts as Y, so a form without SMS shows its fields (spec 5.5).
  table([
    ['useEmailStep absent', {}, (s) => s.emailStep, true],
    ['useEmailStep Y', { useEmailStep: 'Y' }, (s) => s.emailStep, true],
    ['useEmailStep N', { useEmailStep: 'N' }, (s) => s.emailStep, false],
  ]);
});

test('labels: given text, or the 9.4 default when empty', () => {
  table([
    ['buttonLabel', { buttonLabel: ' Join ' }, (s) => s.buttonLabel, 'Join'],
    ['buttonLabel empty', { buttonLabel: '' }, (s) => s.buttonLabel, 'Subscribe'],
    ['bannerCtaLabel', { bannerCtaLabel: 'Sign me up' }, (s) => s.bannerCtaLabel, 'Sign me up'],
    ['continueLabel', { continueLabel: 'Next' }, (s) => s.continueLabel, 'Next'],
    ['closeLabel', { closeLabel: 'close' }, (s) => s.closeLabel, 'close'],
    ['closeLabel object', { closeLabel: {} }, (s) => s.closeLabel, 'Close'],
    // Empty, the built-in text in the form's language (issue 35 item 5); the owner's label still wins.
    ['closeLabel translated', { translations: { Close: 'Fermer' } }, (s) => s.closeLabel, 'Fermer'],
    ['closeLabel over it', { closeLabel: 'X', translations: { Close: 'Fermer' } }, (s) => s.closeLabel, 'X'],
    ['buttonLabel translated', { translations: { Subscribe: "S'abonner" } }, (s) => s.buttonLabel, "S'abonner"],
    ['bannerCtaLabel translated', { translations: { Subscribe: 'Abo' } }, (s) => s.bannerCtaLabel, 'Abo'],
    ['continueLabel translated', { translations: { Continue: 'Weiter' } }, (s) => s.continueLabel, 'Weiter'],
    ['an empty translation', { translations: { Close: ' ' } }, (s) => s.closeLabel, 'Close'],
  ]);
});

test("localized: a built-in text in the form's language, by its English; lang and dir as given, for the frames", () => {
  table([
    [
      'translated',
      { translations: { 'Newsletter signup': 'Lettre' } },
      (s) => s.localized('Newsletter signup'),
      'Lettre',
    ],
    [
      'not translated',
      { translations: { Close: 'Fermer' } },
      (s) => s.localized('Newsletter signup'),
      'Newsletter signup',
    ],
    ['no translations', {}, (s) => s.localized('Close'), 'Close'],
    [
      'a validation message by its key, as any key',
      { translations: { required: 'Requis' } },
      (s) => s.localized('required'),
      'Requis',
    ],
    ['lang and dir', { lang: ' ar ', dir: 'rtl' }, (s) => [s.lang, s.dir], ['ar', 'rtl']],
    ['none', {}, (s) => [s.lang, s.dir], ['', '']],
    ['objects', { lang: {}, dir: [] }, (s) => [s.lang, s.dir], ['', '']],
  ]);
});

test('opacity percent becomes 0..1; frequency, confirmation and max width read numbers', () => {
  table([
    ['opacity 65', { popupOpacity: 65 }, (s) => s.opacity, 0.65],
    ['opacity "40"', { popupOpacity: '40' }, (s) => s.opacity, 0.4],
    ['opacity 0', { popupOpacity: 0 }, (s) => s.opacity, 0],
    ['opacity 250 capped', { popupOpacity: 250 }, (s) => s.opacity, 1],
    ['opacity -5', { popupOpacity: -5 }, (s) => s.opacity, 0.65],
    ['opacity junk', { popupOpacity: 'x' }, (s) => s.opacity, 0.65],
    ['frequency 30', { popupFrequency: 30 }, (s) => s.frequencyDays, 30],
    ['frequency "7"', { popupFrequency: '7' }, (s) => s.frequencyDays, 7],
    ['frequency 0', { popupFrequency: 0 }, (s) => s.frequencyDays, 0],
    ['frequency junk', { popupFrequency: 'never' }, (s) => s.frequencyDays, 365],
    ['confirmation 5', { confirmationDuration: 5 }, (s) => s.confirmationS, 5],
    ['confirmation junk', { confirmationDuration: null }, (s) => s.confirmationS, 3],
    // A timer's delay is 32 bits of milliseconds: longer ones fire at once, so the success would vanish at once.
    ['confirmation 3e6 s', { confirmationDuration: 3e6 }, (s) => s.confirmationS, CONFIRMATION_MAX_S],
    ['confirmation "1e400"', { confirmationDuration: '1e400' }, (s) => s.confirmationS, CONFIRMATION_MAX_S],
    ['max_width 600', { styles: { modal: { max_width: 600 } } }, (s) => s.maxWidth, 600],
    ['max_width "500px"', { styles: { modal: { max_width: '500px' } } }, (s) => s.maxWidth, 500],
    ['max_width 0', { styles: { modal: { max_width: 0 } } }, (s) => s.maxWidth, 768],
  ]);
});

test('variation and template: fixed forces 1, out-of-range templates are 1, 3 and 4 are 603 px', () => {
  const cases: [unknown, unknown, string, number, number][] = [
    // variation, template → variation, template, width
    [undefined, undefined, 'modal', 1, 768],
    ['modal', 2, 'modal', 2, 768],
    ['slide', '5', 'slide', 5, 768],
    ['fixed', 4, 'fixed', 1, 768],
    ['fixed', 3, 'fixed', 1, 768],
    ['modal', 3, 'modal', 3, 603],
    ['slide', 4, 'slide', 4, 603],
    ['other', 0, 'modal', 1, 768],
    ['modal', 6, 'modal', 1, 768],
    ['modal', 'x', 'modal', 1, 768],
    ['modal', 2.4, 'modal', 2, 768],
  ];
  for (const [v, t, wv, wt, ww] of cases) {
    const s = normalize({ modalVariation: v, template: t });
    assert.equal([s.variation, s.template, s.width], [wv, wt, ww], `${v}/${t}`);
  }
});

test('template 5 does not place the GDPR block in the modal variation; GDPR needs an e-mail field', () => {
  const email = [{ type: 'email', name: 'EMAIL' }];
  table([
    ['t5 modal', { template: 5 }, (s) => s.gdprPlaced, false],
    ['t5 slide', { template: 5, modalVariation: 'slide' }, (s) => s.gdprPlaced, true],
    ['t4 modal', { template: 4 }, (s) => s.gdprPlaced, true],
    ['gdpr with e-mail', { hasGdprEnabled: 'Y', fields: email }, (s) => s.gdpr, true],
    ['gdpr without e-mail', { hasGdprEnabled: true, fields: [{ type: 'text', name: 'FNAME' }] }, (s) => s.gdpr, false],
    ['gdpr off', { hasGdprEnabled: 'N', fields: email }, (s) => s.gdpr, false],
    ['fields parsed', { fields: email }, (s) => s.fields.map((f) => [f.type, f.name]), [['email', 'EMAIL']]],
  ]);
});

test('rewards badge: version ≠ 1.0, useRewards and an http(s) rewardsUrl (spec 9.3)', () => {
  const url = 'https://example.com/r/1';
  table([
    ['1.1 all set', { version: '1.1', useRewards: true, rewardsUrl: url }, (s) => s.rewards, true],
    ['1.1 Y', { version: '1.1', useRewards: 'Y', rewardsUrl: url }, (s) => s.rewards, true],
    ['1.0', { version: '1.0', useRewards: true, rewardsUrl: url }, (s) => s.rewards, false],
    ['no version', { useRewards: true, rewardsUrl: url }, (s) => s.rewards, false],
    ['useRewards off', { version: '1.1', useRewards: false, rewardsUrl: url }, (s) => s.rewards, false],
    ['no url', { version: '1.1', useRewards: true }, (s) => s.rewards, false],
    [
      'javascript url',
      { version: '1.1', useRewards: true, rewardsUrl: 'javascript:alert(1)' },
      (s) => s.rewards,
      false,
    ],
    [
      'bad version',
      { version: '../x', useRewards: true, rewardsUrl: url },
      (s) => [s.version, s.rewards],
      ['1.0', false],
    ],
  ]);
});

test("powered-by badge: the provider's text and http(s) link, none for false or a bad one, else Mailchimp's", () => {
  // Issue 33 item 5: a self-hosted provider names itself, or shows no badge; only a Mailchimp provider sends no key.
  const mailchimp = { text: 'Powered by Mailchimp', url: 'https://mailchimp.com/' };
  const acme = { text: 'Powered by Acme', url: 'https://acme.test/about' };
  const url = acme.url;
  table([
    ['absent', {}, (s) => s.poweredBy, mailchimp],
    ['null', { poweredBy: null }, (s) => s.poweredBy, mailchimp],
    ['false: no badge', { poweredBy: false }, (s) => s.poweredBy, null],
    ['the provider', { poweredBy: acme }, (s) => s.poweredBy, acme],
    ['http', { poweredBy: { text: 'Acme', url: 'http://acme.test' } }, (s) => s.poweredBy?.url, 'http://acme.test'],
    ['no text', { poweredBy: { url } }, (s) => s.poweredBy, null],
    ['blank text', { poweredBy: { text: '  ', url } }, (s) => s.poweredBy, null],
    ['text an object', { poweredBy: { text: { a: 1 }, url } }, (s) => s.poweredBy, null],
    ['no url', { poweredBy: { text: 'Acme' } }, (s) => s.poweredBy, null],
    ['javascript url', { poweredBy: { text: 'Acme', url: 'javascript:alert(1)' } }, (s) => s.poweredBy, null],
    ['relative url', { poweredBy: { text: 'Acme', url: '/about' } }, (s) => s.poweredBy, null],
    ['quote in url', { poweredBy: { text: 'Acme', url: 'https://a.test/"x' } }, (s) => s.poweredBy, null],
    ['true', { poweredBy: true }, (s) => s.poweredBy, null],
    ['a string', { poweredBy: 'Acme' }, (s) => s.poweredBy, null],
    ['a list', { poweredBy: [acme] }, (s) => s.poweredBy, null],
  ]);
});

test('image: http(s) only, a background only when the template is not 1', () => {
  const img = 'https://cdn.example.com/a.png';
  table([
    ['t1 image', { imageUrl: img }, (s) => [s.imageUrl, s.imageBackground], [img, false]],
    ['t2 image', { imageUrl: img, template: 2 }, (s) => [s.imageUrl, s.imageBackground], [img, true]],
    // The fixed bar shows no image: none is fetched.
    [
      'fixed t3 image',
      { imageUrl: img, template: 3, modalVariation: 'fixed' },
      (s) => [s.imageUrl, s.imageBackground],
      ['', false],
    ],
    ['t2 no image', { template: 2 }, (s) => s.imageBackground, false],
    [
      'data url',
      { imageUrl: 'data:image/png;base64,AAA', template: 2 },
      (s) => [s.imageUrl, s.imageBackground],
      ['', false],
    ],
    ['protocol-relative', { imageUrl: '//x.test/i.png' }, (s) => s.imageUrl, '//x.test/i.png'],
    ['quote in url', { imageUrl: 'https://x.test/a".png' }, (s) => s.imageUrl, ''],
  ]);
});

test('fixed description: stripped, &nbsp; to spaces, cut to 50 + "..."', () => {
  const cases: [string, string][] = [
    ['<h1>Join&nbsp;us</h1>', 'Join us'],
    ['<p>Tom &amp; Jerry&#39;s &lt;news&gt;</p>', "Tom & Jerry's <news>"],
    ['a'.repeat(50), 'a'.repeat(50)],
    ['a'.repeat(51), 'a'.repeat(50) + '...'],
    ['<b>' + 'word '.repeat(20) + '</b>', 'word '.repeat(10).slice(0, 50) + '...'],
    ['<script>x</script>', 'x'],
    ['', ''],
    // A tag between words is a space; before punctuation it leaves none. A space written there stays.
    ['<p>New arrivals</p><p>every Friday</p>', 'New arrivals every Friday'],
    ['Get <b>20%</b>, off <i>today</i>!', 'Get 20%, off today!'],
    ['Bonjour !', 'Bonjour !'],
    // Cut by character: an emoji is never split in half.
    ['a'.repeat(49) + '🎉🎉', 'a'.repeat(49) + '🎉...'],
    ['🎉'.repeat(50), '🎉'.repeat(50)],
  ];
  for (const [input, want] of cases) assert.is(fixedDescription(input), want, input);
  assert.is(normalize({ modalVariation: 'fixed', description: '<h2>Hi&nbsp;there</h2>' }).description, 'Hi there');
  assert.is(
    normalize({ modalVariation: 'modal', description: '<h2>Hi&nbsp;there</h2>' }).description,
    '<h2>Hi&nbsp;there</h2>',
  );
});

test("fullDescription: the fixed bar's whole text when the cut shortened it, else '' (issue 35 item 4)", () => {
  const long = '<p>Get <b>20%</b> off your first order and free shipping on every order after</p>';
  const cases: [Record<string, unknown>, string][] = [
    [
      { modalVariation: 'fixed', description: long },
      'Get 20% off your first order and free shipping on every order after',
    ],
    [{ modalVariation: 'fixed', description: '<h2>Hi&nbsp;there</h2>' }, ''],
    [{ modalVariation: 'fixed', description: 'a'.repeat(50) }, ''],
    [{ modalVariation: 'fixed', description: 'a'.repeat(51) }, 'a'.repeat(51)],
    [{ modalVariation: 'slide', description: long }, ''],
    [{ modalVariation: 'modal', description: long }, ''],
    [{ modalVariation: 'fixed' }, ''],
  ];
  for (const [raw, want] of cases) assert.is(normalize(raw).fullDescription, want, JSON.stringify(raw));
});

test('mobile rule: viewport at or below max_width − 20 (spec 9.3)', () => {
  const d = normalize({});
  const w600 = normalize({ styles: { modal: { max_width: 600 } } });
  const cases: [Settings, number, boolean][] = [
    [d, 747, true],
    [d, 748, true],
    [d, 749, false],
    [d, 1280, false],
    [d, 375, true],
    [w600, 580, true],
    [w600, 581, false],
  ];
  for (const [s, w, want] of cases) assert.is(isMobile(s, w), want, `${s.maxWidth}/${w}`);
});

test('e-mail placeholder: only on non-mobile views of the fixed variation', () => {
  const fixed = normalize({ modalVariation: 'fixed' });
  const modal = normalize({});
  assert.is(emailPlaceholder(fixed, false), 'Enter your email');
  assert.is(emailPlaceholder(fixed, true), '');
  assert.is(emailPlaceholder(modal, false), '');
  assert.is(emailPlaceholder(normalize({ modalVariation: 'slide' }), false), '');
  const fr = normalize({ modalVariation: 'fixed', translations: { 'Enter your email': 'Votre e-mail' } });
  assert.is(emailPlaceholder(fr, false), 'Votre e-mail');
});

test('styles: safe colours only, ten font keys with helvetica default, alignment, full width, baseFontSize', () => {
  const colors: [unknown, string][] = [
    ['#fff', '#fff'],
    ['#A1B2C3', '#A1B2C3'],
    ['#11223344', '#11223344'],
    ['red', 'red'],
    ['rgb(1, 2, 3)', 'rgb(1, 2, 3)'],
    ['rgba(0,0,0,.5)', 'rgba(0,0,0,.5)'],
    ['hsl(10 20% 30% / 50%)', 'hsl(10 20% 30% / 50%)'],
    ['red;background:url(x)', ''],
    ['url(https://x)', ''],
    ['expression(alert(1))', ''],
    ['#ggg', ''],
    [12, ''],
    [null, ''],
  ];
  for (const [input, want] of colors) assert.is(color(input), want, String(input));
  // Spec 3.3's font keys but helvetica, the default.
  const KEYS = [
    'arial',
    'comic_sans',
    'courier_new',
    'georgia',
    'lucida',
    'tahoma',
    'times_new_roman',
    'trebuchet_ms',
    'verdana',
  ];
  for (const key of KEYS) assert.is(font(key), `var(--mc-f-${key})`, key);
  assert.is(font(' Georgia '), 'var(--mc-f-georgia)');
  // helvetica is the default, common.css's: nothing to set. So is anything that is not a key's shape.
  for (const other of ['helvetica', 'Helvetica', '', undefined, 12, {}, 'times new roman', 'x);color:red', '--a'])
    assert.is(font(other), '', String(other));
  // A key of the right shape fonts.css does not hold names a property no sheet defines: the default's stack applies
  // (test/browser/popup-look.test.ts).
  for (const unknown of ['papyrus', 'constructor', 'toString'])
    assert.is(font(unknown), `var(--mc-f-${unknown.toLowerCase()})`, unknown);
  // fonts.css holds the stacks of spec 3.3's font keys but helvetica, and only those.
  const defined = [...readFileSync('src/popup/css/fonts.css', 'utf8').matchAll(/--mc-f-(\w+):/g)].map((m) => m[1]);
  assert.equal(defined.sort(), KEYS);
  const s = normalize({
    styles: {
      modal: { close_link_color: '#333' },
      button: { color: '#000', hover_color: '#222', text_color: '#fff', alignment: 'left', style: 'full' },
      bannerCta: { color: 'blue', alignment: 'right', style: 'normal' },
      labels: { color: '#444', font: 'georgia' },
      headingColor: '#111',
      headingFont: 'verdana',
      paragraphColor: '#555',
      paragraphFont: 'tahoma',
      backgroundColor: '#fafafa',
      baseFontSize: '18',
    },
  }).styles;
  assert.equal(s.button, { color: '#000', hover: '#222', text: '#fff', align: 'left', full: true });
  assert.equal(s.bannerCta, { color: 'blue', hover: '', text: '', align: 'right', full: false });
  assert.equal(
    [
      s.closeColor,
      s.labelColor,
      s.labelFont,
      s.headingColor,
      s.headingFont,
      s.paragraphColor,
      s.paragraphFont,
      s.backgroundColor,
      s.baseFontSize,
    ],
    ['#333', '#444', 'var(--mc-f-georgia)', '#111', 'var(--mc-f-verdana)', '#555', 'var(--mc-f-tahoma)', '#fafafa', 18],
  );
  assert.is(normalize({ styles: { button: { alignment: 'middle' } } }).styles.button.align, 'center');
  assert.is(normalize({}).styles.baseFontSize, 0);
});

test('text settings pass through trimmed; appDomain must be a host; translations keep strings', () => {
  table([
    ['successMsg', { successMsg: ' Thanks ' }, (s) => s.successMsg, 'Thanks'],
    ['doubleOptInMsg', { doubleOptInSuccessMessage: 'Check mail' }, (s) => s.doubleOptInMsg, 'Check mail'],
    ['footer', { footer: '<p>f</p>' }, (s) => s.footer, '<p>f</p>'],
    ['bannerDescription', { bannerDescription: '<b>b</b>' }, (s) => s.bannerDescription, '<b>b</b>'],
    ['sms number', { smsTransportNumber: 12345 }, (s) => s.smsTransportNumber, '12345'],
    [
      'gdpr texts',
      { gdprLabel: 'L', gdprDescription: 'D', gdprLegal: 'G', gdprMCLegal: 'M' },
      (s) => [s.gdprLabel, s.gdprDescription, s.gdprLegal, s.gdprMCLegal],
      ['L', 'D', 'G', 'M'],
    ],
    ['appDomain', { appDomain: 'app.example.com:8080' }, (s) => s.appDomain, 'app.example.com:8080'],
    ['appDomain evil', { appDomain: 'evil.com/x?' }, (s) => s.appDomain, ''],
    [
      'translations',
      { translations: { required: 'Needed', email: 3, url: '' } },
      (s) => s.translations,
      { required: 'Needed', email: '3' },
    ],
  ]);
});

test('cookies: passed on as sent when a non-empty array, else null (form-extras.js checks them)', () => {
  assert.equal(normalize({ cookies: [{ name: 'k' }] }).cookies, [{ name: 'k' }]);
  for (const v of [undefined, [], 'k=v', { name: 'k' }])
    assert.is(normalize({ cookies: v }).cookies, null, JSON.stringify(v));
});

test.run();
