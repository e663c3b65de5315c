// @ts-check
/**
 * Each popup frame's own stylesheet: one file that holds, in cascade order, the spec 7.2 sheets that frame would
 * link (issue 12.3, 12.5). One request where there were three, and brotli finds the words the sheets share: the plain
 * modal's 1,177 B in three files are 1,011 B in one (build 2026-11-27). The spec 7.2 files are still built and served
 * as they were; these stand beside them, in the same versioned and dev folders.
 *
 * The popup names a modal frame's sheet `{variation}-{template}.css` (src/popup/sheets.ts modalSheets; the fixed
 * variation is always template 1) and the mobile banner's `mobile-banner.css`; test/unit/popup-rules.test.ts checks
 * that every name it can make is here.
 */

const TEMPLATES = [1, 2, 3, 4, 5];

/**
 * A template's layout sheet within its frame's. None for template 1: its layout-1.css is only its image's rules, which
 * a form with an image links beside the frame's sheet as image-1.css (src/popup/sheets.ts), out of a plain form's
 * first view.
 * @param {number} t
 */
const layout = (t) => (t === 1 ? [] : [`layout-${t}.css`]);

/** Frame sheet name → the spec 7.2 sheets (under src/popup/css) it is made of, in order. */
export const FRAME_SHEETS = {
  ...Object.fromEntries(TEMPLATES.map((t) => [`modal-${t}.css`, ['common.css', 'modal.css', ...layout(t)]])),
  ...Object.fromEntries(TEMPLATES.map((t) => [`slide-${t}.css`, ['common.css', 'modal-slidein.css', ...layout(t)]])),
  'fixed-1.css': ['common.css', 'modal-fixed.css', 'layout-fixed.css'],
  // Template 1's image: its layout sheet, linked beside a template-1 frame's sheet for a form with an image.
  'image-1.css': ['layout-1.css'],
  'mobile-banner.css': ['common.css', 'banner.css'],
};

/**
 * esbuild's entry for a frame sheet: its parts as `@import`s, which esbuild's CSS bundler inlines in order.
 * @param {string[]} parts
 * @param {string} dir The folder of the parts.
 * @returns {import('esbuild').StdinOptions}
 */
export const frameSheetEntry = (parts, dir) => ({
  contents: parts.map((p) => `@import "./${p}";`).join('\n'),
  resolveDir: dir,
  // Not a part's own name: a sheet of one part would import itself, and esbuild would drop it as a cycle.
  sourcefile: `frame sheet of ${parts.join('+')}`,
  loader: 'css',
});
