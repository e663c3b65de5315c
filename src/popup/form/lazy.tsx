/**
 * popup.js's side of the files beside it: form-extras.js (src/popup/form/extras.ts), loading it once, and stand-ins
 * that render its components once it has loaded (which forms need it is the form model's answer,
 * src/form-model/place.ts); and form-actions.js (src/popup/form/actions.ts), loaded on the visitor's first press.
 */
import { SHEETS_TIMEOUT_MS } from '../../constants';
import { loadBeside } from '../beside';
import type { ACTIONS } from './actions';
import type { EXTRAS } from './extras';

/** The components form-extras.js provides. */
export type Extras = typeof EXTRAS;
/** What form-actions.js provides. */
export type Actions = typeof ACTIONS;

let loading: Promise<Extras | undefined> | undefined;

/**
 * Loads form-extras.js once per page. Resolves with what it provides once it has run, or with undefined (and a console
 * warning) when it failed or took longer than SHEETS_TIMEOUT_MS: a hanging file must not hold a modal's inert page,
 * and the caller shows nothing that needs it. It is built against what popup.js lends it (src/popup/runtime.ts).
 */
export const loadExtras = (): Promise<Extras | undefined> => {
  const g = (window.__mcsf ||= {});
  return (loading ||= (g.extras ? Promise.resolve() : loadBeside('form-extras.js', SHEETS_TIMEOUT_MS)).then(
    () => (g.extras as Extras | undefined) || void console.warn('signup popup: form-extras.js did not load'),
  ));
};

/**
 * A stand-in for one component of form-extras.js: renders it once loaded, nothing before. `window.__mcsf` exists:
 * popup.js made it when it ran (src/popup/index.tsx).
 */
export const extra =
  <K extends keyof Extras>(k: K) =>
  (props: Parameters<Extras[K]>[0]) => {
    const x = window.__mcsf!.extras as Extras | undefined;
    return x ? (x[k] as (p: Parameters<Extras[K]>[0]) => ReturnType<Extras[K]>)(props) : null;
  };

/**
 * Runs `f` with form-actions.js's parts: at once when it has run (so a submit stays in the click's own task, which a
 * captcha window needs), else once it has loaded; `failed` instead when it could not load (a later call asks again).
 */
export const withActions = (f: (a: Actions) => void, failed?: () => void): void => {
  // window.__mcsf exists: popup.js made it when it ran (src/popup/index.tsx).
  const g = window.__mcsf!;
  if (g.fa) f(g.fa as Actions);
  else loadBeside('form-actions.js', SHEETS_TIMEOUT_MS).then(() => (g.fa ? f(g.fa as Actions) : failed && failed()));
};
