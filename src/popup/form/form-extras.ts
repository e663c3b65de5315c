/**
 * form-extras.js: the parts of the form most forms never show, kept out of popup.js to hold its byte budget
 * (docs/decisions/fetched-when-needed.md): every field but the single inputs (birthday, date and US phone parts,
 * address, select, radio and checkbox groups, consent), the SMS step and its state, the GDPR block, the mobile
 * banner (its component and its frame's set-up), and the server's cookies (spec 3.8). popup.js fetches this file
 * beside itself when the settings need it (src/popup/form/lazy.tsx), before the modal shows, so nothing pops in. It
 * is built against popup.js's own Preact through `window.__mcsf.rt` (build.mjs), never a second copy: hooks must
 * run on the renderer that renders them.
 */
import { shared } from '../../browser/shared';
import { setServerCookies } from '../server-cookies';
import { Address, Choices, Consent, Split, Select } from './extra-inputs';
import { openBanner } from '../banner-piece';
import { Gdpr } from './Gdpr';
import { Sms } from './Sms';
import { useSmsStep } from './useSmsStep';

/** The components of form-extras.js, by name. */
export const EXTRAS = {
  Address,
  Split,
  Select,
  Choices,
  Consent,
  Sms,
  useSmsStep,
  Gdpr,
  openBanner,
  setServerCookies,
};

shared.extras = EXTRAS;
