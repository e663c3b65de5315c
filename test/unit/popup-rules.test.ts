/** Pure decisions of the popup shell: stylesheets (spec 7.2), theme properties (spec 3.3), closing (spec 4.3, 9.2). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { build } from 'esbuild';
import { FRAME_SHEETS, frameSheetEntry } from '../../build/frame-sheets.mjs';
import { needsExtras } from '../../src/form-model/place';
import { animatesOut, closedCookieMs, onProviderSite, setsClosedCookie } from '../../src/popup/closing';
import { normalize } from '../../src/popup/settings';
import { BANNER_SHEETS, modalSheets, needsFonts, sheetUrl } from '../../src/popup/sheets';
import { themeClasses, themeVars } from '../../src/popup/theme';
import type { LoaderParams } from '../../src/types';
import { PARAMS } from '../params';

const P = PARAMS;
const EMAIL = { type: 'email', name: 'EMAIL', merge_id: 0, required: true };

test('sheetUrl: versioned on the content host, unversioned on appDomain in dev', () => {
  // The tests' bundles have no side id (src/popup/built.ts): the names are plain here, and the browser layer checks
  // the built popup.js's (test/browser/release-skew.test.ts).
  const cases: [Partial<LoaderParams>, Record<string, unknown>, string][] = [
    [{}, {}, 'https://cdn.example.com/css/signup-forms/popup/1.0/modal-1.css'],
    [{}, { version: '1.1' }, 'https://cdn.example.com/css/signup-forms/popup/1.1/modal-1.css'],
    [{ uniqueMethods: true }, { version: '1.1' }, 'https://cdn.example.com/css/signup-forms/popup/1.1/modal-1.css'],
    [
      { dev: true },
      { appDomain: 'app.test:8080', version: '1.1' },
      '//app.test:8080/css/signup-forms/popup/modal-1.css',
    ],
    [{ dev: true }, {}, 'https://cdn.example.com/css/signup-forms/popup/modal-1.css'],
  ];
  for (const [p, s, want] of cases)
    assert.is(sheetUrl({ ...P, ...p }, normalize(s))('modal-1.css'), want, JSON.stringify([p, s]));
});

test('modalSheets: the frame sheet (common, variation, layout), then image-1.css, form-extras.css if needed', () => {
  // Each case: settings, the sheets the frame links, and the spec 7.2 sheets its own sheet is made of, in order
  // (build/frame-sheets.mjs): the sheets the frame linked one by one before issue 12. Template 1's layout is only its
  // image's: its frame sheet holds none, and a form with an image links image-1.css (layout-1.css) beside it.
  const cases: [Record<string, unknown>, string[], string[]][] = [
    [{}, ['modal-1.css'], ['common.css', 'modal.css']],
    [{ imageUrl: 'https://cdn.test/a.png' }, ['modal-1.css', 'image-1.css'], ['common.css', 'modal.css']],
    [
      { imageUrl: 'https://cdn.test/a.png', modalVariation: 'slide' },
      ['slide-1.css', 'image-1.css'],
      ['common.css', 'modal-slidein.css'],
    ],
    ...[2, 3, 4, 5].map((t): [Record<string, unknown>, string[], string[]] => [
      { template: t, imageUrl: 'https://cdn.test/a.png' },
      [`modal-${t}.css`],
      ['common.css', 'modal.css', `layout-${t}.css`],
    ]),
    ...[2, 3, 4, 5].map((t): [Record<string, unknown>, string[], string[]] => [
      { template: t, modalVariation: 'slide' },
      [`slide-${t}.css`],
      ['common.css', 'modal-slidein.css', `layout-${t}.css`],
    ]),
    // The fixed bar shows no image: it links no image-1.css.
    [
      { modalVariation: 'fixed', imageUrl: 'https://cdn.test/a.png' },
      ['fixed-1.css'],
      ['common.css', 'modal-fixed.css', 'layout-fixed.css'],
    ],
    // The fixed variation is always template 1 (spec 2.2), with its own layout.
    [{ template: 4, modalVariation: 'fixed' }, ['fixed-1.css'], ['common.css', 'modal-fixed.css', 'layout-fixed.css']],
    // Out of range, the template is 1.
    [{ template: 9 }, ['modal-1.css'], ['common.css', 'modal.css']],
    // A form that needs form-extras.js also links form-extras.css, after the frame's sheet (issue 12.5): a choice, the
    // GDPR block, the SMS step. Single inputs do not.
    [{ fields: [EMAIL, { type: 'text', name: 'FNAME', merge_id: 1 }] }, ['modal-1.css'], ['common.css', 'modal.css']],
    [
      { fields: [EMAIL, { type: 'checkbox', name: 'T', merge_id: 1, choices: [{ value: 'a', label: 'A' }] }] },
      ['modal-1.css', 'form-extras.css'],
      ['common.css', 'modal.css'],
    ],
    [
      { fields: [EMAIL], hasGdprEnabled: 'Y', modalVariation: 'slide', template: 2 },
      ['slide-2.css', 'form-extras.css'],
      ['common.css', 'modal-slidein.css', 'layout-2.css'],
    ],
    [
      { fields: [{ type: 'smsphone', name: 'SMS', merge_id: 1 }], modalVariation: 'fixed' },
      ['fixed-1.css', 'form-extras.css'],
      ['common.css', 'modal-fixed.css', 'layout-fixed.css'],
    ],
  ];
  const built = FRAME_SHEETS as Record<string, string[]>;
  for (const [raw, want, parts] of cases) {
    const s = normalize(raw);
    const sheets = modalSheets(s, needsExtras(s.placement));
    assert.equal(sheets, want, JSON.stringify(raw));
    assert.equal(built[sheets[0]], parts, `${sheets[0]} is built of the frame's spec 7.2 sheets`);
  }
  assert.equal(BANNER_SHEETS, ['mobile-banner.css']);
  assert.equal(built['mobile-banner.css'], ['common.css', 'banner.css']);
  // Nothing built that no frame links: 5 modal, 5 slide, 1 fixed, the banner, template 1's image.
  assert.equal(built['image-1.css'], ['layout-1.css']);
  assert.is(Object.keys(built).length, 13);
});

test('every frame sheet is built of its parts, whole and in their order: one of a single part too', async () => {
  const css = async (o: Parameters<typeof build>[0]) =>
    (await build({ ...o, bundle: true, minify: true, write: false, logLevel: 'silent' })).outputFiles![0].text.trim();
  const dir = join(process.cwd(), 'src/popup/css');
  for (const [name, parts] of Object.entries(FRAME_SHEETS as Record<string, string[]>)) {
    const sheet = await css({ stdin: frameSheetEntry(parts, dir) });
    // Each part built alone, found whole in the frame sheet, after the part before it.
    let from = 0;
    for (const part of parts) {
      const alone = await css({ entryPoints: [join(dir, part)] });
      const at = sheet.indexOf(alone, from);
      assert.ok(alone && at >= from, `${name}: ${part} whole, after the parts before it`);
      from = at + alone.length;
    }
  }
});

test('themeVars: given colours and fonts only; width, opacity always; image only as a background', () => {
  const plain = themeVars(normalize({}));
  assert.equal(
    Object.keys(plain).sort(),
    ['--mc-btn-align', '--mc-btn-width', '--mc-cta-align', '--mc-cta-width', '--mc-opacity', '--mc-width'].sort(),
  );
  // helvetica given is the default: nothing set, common.css's stack applies.
  const fonts = themeVars(
    normalize({ styles: { headingFont: 'georgia', paragraphFont: 'helvetica', labels: { font: 'arial' } } }),
  );
  assert.equal(
    [fonts['--mc-heading-font'], fonts['--mc-p-font'], fonts['--mc-label-font']],
    ['var(--mc-f-georgia)', undefined, 'var(--mc-f-arial)'],
  );
  assert.is(plain['--mc-opacity'], '0.65');
  assert.is(plain['--mc-width'], '768px');
  assert.is(plain['--mc-btn-width'], 'auto');
  const v = themeVars(
    normalize({
      template: 3,
      popupOpacity: 30,
      imageUrl: 'https://x.test/i.png',
      styles: {
        backgroundColor: '#eee',
        headingColor: '#111',
        paragraphColor: '#222',
        labels: { color: '#333' },
        modal: { close_link_color: '#444' },
        button: { color: '#000', hover_color: '#111', text_color: '#fff', style: 'full', alignment: 'left' },
        bannerCta: { color: '#0a0', alignment: 'right' },
        baseFontSize: 18,
      },
    }),
  );
  assert.equal(
    [
      v['--mc-bg'],
      v['--mc-heading-color'],
      v['--mc-p-color'],
      v['--mc-label-color'],
      v['--mc-close-color'],
      v['--mc-opacity'],
      v['--mc-width'],
    ],
    ['#eee', '#111', '#222', '#333', '#444', '0.3', '603px'],
  );
  assert.equal(
    [v['--mc-btn-bg'], v['--mc-btn-hover'], v['--mc-btn-text'], v['--mc-btn-width'], v['--mc-btn-align']],
    ['#000', '#111', '#fff', '100%', 'left'],
  );
  assert.equal([v['--mc-cta-bg'], v['--mc-cta-align'], v['--mc-cta-width']], ['#0a0', 'right', 'auto']);
  assert.is(v['--mc-base-size'], '18px');
  assert.is(v['--mc-image'], 'url("https://x.test/i.png")');
  assert.is(themeVars(normalize({ template: 1, imageUrl: 'https://x.test/i.png' }))['--mc-image'], undefined);
});

test('needsFonts: a font other than helvetica in any of the three places, or baseFontSize', () => {
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, false],
    [{ headingFont: 'helvetica', paragraphFont: 'HELVETICA', labels: { font: 'Comic Sans' } }, false],
    // A key's shape that fonts.css may not hold: linked, in case it does (its look falls back to helvetica's).
    [{ labels: { font: 'papyrus' } }, true],
    [{ headingFont: 'georgia' }, true],
    [{ paragraphFont: 'verdana' }, true],
    [{ labels: { font: 'courier_new' } }, true],
    [{ baseFontSize: 14 }, true],
    [{ baseFontSize: 0 }, false],
  ];
  for (const [styles, want] of cases) assert.is(needsFonts(normalize({ styles })), want, JSON.stringify(styles));
});

test('themeClasses: variation, template, strict, image, edge, mobile', () => {
  const cases: [Record<string, unknown>, boolean, string][] = [
    [{}, false, 'mc-modal mc-t1'],
    [{ modalVariation: 'slide', template: 3 }, true, 'mc-slide mc-t3 mc-mobile'],
    [{ modalVariation: 'fixed', template: 3 }, false, 'mc-fixed mc-t1'],
    [
      { template: 2, imageUrl: 'https://x.test/i.png', imageEdgeToEdge: 'Y', styles: { baseFontSize: 14 } },
      false,
      'mc-modal mc-t2 mc-strict mc-has-image mc-edge',
    ],
  ];
  for (const [s, mobile, want] of cases) assert.is(themeClasses(normalize(s), mobile), want, JSON.stringify(s));
});

test("onProviderSite: the provider's host name or a sub-domain, port ignored", () => {
  const cases: [string, string, boolean][] = [
    ['list.example.com', 'list.example.com', true],
    ['LIST.example.com', 'list.example.com:443', true],
    ['www.list.example.com', 'list.example.com', true],
    ['127.0.0.1', '127.0.0.1:8080', true],
    ['localhost', '127.0.0.1:8080', false],
    ['blog.test', 'list.example.com', false],
    ['evillist.example.com', 'list.example.com', false],
    ['list.example.com.evil.test', 'list.example.com', false],
    ['blog.test', '', false],
  ];
  for (const [page, base, want] of cases) assert.is(onProviderSite(page, base), want, `${page} / ${base}`);
});

test('closed cookie: popupFrequency days; not in preview, not on the provider site; animation rule', () => {
  assert.is(closedCookieMs(normalize({})), 365 * 864e5);
  assert.is(closedCookieMs(normalize({ popupFrequency: 2 })), 2 * 864e5);
  assert.is(setsClosedCookie(false, 'blog.test', 'list.example.com'), true);
  assert.is(setsClosedCookie(true, 'blog.test', 'list.example.com'), false);
  assert.is(setsClosedCookie(false, 'list.example.com', 'list.example.com'), false);
  const cases: [string, boolean, boolean][] = [
    ['modal', false, false],
    ['modal', true, false],
    ['slide', false, true],
    ['slide', true, false],
    ['fixed', false, true],
    ['fixed', true, false],
  ];
  for (const [v, reduced, want] of cases)
    assert.is(animatesOut(normalize({ modalVariation: v }), reduced), want, `${v}/${reduced}`);
});

test.run();
