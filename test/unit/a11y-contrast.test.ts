/**
 * The colour parser and the WCAG 2.2 contrast ratio (src/form-model/contrast.ts, issue 33 item 4): every form the
 * popup's colour rule lets through, read as CSS reads it, and the ratio on known reference pairs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contrastOn, contrastRatio, luminance, over, parseColor, type Rgba } from '../../src/form-model/contrast';
import { CSS_COLOURS } from '../../src/form-model/css-colours';
import { color } from '../../src/form-model/style';

const round = (c: Rgba | null) => (c ? c.map((x) => Math.round(x * 1000) / 1000) : null);

test('parseColor: each form the popup lets through, as CSS reads it', () => {
  const cases: [string, number[] | null][] = [
    ['#fff', [255, 255, 255, 1]],
    ['#FFF', [255, 255, 255, 1]],
    ['#0008', [0, 0, 0, 0.533]],
    ['#1a73e8', [26, 115, 232, 1]],
    ['#1a73e880', [26, 115, 232, 0.502]],
    [' #abc ', [170, 187, 204, 1]],
    ['navy', [0, 0, 128, 1]],
    ['RebeccaPurple', [102, 51, 153, 1]],
    ['transparent', [0, 0, 0, 0]],
    ['rgb(1, 2, 3)', [1, 2, 3, 1]],
    ['rgb(1,2,3)', [1, 2, 3, 1]],
    ['rgba(0, 0, 0, .5)', [0, 0, 0, 0.5]],
    ['rgba(0, 0, 0, 50%)', [0, 0, 0, 0.5]],
    ['rgb(1 2 3)', [1, 2, 3, 1]],
    ['rgb(1 2 3 / 0.25)', [1, 2, 3, 0.25]],
    ['rgb(100%, 50%, 0%)', [255, 127.5, 0, 1]],
    ['rgb(100% 50 0)', [255, 50, 0, 1]],
    ['rgb(300, 0, 0)', [255, 0, 0, 1]],
    ['rgba(0, 0, 0, 2)', [0, 0, 0, 1]],
    ['hsl(0, 100%, 50%)', [255, 0, 0, 1]],
    ['hsl(120 100% 25%)', [0, 127.5, 0, 1]],
    ['hsla(240, 100%, 50%, .5)', [0, 0, 255, 0.5]],
    ['hsl(480, 100%, 50%)', [0, 255, 0, 1]],
    ['hsl(0 0% 100% / 10%)', [255, 255, 255, 0.1]],
    // The popup lets these through; CSS reads none of them as a colour.
    ['#12345', null],
    ['#1234567', null],
    ['bluish', null],
    ['currentcolor', null],
    ['rgb(1, 2)', null],
    ['rgb(1 2)', null],
    ['rgb(1 2 / 3)', null],
    ['rgb(1 2 3 4)', null],
    ['rgb(1, 2, 3 / 4)', null],
    ['rgb(1 2 3 / 4 / 5)', null],
    ['rgb(10%, 20, 30)', null],
    ['rgb(1..2, 3, 4)', null],
    ['hsl(10%, 20%, 30%)', null],
    ['hsl(10 20 30)', null],
    // The popup drops these itself.
    ['red;x', null],
    ['url(x)', null],
    ['', null],
  ];
  for (const [v, want] of cases) assert.equal(round(parseColor(v)), want, v);
  for (const v of [12, null, undefined, {}, [], { toString: 1 }]) assert.is(parseColor(v), null, JSON.stringify(v));
});

test('every CSS named colour parses, and each is a word the popup lets through', () => {
  assert.is(CSS_COLOURS.length, 2 * 148);
  for (let i = 0; i < CSS_COLOURS.length; i += 2) {
    assert.ok(color(CSS_COLOURS[i]), CSS_COLOURS[i]);
    assert.ok(parseColor(CSS_COLOURS[i]), CSS_COLOURS[i]);
    assert.equal(parseColor(CSS_COLOURS[i]), parseColor('#' + CSS_COLOURS[i + 1]), CSS_COLOURS[i]);
  }
});

test('contrastRatio: WCAG 2.2 reference pairs', () => {
  const cases: [string, string, string][] = [
    ['#000', '#fff', '21.00'],
    ['#fff', '#fff', '1.00'],
    ['#777', '#fff', '4.48'],
    ['#767676', '#fff', '4.54'],
    ['#fff', '#767676', '4.54'],
    ['#595959', '#fff', '7.00'],
    ['#e85c41', '#ffffff', '3.48'],
    ['white', 'black', '21.00'],
    ['rgb(0, 0, 255)', '#fff', '8.59'],
    ['hsl(0, 100%, 50%)', 'white', '4.00'],
  ];
  for (const [fg, bg, want] of cases) assert.is(contrastRatio(fg, bg)!.toFixed(2), want, `${fg} on ${bg}`);
  assert.is(contrastRatio('bluish', '#fff'), null);
  assert.is(contrastRatio('#000', 'x'), null);
});

test('luminance: the sRGB curve of WCAG 2.2 (0.04045), on its ends and a low value', () => {
  assert.is(luminance([0, 0, 0, 1]), 0);
  assert.is(luminance([255, 255, 255, 1]), 1);
  // 10/255 sits on the linear part of the curve.
  assert.is(luminance([10, 10, 10, 1]).toFixed(6), (10 / 255 / 12.92).toFixed(6));
});

test('translucent colours: the text painted over its background; a translucent background over white and black', () => {
  // Half black over white, or half white over black.
  const GREY = 'rgb(127.5, 127.5, 127.5)';
  // Half-black text on white is mid grey on white.
  assert.is(contrastRatio('rgba(0, 0, 0, .5)', '#fff')!.toFixed(2), contrastRatio(GREY, '#fff')!.toFixed(2));
  // Black text on a half-white background: over a black page the background is grey, the worse case.
  assert.is(contrastRatio('#000', 'rgba(255, 255, 255, .5)')!.toFixed(2), contrastRatio('#000', GREY)!.toFixed(2));
  // transparent text shows nothing.
  assert.is(contrastRatio('transparent', '#fff'), 1);
  // A stack: white text on a translucent button over a white dialog.
  const ratio = contrastOn(parseColor('#fff')!, parseColor('rgba(0, 0, 0, .5)')!, parseColor('#fff')!);
  assert.is(ratio.toFixed(2), contrastRatio('#fff', GREY)!.toFixed(2));
  assert.equal(
    over([0, 0, 0, 0.5], [255, 255, 255, 1]).map((x) => Math.round(x)),
    [128, 128, 128, 1],
  );
});

test.run();
