/**
 * embed.js: the site owner's script tag (spec 4.1). Started by an existing Mailchimp snippet through
 * `window.dojoRequire(["mojo/signup-forms/Loader"], L => L.start({...}))`, or by its own data attributes.
 * It checks the campaign ids and cookies, fetches the form settings by JSONP, waits for the trigger, and only then
 * loads the versioned popup.js, which receives the parameters and settings through `window.__mcsf` (src/types.ts).
 */
import {
  COOKIE_CLOSED,
  COOKIE_SUBSCRIBED,
  DAY_MS,
  DEFAULT_FREQUENCY_DAYS,
  LOADER_MODULE,
  QUERY_CID,
  QUERY_EID,
} from './constants';
import { hasCookie, setCookie } from './browser/cookies';
import { addScript, jsonp } from './browser/jsonp';
import { parseParams, type StartOptions } from './loader/params';
import { arm, parseTrigger } from './loader/triggers';
import { popupUrl, providerUrl } from './browser/urls';
import type { LoaderParams, RawSettings } from './types';

// currentScript is only set while this file first runs, so it is read now, not in start().
const script = document.currentScript as HTMLScriptElement | null;
const shared = (window.__mcsf ||= {});

/** Hands the settings to the popup: directly when it is already on the page (dev build, preview), else loads it. */
const show = (p: LoaderParams, s: RawSettings) => {
  if (shared.mount) return shared.mount(p, s);
  shared.handoff = { params: p, settings: s };
  addScript(popupUrl(p, s.version));
};

/** Loads the settings and arms the trigger, unless a cookie says this visitor is done (spec 4.1 steps 3 and 5). */
const load = (p: LoaderParams) => {
  // Checked before the settings call, not after: a visitor who closed or subscribed costs the provider nothing.
  if (!p.ignoreCookie && !p.isPreview && (hasCookie(COOKIE_CLOSED) || hasCookie(COOKIE_SUBSCRIBED))) return;
  jsonp(providerUrl(p, 'form-settings'), (s) => {
    // Only the shape the loader needs is checked here; popup.js normalises the rest (src/popup/settings.ts).
    if (!s || typeof s != 'object' || (s as RawSettings).result == 'error') return;
    arm(parseTrigger((s as RawSettings).popupDelay), () => show(p, s as RawSettings));
  });
};

/**
 * Starts the popup once per page, whatever the number of loaders or calls (spec 4.1 step 4).
 * @throws Error "Missing base url, uuid and/or lid parameter(s)." (spec 8)
 */
const start = (o: StartOptions): void => {
  const p = parseParams(o || {}, (script && script.src) || location.href);
  if (shared.started) return;
  shared.started = true;
  const q = new URLSearchParams(location.search);
  const eid = q.get(QUERY_EID);
  const cid = q.get(QUERY_CID);
  // A visitor arriving from a campaign e-mail may be subscribed already (spec 4.1 step 2); a failed call counts as no.
  if (eid && cid && !hasCookie(COOKIE_CLOSED))
    jsonp(providerUrl(p, 'is-email-subscribed', { [QUERY_EID]: eid, [QUERY_CID]: cid }), (r) => {
      if (r && (r as { isEmailSubscribed?: unknown }).isEmailSubscribed === true)
        setCookie(COOKIE_CLOSED, '1', DEFAULT_FREQUENCY_DAYS * DAY_MS);
      load(p);
    });
  else load(p);
};

const loader = { start };
// Only dojoRequire, never a global require or define: other scripts' module loaders stay untouched. Any other
// module id goes to a dojoRequire that was there before us.
const before = window.dojoRequire;
window.dojoRequire = (modules, callback) =>
  modules && modules[0] == LOADER_MODULE ? callback(loader) : before && before(modules, callback);

// <script src=".../embed.js" data-base-url=".." data-uuid=".." data-lid=".."> starts by itself.
const data = script && script.dataset;
if (data && (data.baseUrl || data.uuid || data.lid)) start(data);
