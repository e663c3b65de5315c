/**
 * Keyboard focus around the modal (issue 3, accessibility): what can be tabbed to, and the Tab trap.
 */

const TABBABLE = 'a[href],button,input,select,textarea,[tabindex]';

/** The elements of `root` that Tab reaches, in order: enabled, rendered, not taken out of the tab order. */
export const tabbables = (root: Element): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    // Hidden inputs and anything not rendered have no client rects.
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );

/** Keeps Tab and Shift+Tab inside `root`: from the last control to the first and back (a modal dialog's trap). */
export const trapTab = (e: KeyboardEvent, root: Element): void => {
  if (e.key !== 'Tab') return;
  const all = tabbables(root);
  const active = root.ownerDocument.activeElement;
  if (!all.length) {
    e.preventDefault();
    return;
  }
  const first = all[0];
  const last = all[all.length - 1];
  const target = e.shiftKey
    ? active === first || !root.contains(active) || active === root
      ? last
      : null
    : active === last
      ? first
      : null;
  if (target) {
    e.preventDefault();
    target.focus();
  }
};
