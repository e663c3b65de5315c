/**
 * Owner HTML as the popup keeps it (docs/decisions/owner-html-sanitizer.md: "what is kept is exactly what the popup's
 * sanitizer keeps, and the editor shows it"): the rich-text editor reads and writes HTML only through the popup's own
 * sanitizer (src/popup/html/sanitize.ts), on load, on paste and on every change.
 */
import { safeUrl } from '../popup/html/policy';
import { sanitize } from '../popup/html/sanitize';

/** `html` through the popup's sanitizer, as HTML text again. */
export const kept = (html: string, doc: Document = document): string => {
  const box = doc.createElement('div');
  box.appendChild(sanitize(html, doc));
  return box.innerHTML;
};

/**
 * What the setting stores for the editor's HTML: '' when the editor holds no text and nothing visible (its empty
 * paragraph would be an empty paragraph in the popup), else the HTML as the sanitizer keeps it.
 */
export const stored = (html: string, doc: Document = document): string => {
  const box = doc.createElement('div');
  box.appendChild(sanitize(html, doc));
  return box.textContent!.trim() || box.querySelector('img,hr') ? box.innerHTML : '';
};

/**
 * A link address the sanitizer keeps (its own test: http(s), protocol-relative, mailto), with something after the
 * scheme and no space.
 */
export const linkAllowed = (url: string): boolean => {
  const t = url.trim();
  return safeUrl(t) && !/\s/.test(t) && !/^(https?:|mailto:)?\/*$/i.test(t);
};
