/**
 * The owner-HTML sanitizer (spec 2.2 rich HTML; the security rules of the team brief). It parses the owner's HTML
 * once in an inert document (DOMParser: no scripts run, nothing loads) and builds new nodes in the target document
 * from an allow-list (src/popup/html/policy.ts). It never serialises back to HTML, so markup that would change
 * meaning when parsed a second time (mutation XSS) has no second parse to exploit.
 */
import { attrAllowed, elementAction, styleDecls } from './policy';

const XHTML = 'http://www.w3.org/1999/xhtml';
/** Deeper nesting is cut: no stack can be exhausted by a hostile payload. */
const MAX_DEPTH = 40;

const copy = (from: Node, to: Node, doc: Document, depth: number): void => {
  for (let n = from.firstChild; n; n = n.nextSibling) {
    if (n.nodeType == 3) to.appendChild(doc.createTextNode(n.nodeValue || ''));
    if (n.nodeType != 1 || depth > MAX_DEPTH) continue;
    const el = n as Element;
    const tag = el.localName;
    const act = el.namespaceURI == XHTML ? elementAction(tag) : 'drop';
    if (act == 'drop') continue;
    if (act == 'unwrap') {
      copy(el, to, doc, depth + 1);
      continue;
    }
    const out = doc.createElement(tag);
    for (const a of Array.from(el.attributes)) {
      if (a.name == 'style') for (const [k, v] of styleDecls(a.value)) out.style.setProperty(k, v);
      else if (attrAllowed(tag, a.name, a.value)) out.setAttribute(a.name, a.value);
    }
    // Owner links open a new tab and cannot reach back into the host page (spec: links get rel="noopener").
    if (tag == 'a') {
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
    copy(el, out, doc, depth + 1);
    to.appendChild(out);
  }
};

/** Owner HTML as a fragment of safe nodes owned by `doc` (the popup frame's document). */
export const sanitize = (html: string, doc: Document): DocumentFragment => {
  const frag = doc.createDocumentFragment();
  // A whole document around the fragment: every parser (browsers, linkedom in tests) then puts it in the body.
  if (html) copy(new DOMParser().parseFromString(`<!doctype html><html><head></head><body>${html}`, 'text/html').body, frag, doc, 0);
  return frag;
};
