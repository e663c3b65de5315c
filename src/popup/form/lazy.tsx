/**
 * popup.js's side of form-extras.js (src/popup/form/form-extras.ts): loading it once, and stand-ins that render its
 * components once it has loaded. Which forms need it is the form model's answer (src/form-model/place.ts).
 */
import { SHEETS_TIMEOUT_MS } from '../../constants';
import { sharedNow } from '../../browser/shared-now';
import { loadBeside } from '../beside';
import type { EXTRAS } from './form-extras';

/** The components form-extras.js provides. */
export type Extras = typeof EXTRAS;

let loading: Promise<Extras | undefined> | undefined;

/**
 * Loads form-extras.js once per page. Resolves with what it provides once it has run, or with undefined (and a console
 * warning; the next call tries again) when it failed or took longer than SHEETS_TIMEOUT_MS: a hanging file must not
 * hold a modal's inert page, and the caller shows nothing that needs it. It is built against what popup.js lends it
 * (src/popup/runtime.ts).
 */
export const loadExtras = (): Promise<Extras | undefined> => {
  const g = sharedNow();
  // A load that failed is forgotten, so the next popup (a trigger or an open after the failure) asks again.
  return (loading ||= (g.extras ? Promise.resolve() : loadBeside('form-extras.js', SHEETS_TIMEOUT_MS)).then(() => {
    const x = g.extras as Extras | undefined;
    if (!x) {
      loading = undefined;
      console.warn('signup popup: form-extras.js did not load');
    }
    return x;
  }));
};

/**
 * A stand-in for one component of form-extras.js: renders it once loaded, nothing before.
 */
export const extra =
  <K extends keyof Extras>(k: K) =>
  (props: Parameters<Extras[K]>[0]) => {
    const x = sharedNow().extras as Extras | undefined;
    return x ? (x[k] as (p: Parameters<Extras[K]>[0]) => ReturnType<Extras[K]>)(props) : null;
  };
