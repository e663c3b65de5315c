/**
 * The owner-HTML sanitizer (spec 2.2 rich HTML; the security rules of the team brief). It reads the owner's HTML with
 * its own small tokenizer and builds new nodes in the target document from an allow-list (src/popup/html/policy.ts).
 * The target is anything with the few DOM methods of `Target`: the popup frame's Document, or the provider's string
 * builder (src/server/hosted/owner-html.ts), so the hosted page's owner HTML passes the same tokenizer and allow-list
 * (issue 35 item 1). The popup passes its Document as is: no wrapper, no byte added to popup.js.
 *
 * Why not DOMParser or innerHTML: both are Trusted Types sinks, so under `require-trusted-types-for 'script'` they
 * throw unless a policy launders the string (docs/decisions/owner-html-sanitizer.md: one named policy, for script URLs
 * only). And the browser's parser is where mutation XSS lives; here text only ever becomes text nodes and attributes
 * only ever go through `setAttribute` after the allow-list, nothing is parsed twice and nothing is serialised back to
 * HTML. Unlike a browser it does not repair markup (a `<p>` inside a `<p>` nests): the owner's editor writes
 * well-formed HTML, and a malformed one can only lose formatting, never gain behaviour.
 */
import { decode } from './decode';
import { attrAllowed, elementAction, styleDecls } from './policy';

/** Deeper nesting is flattened: no stack can be exhausted by a hostile payload. */
const MAX_DEPTH = 40;

/** Elements without content or end tag. */
const VOID = /^(area|base|br|col|embed|hr|img|input|keygen|link|meta|param|source|track|wbr)$/;
/** Elements whose content is raw text to a browser: skipped whole, up to their end tag. */
const RAW = /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)$/;

/** A comment, an end or start tag with its attribute text, a bogus tag (<!doctype>, <?x>), text, or a lone '<'. */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?/][^>]*>|[^<]+|</gi;
/** One attribute: name, then a double-quoted, single-quoted or bare value. */
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A node that takes children: what `Target` creates (a DOM node, or the provider's string builder's). */
export interface Parent {
  // A method, not a property: checked bivariantly, so a DOM Node's generic appendChild fits.
  appendChild(child: Parent): unknown;
}

/** A kept element: its attributes, and its style through the CSS object model (never a style attribute's text). */
export interface Elem extends Parent {
  setAttribute(name: string, value: string): void;
  hasAttribute(name: string): boolean;
  style: { setProperty(property: string, value: string): void };
}

/** What the sanitizer builds with: the methods of a DOM Document it calls. F is its fragment's type. */
export interface Target<F extends Parent> {
  createDocumentFragment(): F;
  createElement(tag: string): Elem;
  createTextNode(text: string): Parent;
}

/** An open element: its tag, and where its children go (null inside a dropped element). */
interface Open {
  tag: string;
  into: Parent | null;
}

/** Owner HTML as a fragment of safe nodes owned by `doc` (the popup frame's document, or a string builder). */
export const sanitize = <F extends Parent>(html: string, doc: Target<F>): F => {
  const frag = doc.createDocumentFragment();
  const stack: Open[] = [{ tag: '', into: frag }];
  const top = () => stack[stack.length - 1];
  TOKEN.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = TOKEN.exec(html)); ) {
    const [tok, end, name, attrs] = m;
    const into = top().into;
    if (!name) {
      // Text, or a lone '<'; comments and bogus tags are dropped.
      if (tok[0] !== '<' || tok === '<') into && into.appendChild(doc.createTextNode(decode(tok)));
      continue;
    }
    const tag = name.toLowerCase();
    if (end) {
      // An end tag closes the nearest open element of its name and everything opened inside it; a stray one is ignored.
      for (let i = stack.length - 1; i > 0; i--)
        if (stack[i].tag === tag) {
          stack.length = i;
          break;
        }
      continue;
    }
    if (RAW.test(tag)) {
      // Skip the raw text up to its end tag: markup inside a script or style is not markup.
      const close = html.toLowerCase().indexOf('</' + tag, TOKEN.lastIndex);
      const gt = close < 0 ? -1 : html.indexOf('>', close);
      TOKEN.lastIndex = gt < 0 ? html.length : gt + 1;
      continue;
    }
    const act = elementAction(tag);
    let node: Elem | null = null;
    if (into && act === 'keep' && stack.length <= MAX_DEPTH) {
      node = doc.createElement(tag);
      ATTR.lastIndex = 0;
      for (let a: RegExpExecArray | null; (a = ATTR.exec(attrs)); ) {
        const k = a[1].toLowerCase();
        const v = decode(a[2] ?? a[3] ?? a[4] ?? '');
        if (k === 'style') for (const [p, val] of styleDecls(v)) node.style.setProperty(p, val);
        else if (attrAllowed(tag, k, v) && !node.hasAttribute(k)) node.setAttribute(k, v);
      }
      // Owner links open a new tab and cannot reach back into the host page (spec: links get rel="noopener").
      if (tag === 'a') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      into.appendChild(node);
    }
    // Kept elements take their children; unwrapped ones (and those past MAX_DEPTH) pass them to their parent;
    // dropped ones swallow them.
    if (!VOID.test(tag)) stack.push({ tag, into: act === 'drop' ? null : node || into });
  }
  return frag;
};
