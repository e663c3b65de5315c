import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { doubleTapApplies, isLongTitle } from '../../src/blog/layout';

test('isLongTitle: title + toggles + 30 px against the window width (spec 2.1, 9.5)', () => {
  const cases: [number, number[], number, boolean][] = [
    [500, [70, 80], 680, false], // 680 exactly: not exceeding
    [500, [70, 80], 679, true],
    [500, [70, 80], 681, false],
    [500, [], 530, false],
    [500, [], 529, true],
    [0, [], 30, false],
    [0, [], 29, true],
    [1092, [71, 87], 1280, false],
    [1092, [71, 87], 1279, true],
    [300, [0, 0], 330, false], // hidden toggles measure 0
  ];
  for (const [title, toggles, win, want] of cases)
    assert.is(isLongTitle(title, toggles, win), want, `${title} ${toggles} ${win}`);
});

test('doubleTapApplies: touch only, and only above 800 px', () => {
  const cases: [boolean, number, boolean][] = [
    [true, 801, true],
    [true, 800, false],
    [true, 1280, true],
    [true, 375, false],
    [false, 1280, false],
    [false, 801, false],
  ];
  for (const [touch, w, want] of cases) assert.is(doubleTapApplies(touch, w), want, `${touch} ${w}`);
});

test.run();
