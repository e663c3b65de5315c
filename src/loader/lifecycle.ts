/**
 * One embed on a page (spec 4.1; issues 12 and 14): the campaign check, the settings call, the trigger and popup.js,
 * and an open on demand. One state per copy of embed.js; `window.__mcsf.started` keeps it to one popup per page
 * whatever the copies.
 *
 * - Nothing from the provider delays the host page's `load` event (docs/decisions/work-waits-for-intent.md): a script
 *   tag added before `load` holds it until it ends, and a provider that accepts and never answers would hold it for
 *   ever. So the calls wait for `load`; only a visitor's own open (a click) asks at once.
 * - What only some visitors need comes from embed-extras.js (src/loader/embed-extras.ts), so embed.js keeps to its
 *   budget: the campaign check, the exit, middle and bottom triggers, and the way to the display rules
 *   (embed-rules.js).
 * - The trigger only reveals (docs/decisions/work-waits-for-intent.md): once the settings say a popup will show,
 *   popup.js is fetched while the browser is idle and prepares the popup hidden (its frame, stylesheets and first
 *   render, src/popup/session.tsx), so the trigger has nothing left to fetch. Not under Save-Data or on a 2G
 *   connection: a reader who may never reach the trigger pays nothing there beyond the settings call. The spec's
 *   timings (9.1) still run from the settings.
 */
import { JS_PATH, QUERY_CID } from '../constants';
import { LOAD_POLL_MS, OPEN_ATTR } from './constants';
import { closedName, hasCookie, subscribedName } from '../browser/cookies';
import { jsonp } from '../browser/jsonp';
import { addScript } from '../browser/script';
import { shared } from '../browser/shared';
import { popupUrl, providerUrl } from '../browser/urls';
import type { LoaderExtras, LoaderParams, RawSettings } from '../types';
import { parseParams, type StartOptions } from './params';
import { parseTrigger } from './triggers';

// currentScript is only set while embed.js first runs, so it is read now, not in start().
export const script = document.currentScript as HTMLScriptElement | null;
/** The URL embed.js came from: the content host defaults to it (spec 7.2). */
const src = (script && script.src) || location.href;

/** The started form's parameters; undefined before start, while consent is awaited and after destroy. */
let P: LoaderParams | undefined;
/** The options of a start that waits for the page's consent (issue 14.3): nothing is requested until granted. */
let W: StartOptions | undefined;
/** The page granted consent (it may do so before the start). */
let granted: unknown;
/** Its settings, once the provider sent usable ones. */
let S: RawSettings | undefined;
/** A settings call is under way or done: never two for one start (issue 14.2). */
let asked: unknown;
/** Shown on the trigger or opened on demand (then the opener, or true): the trigger is spent. */
let shown: HTMLElement | boolean | undefined;
/**
 * Disarms the trigger, once armed: for destroy (embed-full.js), which must leave no timer or listener behind. A
 * trigger that fires after an open on demand finds `shown` set and does nothing, so embed.js needs no disarming.
 */
let disarm: (() => void) | undefined;

/** Runs `f` with embed-extras.js's parts, fetched beside embed.js the first time; with undefined if it failed. */
const extras = (f: (x?: LoaderExtras) => void) => {
  if (shared.lx) return f(shared.lx);
  const s = addScript(P!.cdn + JS_PATH + 'embed-extras.js');
  s.onload = s.onerror = () => f(shared.lx);
};

/**
 * Hands the popup to popup.js: to show now (`show`), or to prepare hidden (the warm-up). popup.js on the page does it
 * at once (`__mcsf.show`: it reveals what it prepared, or prepares afresh after a close; focus returns to `opener`);
 * one on its way takes the hand-off when it runs (focus returns to what has it then: the opener a visitor just
 * activated). A popup.js that failed to load (a network blip during the warm-up) gives its hand-off back, so that the
 * next open asks for it again rather than waiting for a script that will never run.
 */
const toPopup = (show: boolean, opener?: HTMLElement | true) => {
  const h = shared.handoff;
  if (shared.show) shared.show(P!, S!, show, opener);
  else if (h) h.show ||= show;
  else {
    shared.handoff = { params: P!, settings: S!, show };
    addScript(popupUrl(P!, S!.version)).onerror = () => delete shared.handoff;
  }
};

/**
 * The warm-up (docs/decisions/work-waits-for-intent.md): once the settings are in, popup.js is fetched when the browser
 * is idle and prepares the popup hidden, so that the trigger or an opener's click has nothing left to fetch. Called
 * when the trigger is certain or near, and when a pointer or focus reaches an opener. Not under Save-Data or on a 2G
 * connection: there nothing is fetched before the trigger. After a show it changes nothing: the popup is on the page or
 * on its way.
 */
const warm = () => {
  const c = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (S && !(c && (c.saveData || /2g/.test(c.effectiveType!)))) toPopup(false);
};

/**
 * Shows the popup, once the settings are in: on the trigger (`shown` true: focus goes back to what has it then), or
 * for an on-demand open (`shown` its opener).
 */
const show = () => {
  if (__FULL__ && disarm) disarm();
  return toPopup(true, shown as HTMLElement | true);
};

/**
 * Fetches the settings once per start of `p`; then arms the trigger, or shows for an open. Every callback checks that
 * `p` is still the started form: after a destroy (and a new start) what was under way does nothing
 * (docs/decisions/popup-session.md).
 */
const settings = (p: LoaderParams) => {
  if (asked || (__FULL__ && p !== P)) return;
  asked = 1;
  jsonp(providerUrl(p, 'form-settings'), (s) => {
    // Only the shape the loader needs is checked here; popup.js normalises the rest (src/popup/settings.ts).
    // A failure lets a later open ask again.
    if (__FULL__ && p !== P) return;
    if (!s || (s as RawSettings).result === 'error') return (asked = 0);
    S = s as RawSettings;
    if (shown) return show();
    // Settings with display rules (issue 36 part 1) go to embed-extras.js whatever their trigger: it fetches the rules'
    // judge, embed-rules.js, for them only, so that embed.js carries none of it.
    const t = S.showOn ? S : parseTrigger(S.popupDelay);
    const fire = () => {
      if (!shown) {
        shown = true;
        show();
      }
    };
    // A delay is certain to come: the popup is prepared now, when idle (docs/decisions/work-waits-for-intent.md). Exit,
    // middle and bottom prepare it when the reader is on the way (docs/decisions/work-waits-for-intent.md,
    // src/loader/triggers.ts `arm`): a reader who never gets near the trigger pays nothing beyond the reference's
    // loader, settings call and embed-extras.js.
    if (typeof t === 'number') {
      const timer = setTimeout(fire, t);
      if (__FULL__) disarm = () => clearTimeout(timer);
      (window.requestIdleCallback || setTimeout)(__FULL__ ? () => p === P && warm() : warm);
    } else extras((x) => x && (!__FULL__ || p === P) && (disarm = x.arm(t, fire, warm)));
  });
};

/**
 * The campaign check (spec 4.1 steps 1–2), then the settings unless a cookie says this visitor is done (step 5). Not
 * for the owner's preview (spec 6: no server calls but the settings): it would ask about, and set the closed cookie
 * in, the owner's own browser.
 */
const begin = (p: LoaderParams): void => {
  if (__FULL__ && p !== P) return;
  // Only once the host page has loaded (docs/decisions/work-waits-for-intent.md), and in a task of our own: the page is
  // polled, not listened to. A load listener, however small, runs inside the host's load task, which also holds its
  // deferred scripts and the end of its parsing when the page's resources come from the cache: the blog's was 36-58 ms
  // at 4x CPU in the bench's traces, a long task holding embed work for the listener's 2-3 ms
  // (docs/decisions/no-long-tasks.md). A poll is a timer task of well under 1 ms; a destroyed start stops polling at
  // its next one.
  if (document.readyState !== 'complete') {
    setTimeout(begin, LOAD_POLL_MS, p);
    return;
  }
  // Checked before the settings call, not after: a visitor who closed or subscribed costs the provider nothing. The
  // call goes out in a task of its own (docs/decisions/no-long-tasks.md): reading document.cookie waits on the browser,
  // and starting a request is work of its own; together they made one task of 30-40 ms at 4x CPU in the bench's traces.
  const load = () =>
    (p.ignoreCookie || p.isPreview || !(hasCookie(closedName(p)) || hasCookie(subscribedName(p)))) &&
    setTimeout(() => settings(p));
  // Both campaign ids are read by embed-extras.js; a page without mc_cid needs none of it.
  if (!p.isPreview && location.search.includes(QUERY_CID + '=') && !hasCookie(closedName(p)))
    extras((x) => (x ? x.checkCampaign(p, load) : load()));
  else load();
};

/**
 * Opens the popup now, whatever its trigger and cookies, fetching the settings if need be (issue 14.1). Sets no
 * cookie: only closing and subscribing do. Returns false when there is nothing to open (no start yet).
 */
export const open = (opener?: HTMLElement): boolean => {
  if (!P) return false;
  shown = opener || true;
  if (S) show();
  else settings(P);
  return true;
};

/**
 * An opener (issue 14.1): a real button or link the owner marked. A click opens (a link's own page is the fallback); a
 * pointer over it or focus on it warms (docs/decisions/work-waits-for-intent.md, as lite-youtube-embed warms its player
 * on pointerover), so the click finds the popup prepared. Only until the popup first shows: closing it gives focus back
 * to its opener, which is no reader's intent, and popup.js is on the page by then. Settings a cookie kept from being
 * asked for are asked for by the click, as before.
 */
const onOpener = (e: Event) => {
  const t = e.target as Element;
  // Not t.closest?.(): esbuild lowers optional calls for Chrome before 91 (a V8 bug), which costs more.
  const el = t.closest && t.closest<HTMLElement>(`[${OPEN_ATTR}]`);
  if (el) e.type === 'click' ? open(el) && e.preventDefault() : shown || warm();
};
/** What an opener listens to. */
const OPENER_EVENTS = ['click', 'pointerover', 'focusin'];

/**
 * Starts the popup once per page, whatever the number of loaders or calls (spec 4.1 step 4).
 * @throws Error "Missing base url, uuid and/or lid parameter(s)." (spec 8)
 */
export const start = (o: StartOptions): void => {
  const p = parseParams(o || {}, src);
  const g = shared;
  if (g.started) return;
  // Read here only: nothing after the start needs it. The parameters were checked first, so a broken snippet
  // reports its error at once, consent or not.
  if (__FULL__ && o.consent === 'wait' && !granted) return void (W = o);
  g.started = P = p;
  for (const type of OPENER_EVENTS) addEventListener(type, onOpener);
  begin(p);
};

/**
 * The page's consent (issue 14.3): a start with `consent: 'wait'` begins now; one made later begins at once. Until
 * then the embed requests nothing and writes no cookie, and an opener does nothing (a link follows its own page).
 */
export const grantConsent = (): void => {
  granted = 1;
  if (W) start(W);
};

/**
 * Removes everything this embed added (docs/decisions/popup-session.md): the popup (frames, listeners, timers, the
 * inert host), the trigger, the opener listener, and the started state, so that a new start works. What is under way
 * ends in nothing. popup.js, embed-extras.js and the Trusted Types policy stay on `window.__mcsf`: code, not state, and
 * a policy name can be created only once under a strict CSP.
 */
export const destroy = (): void => {
  if (disarm) disarm();
  if (shared.popup) shared.popup.destroy();
  for (const type of OPENER_EVENTS) removeEventListener(type, onOpener);
  P = W = S = asked = shown = disarm = shared.started = shared.handoff = undefined;
};
