/**
 * One overlay at a time (issue 36 part 1; docs/decisions/display-rules.md): while the host page shows a modal of its
 * own or a consent banner, a trigger that fires waits, and the popup opens once that is gone. It never stacks over a
 * consent banner (whose buttons the popup's inert host would disable) or over another dialog. Part of embed-rules.js,
 * so a form without display rules pays nothing for it.
 */

/**
 * What counts as another overlay, when visible: an open `<dialog>`, anything marked `aria-modal="true"` (most consent
 * managers mark their dialogs so), and the containers of the common consent managers that do not (by the ids and
 * classes their own scripts give them): OneTrust's banner and preference centre, Cookiebot, Google's consent messages,
 * InMobi (Quantcast) Choice, Didomi's notice, iubenda, CookieYes, Complianz and Osano. Any other banner can say it is
 * one with `aria-modal="true"`.
 */
export const OVERLAYS = [
  'dialog[open]',
  '[aria-modal=true]',
  '#onetrust-banner-sdk',
  '#onetrust-pc-sdk',
  '#CybotCookiebotDialog',
  '.fc-consent-root',
  '.qc-cmp2-container',
  '#didomi-notice',
  '#iubenda-cs-banner',
  '.cky-consent-container',
  '.cmplz-cookiebanner',
  '.osano-cm-dialog',
].join();

/**
 * Whether another overlay shows on the host page: one of `OVERLAYS` with a box (neither it nor an ancestor
 * display:none, nor of no size, as the empty hosts some managers keep after consent are) that is not hidden.
 */
export const covered = (): boolean =>
  [...document.querySelectorAll(OVERLAYS)].some((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });

/** What may end an overlay: its element removed, or its `open`, class, style, hidden or aria-modal changed. */
const CHANGES: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['open', 'class', 'style', 'hidden', 'aria-modal'],
};

/** Events after which a banner that hid itself by a transition or an animation is hidden. */
const ENDS = ['transitionend', 'animationend'];

/**
 * Calls `f` after each change of the page that may have ended an overlay, until the returned function stops it: the
 * page's mutations (not a polling timer, which would wake a phone for nothing), and the end of a transition or an
 * animation (a banner that fades out changes no attribute at its end).
 */
export const watch = (f: () => void): (() => void) => {
  const o = new MutationObserver(f);
  o.observe(document.documentElement, CHANGES);
  for (const e of ENDS) addEventListener(e, f, true);
  return () => {
    o.disconnect();
    for (const e of ENDS) removeEventListener(e, f, true);
  };
};
