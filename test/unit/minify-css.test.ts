import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tightenCss, tightestCss } from '../../build/minify.mjs';

test('tightenCss: the spaces esbuild leaves in var() declarations and custom properties go, strings stay', () => {
  const cases: [string, string][] = [
    ['a{color:var(--c, #222)}', 'a{color:var(--c,#222)}'],
    [
      'b{font:16px / 1.5 var(--f, "Helvetica Neue", Arial, sans-serif)}',
      'b{font:16px/1.5 var(--f,"Helvetica Neue",Arial,sans-serif)}',
    ],
    [':root{--mc-f-x: Arial, Helvetica, sans-serif}', ':root{--mc-f-x:Arial,Helvetica,sans-serif}'],
    ['i{background:var(--i) center / cover no-repeat}', 'i{background:var(--i) center/cover no-repeat}'],
    // Inside quotes, nothing changes.
    ['q{content:"a, b / c"}', 'q{content:"a, b / c"}'],
    [":root{--q: 'x, y', z}", ":root{--q:'x, y',z}"],
    ['s{content:"\\", / "}', 's{content:"\\", / "}'],
    // Already tight: the same.
    ['a{color:#222}', 'a{color:#222}'],
  ];
  for (const [css, out] of cases) assert.is(tightenCss(css), out, css);
});

test('tightenCss: each tightening alone, by its bit', () => {
  const css = 'b{font:16px / 1.5 var(--f, Arial, serif)}:root{--x: 1px}';
  const cases: [number, string][] = [
    [0, css],
    [1, 'b{font:16px / 1.5 var(--f,Arial,serif)}:root{--x: 1px}'],
    [2, 'b{font:16px/1.5 var(--f, Arial, serif)}:root{--x: 1px}'],
    [4, 'b{font:16px / 1.5 var(--f, Arial, serif)}:root{--x:1px}'],
    [7, 'b{font:16px/1.5 var(--f,Arial,serif)}:root{--x:1px}'],
  ];
  for (const [rules, out] of cases) assert.is(tightenCss(css, rules), out, String(rules));
});

test('tightestCss: the subset of tightenings the measure finds smallest; the text as it was on a tie', () => {
  const css = 'b{font:16px / 1.5 var(--f, Arial, serif)}:root{--x: 1px}';
  const cases: [string, (t: string) => number, string][] = [
    ['length: every tightening', (t) => t.length, tightenCss(css)],
    // A measure under which the commas' spaces pay and the slash's cost, as brotli can judge a small file.
    ['commas kept', (t) => t.length + (t.includes(', ') ? 0 : 100), tightenCss(css, 6)],
    ['slash kept', (t) => t.length + (t.includes(' / ') ? 0 : 100), tightenCss(css, 5)],
    ['nothing pays', (t) => (t === css ? 0 : 1), css],
    ['a tie keeps the text', () => 1, css],
  ];
  for (const [name, size, out] of cases) assert.is(tightestCss(css, size), out, name);
});

test.run();
