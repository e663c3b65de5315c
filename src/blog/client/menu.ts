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

  const list = nav.querySelector('ul');
  if (toggle) toggle.hidden = !list;
  if (toggle && list) {
    const set = (open: boolean) => {
      nav.classList.toggle('toggled', open);
      toggle.setAttribute('aria-expanded', '' + open);
    };
    toggle.addEventListener('click', () => set(!nav.classList.contains('toggled')));
    // Escape closes an open menu and returns focus to its toggle (focus in and back).
    nav.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && nav.classList.contains('toggled')) {
        // Used: a popup over the page (or any other listener) leaves this Escape alone.
        e.preventDefault();
        set(false);
        toggle.focus();
      }
    });
  }

  // Focus and blur mark every menu item around the link (spec 2.1), which opens submenus for keyboard users. An
  // item that holds the element receiving focus stays marked: unmarking it would hide the submenu being tabbed into.
  const mark = (on: boolean) => (e: Event) => {
    const to = (e as FocusEvent).relatedTarget as Node | null;
    for (let el = e.target as Element | null; el && el !== nav; el = el.parentElement)
      if (el.tagName === 'LI') el.classList.toggle('focus', on || (!!to && el.contains(to)));
  };
  nav.addEventListener('focusin', mark(true));
  nav.addEventListener('focusout', mark(false));

  // Long title (spec 2.1, 9.5): the stylesheet lays it out (blog.css); this marks it. Beside the spec's rule, the
  // title reaching the toggles' row counts: wrapped under the title, the row starts left of the title's end.
  const title = header.querySelector<HTMLElement>('.site-title span');
  const row = header.querySelector<HTMLElement>('.toggles');
  const check = () => {
    if (!title || !row) return;
    const t = title.getBoundingClientRect();
    const widths = [...row.children].map((b) => (b as HTMLElement).offsetWidth);
    header.classList.toggle(
      'long-title',
      isLongTitle(t.width, widths, w.innerWidth, t.right, row.getBoundingClientRect().left),
    );
  };
  check();
  let frame = 0;
  w.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(check);
  });
  const fonts = d.fonts;
  if (fonts) {
    fonts.ready.then(check);
    fonts.addEventListener('loadingdone', check);
  }

  // Double-tap-to-go (spec 2.1, 9.5): on touch, above 800 px, the first tap on a submenu item or a thumbnail only
  // opens it; a second tap on the same item follows the link. Any other tap starts over.
  let touch = false;
  let current: Element | null = null;
  d.addEventListener('pointerdown', (e) => (touch = e.pointerType === 'touch'), true);
  d.addEventListener(
    'click',
    (e) => {
      const link = (e.target as Element).closest?.('.menu-item-has-children>a,.post-thumbnail>a');
      const item = link?.parentElement;
      // The item this tap opens: none when double-tap does not apply (then whatever was open is closed). A second
      // tap on the open item changes nothing here, so its link is followed.
      const next = item && doubleTapApplies(touch, w.innerWidth) ? item : null;
      if (next !== current) {
        current?.classList.remove('focus');
        if (next) {
          e.preventDefault();
          next.classList.add('focus');
        }
        current = next;
      }
    },
    true,
  );
};
