// @ts-check
/**
 * Releases that never break a visitor (issue 32). popup.js stays cached where it runs (a browser, a CDN's edge, a page
 * left open) while the content host moves on, and the files it loads beside it run on what it lends them
 * (src/popup/runtime.ts) and read its objects under mangle.json's short names: a newer form-actions.js beside an older
 * popup.js breaks the form with no message. So a build names what belongs together:
 *
 * - Side files: every file popup.js loads beside it (form-extras.js, form-actions.js, countries.js, the frame sheets,
 *   form-extras.css, fonts.css) is written in the versioned folders as `{name}.{side id}.{ext}`, the side id being a
 *   hash of all of them as built (after terser); popup.js carries that id (src/popup/beside.ts `built`), so it names
 *   the exact files it was built with. One id for all of them, not one per file: a hash does not compress, and popup.js
 *   would carry fifteen. The dev copies (beside embed.dev.js, and the unversioned sheets of `env: 'dev'`) keep plain
 *   names: their bundles are built with an empty id.
 * - The build id, a hash of popup.js as stamped: embed.js and embed-full.js ask for `popup.js?b={build id}`
 *   (src/browser/urls.ts), so a loader never meets a cached popup.js of another build (the content host ignores the
 *   query; src/server/http/static.ts caches the pair for a year only when the id is that of the bytes it serves).
 *
 * The bundles are built with placeholders for the ids (build.mjs defines `__SIDE_ID__` and `__POPUP_ID__` as the marks
 * below) and `stamp` puts the ids in their final bytes, side files first, then popup.js, then the loaders.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** What `__SIDE_ID__` is while building, in popup.js; the side id replaces it. */
export const SIDE_MARK = '@side-id@';
/** What `__POPUP_ID__` is while building, in the loaders; the build id replaces it. */
export const BUILD_MARK = '@build-id@';

/** Hex digits of an id: 32 bits, so two builds of one file meet under one name about once in four billion. */
const ID_LENGTH = 8;

/**
 * The id of some content: the first hex digits of its SHA-256 (src/server/http/static.ts `contentId` is the same, and
 * test/server/static.test.ts checks that the two agree on the built popup.js).
 * @param {string | Buffer} content
 */
export const contentId = (content) => createHash('sha256').update(content).digest('hex').slice(0, ID_LENGTH);

/** A versioned output (`…/1.0/name.ext`): its name carries the side id. The dev copies are unversioned. */
const VERSIONED = /\/\d+(?:\.\d+)+\/[^/]+$/;

/**
 * An output's path with `id` in its file name: `…/1.0/form-actions.js` → `…/1.0/form-actions.{id}.js` (the same
 * rename as src/popup/beside.ts `built`).
 * @param {string} out
 * @param {string} id
 */
export const withId = (out, id) => join(dirname(out), basename(out).replace('.', `.${id}.`));

/**
 * @typedef {object} Output One job's final text (after terser) and where it goes.
 * @property {string[]} out
 * @property {string} text
 * @property {'side' | 'popup' | 'loader'} [release] Its part in a release: a file popup.js loads beside it,
 *   popup.js, or a loader that asks for popup.js.
 */

/**
 * Stamps the ids into the built outputs (see the module's comment) and says where each text goes.
 * @param {Output[]} outputs
 * @returns {{ files: [string, string][], failed: string[], sideId: string, buildId: string }}
 */
export const stamp = (outputs) => {
  const failed = [];
  const named = (/** @type {Output} */ o) => basename(o.out[0]);
  const side = outputs.filter((o) => o.release === 'side').sort((a, b) => named(a).localeCompare(named(b)));
  const sideId = contentId(side.map((o) => `${named(o)}\n${o.text}`).join('\n'));
  const popup = outputs.filter((o) => o.release === 'popup');
  if (popup.length !== 1) failed.push(`release: one popup.js job expected, found ${popup.length}`);
  const stamped = new Map(popup.map((o) => [o, o.text.replaceAll(SIDE_MARK, sideId)]));
  const buildId = contentId(stamped.get(popup[0]) || '');
  for (const o of outputs) if (o.release === 'loader') stamped.set(o, o.text.replaceAll(BUILD_MARK, buildId));
  // Each mark where it belongs and nowhere else: a side file carrying the side id would hash itself.
  for (const o of outputs) {
    for (const [mark, where] of /** @type {const} */ ([
      [SIDE_MARK, 'popup'],
      [BUILD_MARK, 'loader'],
    ]))
      if (o.text.includes(mark) !== (o.release === where))
        failed.push(`${o.out[0]}: ${o.release === where ? 'lacks' : 'carries'} the placeholder ${mark}`);
  }
  /** @type {[string, string][]} */
  const files = [];
  for (const o of outputs)
    for (const out of o.out)
      files.push([o.release === 'side' && VERSIONED.test(out) ? withId(out, sideId) : out, stamped.get(o) ?? o.text]);
  return { files, failed, sideId, buildId };
};
