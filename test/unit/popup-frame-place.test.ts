/** Frame placement and what opens first (src/popup/frame-place.ts; spec 2.2 variations, 4.2). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BANNER_PLACE, firstPiece, isModal, modalPlace } from '../../src/popup/frame-place';

test('modalPlace: the modal covers the viewport; slide and fixed sit at the bottom (clipped to their content)', () => {
  const cases: [Parameters<typeof modalPlace>, Record<string, string>][] = [
    [['modal', false], { inset: '0', width: '100%' }],
    [['modal', true], { inset: '0', width: '100%' }],
    [['slide', false], { bottom: '0', right: '0', width: '400px' }],
    [['slide', true], { bottom: '0', right: '0', width: '100%' }],
    [['fixed', false], { bottom: '0', right: '0', width: '100%' }],
    [['fixed', true], { bottom: '0', right: '0', width: '100%' }],
  ];
  for (const [args, want] of cases) assert.equal(modalPlace(...args), want, args.join());
  assert.equal(BANNER_PLACE, { bottom: '0', left: '0', width: '100%' });
});

test('firstPiece: the banner only with useMobileBanner on a mobile view (spec 4.2)', () => {
  const cases: [boolean, boolean, 'banner' | 'modal'][] = [
    [true, true, 'banner'],
    [true, false, 'modal'],
    [false, true, 'modal'],
    [false, false, 'modal'],
  ];
  for (const [banner, mobile, want] of cases) assert.is(firstPiece(banner, mobile), want, `${banner} ${mobile}`);
});

test('isModal: only the modal variation is a modal dialog', () => {
  assert.equal((['modal', 'slide', 'fixed'] as const).map(isModal), [true, false, false]);
});

test.run();
