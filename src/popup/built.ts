/**
 * `file` as this build named it beside popup.js (docs/decisions/release-names.md, build/release.mjs): `form-actions.js`
 * is `form-actions.{side id}.js`, the id standing for the exact files popup.js was built with, so a popup.js cached
 * where it runs never loads another build's file (its contract with them may differ). Plain where there is no id
 * (embed.dev.js, whose files keep their names). Its own module, lent to none of them (src/popup/runtime.ts): only
 * popup.js names files; one of the files beside it would carry the id of the files it is one of (build/release.mjs
 * refuses that), and sheets.ts, which form-extras.js bundles for the banner's sheet name, may import it unused.
 */
export const built = (file: string): string => (__SIDE_ID__ ? file.replace('.', `.${__SIDE_ID__}.`) : file);
