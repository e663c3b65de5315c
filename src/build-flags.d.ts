/**
 * Compile-time flags that build.mjs defines per bundle (esbuild `define`), so a bundle carries only what it needs.
 */

/** The loader carries destroy, consent first and scoped cookies (issue 14): embed-full.js, not embed.js. */
declare const __FULL__: boolean;
