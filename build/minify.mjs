// @ts-check
/**
 * The last minifier pass of the budgeted bundles (terser after esbuild), shared by build.mjs and the bench's peer
 * build, so both are minified alike. Each option below was measured with `node build.mjs` (brotli, issue 12):
 * - passes 3: more passes buy nothing on our code (10 passes: ±4 B);
 * - unsafe_arrows, unsafe_methods, pure_getters: our code binds no `this` in arrows' place, calls no method through a
 *   getter with side effects;
 * - `unsafe` only where it pays (form-extras.js −34 B, blog.js −26 B; popup.js +3 B, embed.js +2 B): it folds
 *   `String(x)` into `x + ""` (our calls pass strings and numbers, never symbols or objects with valueOf), drops a
 *   `'…'.split(' ')` no one reads, and builds `RegExp([..].join('|'))` at build time;
 * - property renaming (build/mangle.mjs): Preact's internals in popup.js −94 B; mangle.json's names popup.js −64 B
 *   more, form-extras.js −31 B.
 * Left off, measured: hoist_vars (popup.js +216 B), reduce_funcs off (+82 B), unsafe_comps (popup.js −32 B, but it
 * turns `!(a < b)` into `a >= b`, which is wrong for NaN), keep_fargs off, unsafe_math, toplevel (±0).
 */
import { minify } from 'terser';
import { terserMangle } from './mangle.mjs';

/**
 * @typedef {object} SqueezeOptions
 * @property {import('./mangle.mjs').MangleConfig} [mangle] Rename the listed private names.
 * @property {boolean} [internals] Also rename Preact's internals (the bundle carries Preact: popup.js).
 * @property {boolean} [unsafe] Terser's `unsafe` transforms (see above).
 */

/**
 * Minifies one bundle.
 * @param {string} code esbuild's output.
 * @param {SqueezeOptions} [o]
 * @returns {Promise<string>}
 */
export async function squeeze(code, o = {}) {
  const m = o.mangle ? terserMangle(o.mangle, !!o.internals) : null;
  // Terser's property pass moves a few bytes even when it renames nothing (embed.js +3 B): skipped where no name
  // it would rename occurs.
  const props = m && [...code.matchAll(/[A-Za-z_$][\w$]*/g)].some(([w]) => m.properties.regex.test(w)) ? m : null;
  const r = await minify(code, {
    ecma: 2020,
    // Not toplevel: esbuild wraps each bundle in an IIFE, and with toplevel terser unwrapped some of them into
    // top-level `var`s, globals of the host page that collided with its own scripts and with each other.
    toplevel: false,
    compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true, unsafe: !!o.unsafe },
    mangle: props ? { properties: props.properties } : true,
    nameCache: props ? props.nameCache : undefined,
    format: { comments: false },
  });
  // strict:true in tsconfig makes esbuild emit "use strict"; our bundles do not depend on it, so it is bytes.
  return (r.code || '').replace(/^"use strict";/, '');
}

/**
 * The tightenings of the popup's stylesheets. esbuild's CSS minifier leaves a declaration holding var() as its tokens
 * were written (it cannot know what the variable will hold), and a custom property's value likewise: there the
 * spaces after commas, around a shorthand's slash and after a custom property's colon are bytes no browser needs (a
 * custom property's value is read without its leading space; a font list, a colour and a background shorthand mean
 * the same without them).
 */
export const TIGHTENINGS = /** @type {const} */ ([
  [/, /g, ','],
  [/ \/ /g, '/'],
  [/(--[\w-]+): /g, '$1:'],
]);

/**
 * The last pass of the popup's stylesheets: the tightenings whose bit is set in `rules` (all by default). Quoted
 * strings are left as they are.
 * @param {string} css esbuild's minified output.
 * @param {number} [rules] A bit mask over TIGHTENINGS.
 * @returns {string}
 */
export const tightenCss = (css, rules = (1 << TIGHTENINGS.length) - 1) =>
  css
    .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
    .map((part, i) =>
      i % 2 ? part : TIGHTENINGS.reduce((t, [from, to], k) => (rules & (1 << k) ? t.replace(from, to) : t), part),
    )
    .join('');

/**
 * The tightest of `css` for `size` (brotli bytes): each subset of TIGHTENINGS is tried, since on a file of a few
 * hundred bytes one rule can pay while another costs (3 bytes fewer can compress 9 bytes larger). The text as it was
 * unless a subset is smaller.
 * @param {string} css
 * @param {(text: string) => number} size
 * @returns {string}
 */
export const tightestCss = (css, size) => {
  let best = css;
  let bytes = size(css);
  for (let rules = 1; rules < 1 << TIGHTENINGS.length; rules++) {
    const t = tightenCss(css, rules);
    const n = size(t);
    if (n < bytes) [best, bytes] = [t, n];
  }
  return best;
};
