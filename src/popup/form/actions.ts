/**
 * form-actions.js: what the form needs only once the visitor acts, kept out of popup.js and its first view (issue
 * 12.5): the rules of spec 5 (validation on blur and on submit), the submit itself (src/popup/form/submit.ts): its
 * query (spec 3.5, 7.1 reading (a)), the transports that send it (spec 4.5, 4.6, 7.1), the reading of the provider's
 * answer (spec 3.6, 8) and what the form shows after it. popup.js
 * fetches it beside itself on the visitor's first key press, pointer press or input in the form
 * (src/popup/form/useSignupForm.ts), so a reader who only looks and closes never pays for it. No DOM but the submit's
 * script tag and window; its names are mangled as popup.js's are (mangle.json), so both read one object alike.
 */
import { shared } from '../../browser/shared';
import { message } from '../../form-model/rules';
import { judge, next, submitForm } from './submit';

/** What form-actions.js provides: a field judged on blur, Continue, the submit, a rule's message. */
export const ACTIONS = { judge, next, submitForm, ruleMessage: message };

shared.fa = ACTIONS;
