import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tightenCss } from '../../build/minify.mjs';

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

test.run();
