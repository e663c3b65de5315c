/**
 * Compile-time flags that build.mjs defines per bundle (esbuild `define`), so a bundle carries only what it needs.
 */

/**
 * The loader carries destroy, consent first and scoped cookies (docs/decisions/fetched-when-needed.md): embed-full.js,
 * not embed.js.
 */
declare const __FULL__: boolean;

/**
 * The side id of this build (build/release.mjs, docs/decisions/release-names.md): the files popup.js loads beside it
 * are named with it. '' where they keep their plain names (embed.dev.js, --watch, the tests).
 */
declare const __SIDE_ID__: string;

/**
 * The build id the loader asks for popup.js with (build/release.mjs, docs/decisions/release-names.md); '' where there
 * is none.
 */
declare const __POPUP_ID__: string;
