/**
 * Says a non-modal popup's name once it shows (issue 35 item 4, WCAG 4.1.3): a slide-in, a fixed bar or the mobile
 * banner takes no focus from the reader's place, so without this a screen reader never learns it appeared. The live
 * region (Modal.tsx and Banner.tsx `.mc-announce`, role status: polite) is in the frame from its first render, empty;
 * its text is set a moment after the frame shows, as screen readers announce a change to a region they already
 * follow, not one that comes with its text or while its frame is hidden.
 */

/** How long after the frame shows its name is said. */
export const ANNOUNCE_MS = 150;

/** Puts the dialog's name (its heading, else its label) in the frame's live region. */
export const announce = (doc: Document, dialog: HTMLElement): void => {
  const region = doc.querySelector('.mc-announce');
  const id = dialog.getAttribute('aria-labelledby');
  const heading = id && doc.getElementById(id);
  if (region) region.textContent = (heading ? heading.textContent : dialog.getAttribute('aria-label')) || '';
};
