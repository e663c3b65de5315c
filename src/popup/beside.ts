import { addScript } from '../browser/script';
import { built } from './built';

/**
 * Files the popup fetches from beside its own script on the content host (spec 7.2 layout): the country list and the
 * form extras. Where that is comes from `document.currentScript`, which is only set while popup.js (or embed.dev.js)
 * first runs, so it is read when this module is evaluated.
 */
const script = typeof document === 'object' && (document.currentScript as HTMLScriptElement | null);
const base = script && script.src ? script.src.replace(/[^/?#]*([?#].*)?$/, '') : '';

/** The address of `file` beside the running popup script; '' when unknown (tests on linkedom). */
export const beside = (file: string): string => (base ? base + built(file) : '');

/** The load of each file asked for so far. */
const loads: Record<string, Promise<unknown>> = {};

/**
 * Runs `file` from beside the popup script, once per page however often it is asked for (a load that failed or timed
 * out is asked for again next time). Settles when the file has run or failed, after `ms` when given (a file that hangs
 * must not hold up what waits for it), or at once when the popup script's place is unknown. What the file provides is
 * for the caller to look for.
 */
export const loadBeside = (file: string, ms?: number): Promise<unknown> =>
  (loads[file] ||= new Promise((done) => {
    const url = beside(file);
    if (!url) return done(0);
    const el = addScript(url);
    // A file that failed or timed out is forgotten, so that the next call asks for it again (a visitor's second
    // submit after form-actions.js hung, the next popup's form-extras.js); its time-out goes when the file settles:
    // nothing of it is left pending on the page.
    const forget = () => {
      delete loads[file];
      done(clearTimeout(t));
    };
    const t = ms && setTimeout(() => forget(), ms);
    el.onload = () => done(clearTimeout(t));
    el.onerror = () => forget();
  }));
