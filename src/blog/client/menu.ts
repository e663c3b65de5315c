import { doubleTapApplies, isLongTitle } from '../layout';

/**
 * Main navigation (spec 2.1, 4.8): the menu toggle (hidden when there is no menu list), focus marking of parent
 * items, the long-title header layout, and double-tap-to-go for submenu items and post thumbnails on touch.
 */
export const initMenu = (d: Document, w: Window): void => {
  const header = d.querySelector<HTMLElement>('.site-header');
  const nav = d.getElementById('site-navigation');
  const toggle = d.querySelector<HTMLElement>('.menu-toggle');
  if (!header || !nav) return;

  if (toggle && nav.querySelector('ul')) {
    const set = (open: boolean) => {
      nav.classList.toggle('toggled', open);
      toggle.setAttribute('aria-expanded', '' + open);
    };
    toggle.hidden = false;
    toggle.addEventListener('click', () => set(!nav.classList.contains('toggled')));
    // Escape closes an open menu and returns focus to its toggle (focus in and back).
    nav.addEventListener('keydown', (e) => {
      if (e.key == 'Escape' && nav.classList.contains('toggled')) {
        set(false);
        toggle.focus();
      }
    });
  }

  // Focus and blur mark every menu item around the link (spec 2.1), which opens submenus for keyboard users. An
  // item that holds the element receiving focus stays marked: unmarking it would hide the submenu being tabbed into.
  const mark = (on: boolean) => (e: Event) => {
    const to = (e as FocusEvent).relatedTarget as Node | null;
    for (let el = e.target as Element | null; el && el != nav; el = el.parentElement)
      if (el.tagName == 'LI') el.classList.toggle('focus', on || (!!to && el.contains(to)));
  };
  nav.addEventListener('focusin', mark(true));
  nav.addEventListener('focusout', mark(false));

  // Long title (spec 2.1, 9.5): measured without the class, so the title's own one-line width counts.
  const title = header.querySelector<HTMLElement>('.site-title span');
  const toggles = header.querySelectorAll<HTMLElement>('.toggles button');
  const check = () => {
    if (!title) return;
    header.classList.remove('long-title');
    header.classList.toggle(
      'long-title',
      isLongTitle(
        title.offsetWidth,
        [...toggles].map((t) => t.offsetWidth),
        w.innerWidth,
      ),
    );
  };
  check();
  let frame = 0;
  w.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(check);
  });
  d.fonts?.ready.then(check);
  d.fonts?.addEventListener('loadingdone', check);

  // Double-tap-to-go (spec 2.1, 9.5): on touch, above 800 px, the first tap on a submenu item or a thumbnail only
  // opens it; a second tap on the same item follows the link. Any other tap starts over.
  let touch = false;
  let current: Element | null = null;
  d.addEventListener('pointerdown', (e) => (touch = e.pointerType == 'touch'), true);
  d.addEventListener(
    'click',
    (e) => {
      const link = (e.target as Element).closest?.('.menu-item-has-children>a,.post-thumbnail>a');
      const item = link && link.parentElement;
      if (!item || !doubleTapApplies(touch, w.innerWidth)) {
        current?.classList.remove('focus');
        current = null;
        return;
      }
      if (item != current) {
        e.preventDefault();
        current?.classList.remove('focus');
        item.classList.add('focus');
        current = item;
      }
    },
    true,
  );
};
