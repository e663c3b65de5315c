/**
 * build/release.mjs (issue 32): the side files named with one id of all of them as built, popup.js stamped with it,
 * the loaders stamped with popup.js's own id, the dev copies plain, and a placeholder out of place refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILD_MARK, contentId, type Output, SIDE_MARK, stamp, withId } from '../../build/release.mjs';

const P = 'dist/js/signup-forms/popup/';
const C = 'dist/css/signup-forms/popup/';

/** A build's outputs as build.mjs hands them over: `actions` is form-actions.js's text. */
const outputs = (actions = 'fa();'): Output[] => [
  {
    out: [P + 'embed.js', P + 'unique-methods/embed.js'],
    text: `load("popup.js?b=${BUILD_MARK}")`,
    release: 'loader',
  },
  { out: [P + 'embed-full.js'], text: `load("popup.js?b=${BUILD_MARK}");full()`, release: 'loader' },
  { out: [P + 'embed-extras.js'], text: 'extras()' },
  { out: [P + '1.0/popup.js', P + '1.1/popup.js'], text: `f.replace(".",".${SIDE_MARK}.")`, release: 'popup' },
  { out: [P + '1.0/form-actions.js', P + '1.1/form-actions.js'], text: actions, release: 'side' },
  { out: [P + 'form-actions.js'], text: 'fa(dev);' },
  { out: [P + 'countries.js', P + '1.0/countries.js'], text: 'countries()', release: 'side' },
  { out: [C + '1.0/modal-1.css', C + 'modal-1.css'], text: '.a{}', release: 'side' },
  { out: [C + '1.0/common.css', C + 'common.css'], text: '.c{}' },
];

const written = (r: ReturnType<typeof stamp>) => Object.fromEntries(r.files);

test('withId: the id before the extension, in the file name only', () => {
  assert.is(
    withId('dist/js/signup-forms/popup/1.0/form-actions.js', 'ab12cd34'),
    'dist/js/signup-forms/popup/1.0/form-actions.ab12cd34.js',
  );
  assert.is(
    withId('dist/css/signup-forms/popup/1.1/modal-1.css', 'ab12cd34'),
    'dist/css/signup-forms/popup/1.1/modal-1.ab12cd34.css',
  );
});

test('stamp: side files renamed in the versioned folders only, popup.js names them, the loaders name popup.js', () => {
  const r = stamp(outputs());
  assert.equal(r.failed, []);
  assert.match(r.sideId, /^[0-9a-f]{8}$/);
  const f = written(r);
  const popup = `f.replace(".",".${r.sideId}.")`;
  assert.equal(Object.keys(f).sort(), [
    `${C}1.0/common.css`,
    `${C}1.0/modal-1.${r.sideId}.css`,
    `${C}common.css`,
    `${C}modal-1.css`,
    `${P}1.0/countries.${r.sideId}.js`,
    `${P}1.0/form-actions.${r.sideId}.js`,
    `${P}1.0/popup.js`,
    `${P}1.1/form-actions.${r.sideId}.js`,
    `${P}1.1/popup.js`,
    `${P}countries.js`,
    `${P}embed-extras.js`,
    `${P}embed-full.js`,
    `${P}embed.js`,
    `${P}form-actions.js`,
    `${P}unique-methods/embed.js`,
  ]);
  assert.is(f[`${P}1.0/popup.js`], popup);
  assert.is(f[`${P}1.1/popup.js`], popup);
  assert.is(r.buildId, contentId(popup), "the build id is popup.js's, as stamped");
  assert.is(f[`${P}embed.js`], `load("popup.js?b=${r.buildId}")`);
  assert.is(f[`${P}unique-methods/embed.js`], `load("popup.js?b=${r.buildId}")`);
  assert.is(f[`${P}embed-full.js`], `load("popup.js?b=${r.buildId}");full()`);
  assert.is(f[`${P}1.0/form-actions.${r.sideId}.js`], 'fa();', 'side files as built');
  assert.is(f[`${P}form-actions.js`], 'fa(dev);', 'the dev copy keeps its name');
});

test('stamp: a changed side file changes the side id, so popup.js and the build id', () => {
  const a = stamp(outputs());
  const b = stamp(outputs('fa(2);'));
  assert.is.not(a.sideId, b.sideId);
  assert.is.not(a.buildId, b.buildId);
  assert.ok(written(b)[`${P}1.0/form-actions.${b.sideId}.js`]);
  // The same build again: the same names.
  assert.equal(stamp(outputs()).files, a.files);
});

test('stamp: a placeholder where it does not belong, or missing where it does, fails the build', () => {
  const cases: [number, string, RegExp][] = [
    // A side file that named files itself would hash its own name.
    [4, `x("${SIDE_MARK}")`, /form-actions\.js: carries the placeholder @side-id@/],
    [6, `x("${BUILD_MARK}")`, /countries\.js: carries the placeholder @build-id@/],
    [3, 'f()', /popup\.js: lacks the placeholder @side-id@/],
    [1, 'load()', /embed-full\.js: lacks the placeholder @build-id@/],
  ];
  for (const [i, text, want] of cases) {
    const o = outputs();
    o[i] = { ...o[i], text };
    const r = stamp(o);
    assert.ok(
      r.failed.some((m) => want.test(m)),
      `${want}: ${r.failed}`,
    );
  }
});

test.run();
