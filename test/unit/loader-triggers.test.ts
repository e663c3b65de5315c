import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exitFallback, parseTrigger, scrollPoint } from '../../src/loader/triggers';

test('parseTrigger: seconds become ms; named triggers stand; the rest is the 1000 ms default', () => {
  const cases: [unknown, number | string][] = [
    [5, 5000],
    ['5', 5000],
    [' 2 ', 2000],
    [0, 0],
    ['0', 0],
    [0.5, 500],
    ['1.5', 1500],
    ['exit', 'exit'],
    ['middle', 'middle'],
    ['bottom', 'bottom'],
    [undefined, 1000],
    [null, 1000],
    ['', 1000],
    ['soon', 1000],
    [-3, 1000],
    ['-1', 1000],
    [NaN, 1000],
    [Infinity, 1000],
    [1e9, 1000],
    [{}, 1000],
    ['EXIT', 1000],
  ];
  for (const [input, want] of cases) assert.is(parseTrigger(input), want, JSON.stringify(input));
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const EDGE_LEGACY =
  'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0';

test('exitFallback: Edge of either engine, or screens under 640 px', () => {
  const cases: [string, number, boolean][] = [
    [CHROME, 1280, false],
    [CHROME, 640, false],
    [CHROME, 639, true],
    [CHROME, 375, true],
    [EDGE_LEGACY, 1920, true],
    [EDGE, 1920, true],
  ];
  for (const [ua, width, want] of cases) assert.is(exitFallback(ua, width), want, `${ua.slice(-20)} ${width}`);
});

test('scrollPoint: half the scrollable distance, the bottom within 2 px, short pages at once', () => {
  const cases: ['middle' | 'bottom', number, number, number][] = [
    ['middle', 800, 3000, 1100],
    ['bottom', 800, 3000, 2198],
    ['middle', 800, 600, -100],
    ['middle', 800, 800, 0],
    ['bottom', 800, 800, -2],
  ];
  for (const [kind, vh, page, want] of cases) assert.is(scrollPoint(kind, vh, page), want, `${kind} ${vh}/${page}`);
});

test.run();
