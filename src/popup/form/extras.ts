/**
 * form-extras.js: the parts of the form most forms never show, kept out of popup.js to hold its byte budget (issue 2,
 * 16 kB): the birthday, date and US phone parts, the address block, the SMS step and the GDPR block. popup.js fetches
 * this file beside itself when the settings need it (src/popup/form/lazy.tsx), before the modal shows, so nothing
 * pops in. It is built against popup.js's own Preact through `window.__mcsf.rt` (build.mjs), never a second copy:
 * hooks must run on the renderer that renders them.
 */
import { Gdpr } from './Gdpr';
import { Address, Parts_ } from './inputs';
import { Sms } from './Sms';

/** The components of form-extras.js, by name. */
export const EXTRAS = { Address, Parts_, Sms, Gdpr };

(window.__mcsf ||= {}).extras = EXTRAS;
