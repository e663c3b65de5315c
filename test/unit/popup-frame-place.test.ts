/** Frame placement and what opens first (src/popup/frame-place.ts; spec 2.2 variations, 4.2). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BANNER_PLACE, firstPiece, isModal, modalPlace } from '../../src/popup/frame-place';
import type { Variation } from '../../src/popup/settings';

test('modalPlace: the modal covers the viewport; slide and fixed sit at the bottom of the inline end', () => {
  const cases: [Parameters<typeof modalPlace>, Record<string, string>][] = [
    [['modal', false], { inset: '0', width: '100%' }],
    [['modal', true], { inset: '0', width: '100%' }],
    [['slide', false], { bottom: '0', right: '0', 'inset-inline': 'auto 0', width: '400px' }],
    [['slide', true], { bottom: '0', right: '0', 'inset-inline': 'auto 0', width: '100%' }],
    [['fixed', false], { bottom: '0', right: '0', 'inset-inline': 'auto 0', width: '100%' }],
    [['fixed', true], { bottom: '0', right: '0', 'inset-inline': 'auto 0', width: '100%' }],
  ];
  for (const [args, want] of cases) assert.equal(modalPlace(...args), want, args.join());
  assert.equal(BANNER_PLACE, { bottom: '0', left: '0', width: '100%' });
});

test(`firstPiece: the banner on a mobile view with useMobileBanner, and for a slide-in but on the stage (spec 4.2, \
issue 35 item 3)`, () => {
  const cases: [boolean, Variation, boolean, boolean, 'banner' | 'modal'][] = [
    [true, 'modal', true, false, 'banner'],
    [true, 'modal', false, false, 'modal'],
    [false, 'modal', true, false, 'modal'],
    [false, 'modal', false, false, 'modal'],
    [false, 'fixed', true, false, 'modal'],
    [true, 'fixed', true, false, 'banner'],
    // A slide-in is too tall for a phone: a visitor's phone sees the banner whatever useMobileBanner says.
    [false, 'slide', true, false, 'banner'],
    [true, 'slide', true, false, 'banner'],
    [false, 'slide', false, false, 'modal'],
    // The owner's stage shows what its view asks for through useMobileBanner: the phone view the form itself.
    [false, 'slide', true, true, 'modal'],
    [true, 'slide', true, true, 'banner'],
    [true, 'modal', true, true, 'banner'],
  ];
  for (const [mobileBanner, variation, mobile, preview, want] of cases)
    assert.is(
      firstPiece({ mobileBanner, variation }, mobile, preview),
      want,
      `${mobileBanner} ${variation} ${mobile} ${preview}`,
    );
});

test('isModal: only the modal variation is a modal dialog', () => {
  assert.equal((['modal', 'slide', 'fixed'] as const).map(isModal), [true, false, false]);
});

test.run();
