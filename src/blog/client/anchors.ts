/**
 * Anchor focus (spec 2.1): on a hash change, the element whose id matches receives keyboard focus, so keyboard and
 * screen-reader users continue from where the page scrolled (skip links, #comments, #comment-N).
 */
export const initAnchors = (d: Document, w: Window): void => {
  w.addEventListener('hashchange', () => {
    let el: HTMLElement | null = null;
    try {
      // An empty hash ('#') names nothing.
      el = d.getElementById(decodeURIComponent(w.location.hash.slice(1)) || '-');
    } catch {
      return;
    }
    if (!el) return;
    if (!/^(A|BUTTON|INPUT|SELECT|TEXTAREA|IFRAME)$/.test(el.tagName) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
    el.focus();
  });
};
