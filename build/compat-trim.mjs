// @ts-check
/**
 * Two conversions of preact/compat that popup.js never asks for at run time, removed in the build by
 * build/preact-trim.mjs (issue 12). compat's vnode hook tests every prop of every DOM element against two patterns:
 * - `svg`: SVG presentation attributes written the React way (strokeWidth → stroke-width), a 330-character pattern.
 *   Our JSX writes React's names; build/react-props.mjs renames them with this pattern at compile time.
 * - `unitless`: a number as a style value gets 'px' unless its property is one of these. Our style values are
 *   strings.
 * This module reads both patterns from compat's build, so that `trimProblems` fails the build when our sources write
 * a numeric style value, and the dom layer holds every rendered prop to the same rules at run time
 * (test/dom/compat-guard.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** compat's two patterns as they appear in its ESM build, as source text. */
const SVG_SOURCE = /\/\^\(\?:accent\|alignment[^/\n]*\//;
const UNITLESS_SOURCE = /\/\^\(-\|f\[lo\][^/\n]*\//;

/**
 * compat's two patterns, read from its built text.
 * @param {string} text preact/compat/dist/compat.mjs
 * @returns {{ svg: RegExp, unitless: RegExp }}
 */
export const compatPatterns = (text) => {
  const svg = SVG_SOURCE.exec(text);
  const unitless = UNITLESS_SOURCE.exec(text);
  if (!svg || !unitless) throw Error('preact/compat: its SVG or unitless style pattern is not where the trim expects');
  const re = (/** @type {string} */ s) => new RegExp(s.slice(1, -1));
  return { svg: re(svg[0]), unitless: re(unitless[0]) };
};

/**
 * Every file under `dir` whose name matches `ext`.
 * @param {string} dir @param {RegExp} ext @returns {Generator<string>}
 */
export function* sources(dir, ext = /\.tsx$/) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sources(p, ext);
    else if (ext.test(name)) yield p;
  }
}

/**
 * What one JSX file writes that the trimmed compat would render differently: a style object holding a number.
 * (A camelCase SVG name, React's, is renamed to the DOM's in the build: build/react-props.mjs.)
 * @param {string} text the file
 * @returns {string[]} one line per problem
 */
export const jsxProblems = (text) => {
  const out = [];
  for (const [style] of text.matchAll(/style=\{\{[^}]*\}\}/g))
    if (/:\s*[-+.\d]/.test(style)) out.push(`${style} (style values are strings)`);
  return out;
};

/**
 * `jsxProblems` of every .tsx under `dirs`, each line naming its file.
 * @param {string} root the project
 * @param {string[]} dirs folders of the bundle's JSX, under root
 * @returns {string[]}
 */
export const trimProblems = (root, dirs) =>
  dirs.flatMap((dir) =>
    [...sources(join(root, dir))].flatMap((file) =>
      jsxProblems(readFileSync(file, 'utf8')).map((p) => `${file}: ${p} (build/compat-trim.mjs)`),
    ),
  );
