/**
 * popup.js's side of form-actions.js (src/popup/form/actions.ts): the rules and the submit (src/popup/form/submit.ts),
 * loaded on the visitor's first press in the form (src/popup/form/useSignupForm.ts). Apart from
 * lazy.tsx (form-extras.js), so the form's state imports nothing that imports its views.
 */
import { SHEETS_TIMEOUT_MS } from '../../constants';
import { sharedNow } from '../../browser/shared-now';
import { loadBeside } from '../beside';
import type { ACTIONS } from './actions';

/** What form-actions.js provides. */
export type Actions = typeof ACTIONS;

/**
 * Runs `f` with form-actions.js's parts: at once when it has run (so a submit stays in the click's own task, which a
 * captcha window needs), else once it has loaded; `failed` instead when it could not load (a later call asks again).
 */
export const withActions = (f: (a: Actions) => void, failed?: () => void): void => {
  const g = sharedNow();
  if (g.fa) f(g.fa as Actions);
  else loadBeside('form-actions.js', SHEETS_TIMEOUT_MS).then(() => (g.fa ? f(g.fa as Actions) : failed && failed()));
};
