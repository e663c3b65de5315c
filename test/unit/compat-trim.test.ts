import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compatPatterns, jsxProblems } from '../../build/compat-trim.mjs';

const { svg, unitless } = compatPatterns(readFileSync('node_modules/preact/compat/dist/compat.mjs', 'utf8'));

test("compatPatterns: compat's own two patterns, read from its build", () => {
  // What compat converts: these are the props the trim stops converting.
  for (const name of ['strokeWidth', 'fillOpacity', 'textAnchor', 'xHeight', 'vectorEffect', 'clipRule'])
    assert.ok(svg.test(name), name);
  for (const name of ['className', 'autoComplete', 'inputMode', 'maxLength', 'tabIndex', 'htmlFor', 'clipPathUnits'])
    assert.not.ok(svg.test(name), name);
  for (const name of ['opacity', 'zIndex', 'flexGrow', 'lineHeight', 'fontWeight'])
    assert.ok(unitless.test(name), name);
  for (const name of ['width', 'marginTop', 'left']) assert.not.ok(unitless.test(name), name);
});

test('jsxProblems: numeric style values are named; strings and SVG names (renamed in the build) pass', () => {
  const cases: [string, number][] = [
    ['<path stroke-width="1.6" d="M0" />', 0],
    ['<svg strokeWidth="1.6" />', 0],
    ['<svg fillOpacity={0.5} textAnchor="middle" />', 0],
    ['<input autoComplete="email" maxLength={4} inputMode="numeric" />', 0],
    ["<div style={{ left: '-5000px', position: 'absolute' }} />", 0],
    ['<div style={{ width: 24 }} />', 1],
    ['<div style={{ opacity: .5 }} />', 1],
    ["<div style={{ fontSize: '24px', fontFamily: 'Arial' }} />", 0],
  ];
  for (const [jsx, n] of cases) assert.is(jsxProblems(jsx).length, n, jsx);
});

test.run();
