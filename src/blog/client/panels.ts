import { BLOG_PANEL_MS } from '../constants';

/**
 * The comments and widgets panels (spec 2.1, 4.8). State changes at once; the animating class only decorates the
 * slide and is removed by a timer, never by a transitionend that may not come (reduced motion, hidden tab).
 * A closed panel is inert: nothing in it can be tabbed to or read out.
 */

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([type=hidden]):not([tabindex="-1"]),select,textarea,[tabindex="0"]';

/** A panel and its toggle. */
interface Panel {
  open: boolean;
  set(open: boolean, focus?: boolean): void;
}

/** `labels`: the toggle's text when closed and when open, if it changes. */
const panel = (
  el: HTMLElement,
  btn: HTMLElement,
  anim: Element,
  animClass: string,
  open: boolean,
  labels?: string[],
): Panel => {
  let timer = 0;
  const state = (on: boolean) => {
    p.open = on;
    el.classList.toggle('open', on);
    el.toggleAttribute('inert', !on);
    btn.setAttribute('aria-expanded', '' + on);
    if (labels) btn.textContent = labels[+on];
  };
  const p: Panel = {
    open,
    set(on, focus) {
      state(on);
      anim.classList.add(animClass);
      clearTimeout(timer);
      timer = setTimeout(() => anim.classList.remove(animClass), BLOG_PANEL_MS) as unknown as number;
      if (on && focus) el.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    },
  };
  state(open);
  btn.hidden = false;
  return p;
};

/** True for a hash that shows the comments (spec 2.1). */
const commentHash = (hash: string) => /comment|respond/.test(hash);

/** Wires the comments panel of a post page. */
export const initComments = (d: Document, w: Window): void => {
  const area = d.getElementById('comments');
  const btn = d.querySelector<HTMLElement>('.comments-toggle');
  if (!area || !btn) return;
  // A form sent back with errors keeps its panel open, or the messages would be hidden.
  const p = panel(area, btn, area, 'animating', commentHash(w.location.hash) || !!area.querySelector('[role=alert]'), [
    'Show comments',
    'Hide comments',
  ]);
  if (p.open) d.getElementById(w.location.hash.slice(1))?.scrollIntoView();
  btn.addEventListener('click', () => p.set(!p.open, true));
  // The toggle's text is a link to #comments: open first, then the browser sets the hash and scrolls (spec 2.1).
  d.querySelector('.comments-link')?.addEventListener('click', () => p.open || p.set(true));
  w.addEventListener('hashchange', () => p.open || !commentHash(w.location.hash) || p.set(true));
};

/** Wires the widgets panel: slide down from the top, Escape closes, closing scrolls to the top (spec 2.1, 9.5). */
export const initWidgets = (d: Document, w: Window): void => {
  const el = d.getElementById('secondary');
  const btn = d.querySelector<HTMLElement>('.widgets-toggle');
  if (!el || !btn) return;
  const p = panel(el, btn, d.body, 'widgets-animating', false);
  const close = () => {
    p.set(false);
    w.scrollTo(0, 0);
  };
  btn.addEventListener('click', () => (p.open ? close() : p.set(true, true)));
  d.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && p.open) {
      const inside = el.contains(d.activeElement);
      // Used: a popup over the page (or any other listener) leaves this Escape alone.
      e.preventDefault();
      close();
      if (inside) btn.focus();
    }
  });
};
