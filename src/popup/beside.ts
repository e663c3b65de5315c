/**
 * Files the popup fetches from beside its own script on the content host (spec 7.2 layout): the country list and the
 * form extras. Where that is comes from `document.currentScript`, which is only set while popup.js (or embed.dev.js)
 * first runs, so it is read when this module is evaluated.
 */
const script = typeof document == 'object' && (document.currentScript as HTMLScriptElement | null);
const base = script && script.src ? script.src.replace(/[^/?#]*([?#].*)?$/, '') : '';

/** The address of `file` beside the running popup script; '' when unknown (tests on linkedom). */
export const beside = (file: string): string => (base ? base + file : '');
