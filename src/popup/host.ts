/**
 * The host page behind a modal dialog (issue 3, spec 4.3): it neither scrolls nor takes focus or clicks while the
 * dialog shows, and both come back as they were when it goes.
 */

/**
 * Holds the host page behind a modal dialog: unscrollable (the root's overflow) and every child of its body inert but
 * `keep`, the dialog's frame. Returns the undo, which puts the root's overflow back as it was, priority included, and
 * leaves inert what was inert before. Scripts are made inert too: it changes nothing for them.
 */
export const holdHost = (doc: Document, keep: Element): (() => void) => {
  const html = doc.documentElement.style;
  const overflow = html.getPropertyValue('overflow');
  const priority = html.getPropertyPriority('overflow');
  const changed = Array.from(doc.body.children).filter((el) => el !== keep && !el.hasAttribute('inert'));
  html.setProperty('overflow', 'hidden');
  for (const el of changed) el.setAttribute('inert', '');
  return () => {
    for (const el of changed) el.removeAttribute('inert');
    html.setProperty('overflow', overflow, priority);
  };
};
