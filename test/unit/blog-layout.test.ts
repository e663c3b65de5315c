import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { doubleTapApplies, isLongTitle } from '../../src/blog/layout';

test('isLongTitle: title + toggles + 30 px against the window width (spec 2.1, 9.5), before layout', () => {
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
    assert.is(isLongTitle(title, toggles, win, 0, 0), want, `${title} ${toggles} ${win}`);
});

test('isLongTitle: also long when the title laid out on one line reaches the toggles (issue 12 item 7)', () => {
  const cases: [number, number[], number, number, number, boolean][] = [
    // title, toggles, window, title's right edge, toggles' left edge, long
    // The seeded title at 1280 px: the spec's 30 px fit (1092 + 158 + 30 = 1280), but the header's 30 px of padding
    // and the 8.5 px between the toggles leave the toggles at 1097.5, under the title's end at 1107.
    [1092, [71, 87], 1280, 1107, 1097.5, true],
    [1092, [71, 87], 1288.5, 1107, 1106, true],
    [1092, [71, 87], 1288.5, 1107, 1107, false], // touching is not overlapping
    [1092, [71, 87], 1300, 1107, 1118.5, false],
    [1092, [71, 87], 1303, 1107, 1106.5, true], // a 15 px scrollbar takes room too
    [500, [70, 80], 679, 505, 520, true], // the spec's rule alone still switches
    [500, [70, 80], 680, 505, 520, false],
  ];
  for (const [title, toggles, win, right, left, want] of cases)
    assert.is(isLongTitle(title, toggles, win, right, left), want, `${title} ${toggles} ${win} ${right} ${left}`);
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
