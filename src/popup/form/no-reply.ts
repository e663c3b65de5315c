/**
 * The message of a submit without an answer (spec 8 has no text for it), in a module of its own because popup.js lends
 * it whole (src/popup/runtime.ts): popup.js shows it itself when form-actions.js cannot load, and form-actions.js reads
 * it from there for a call that got no reply (src/popup/form/outcome.ts), so the text ships once.
 */
import { SUBMIT_FAILED_MSG } from '../../constants';

/** Shown in the form's message area when a submit got no answer or could not be made. */
export const NO_REPLY_MSG = SUBMIT_FAILED_MSG;
