/**
 * The host page behind a modal dialog (issue 3, spec 4.3): it neither scrolls nor takes focus or clicks while the
 * dialog shows, and both come back as they were when it goes.
 */

/**
 * Makes every child of the host page's body inert except `keep` (the popup's frames), and returns the undo.
 * Elements that were inert already stay so. Scripts are made inert too: it changes nothing for them.
 */
export const inertHost = (doc: Document, keep: Element[]): (() => void) => {
  const changed = Array.from(doc.body.children).filter((el) => !keep.includes(el) && !el.hasAttribute('inert'));
  for (const el of changed) el.setAttribute('inert', '');
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
};

/**
 * Holds the host page behind a modal dialog: unscrollable (the root's overflow, spec 4.3 restores it) and inert but
 * for `keep`, the dialog's frame. Returns the undo, which puts the root's overflow back as it was, priority included.
 */
export const holdHost = (doc: Document, keep: Element): (() => void) => {
  const html = doc.documentElement.style;
  const overflow = html.getPropertyValue('overflow');
  const priority = html.getPropertyPriority('overflow');
  html.setProperty('overflow', 'hidden');
  const inert = inertHost(doc, [keep]);
  return () => {
    inert();
    html.setProperty('overflow', overflow, priority);
  };
};
