/**
 * Owner HTML on the hosted page (issue 35 item 1): sanitized by the popup's own tokenizer and allow-list
 * (src/popup/html/sanitize.ts), which builds here into a small tree of its own instead of DOM nodes, then written out
 * as an HTML string. Text is escaped and only allow-listed elements and attributes exist in the tree, so the string
 * holds nothing the popup's DOM would not.
 *
 * The allow-list keeps some style declarations, which the popup sets through the CSS object model. A page under a CSP
 * without 'unsafe-inline' styles cannot carry style attributes, so each element with declarations gets a class here
 * and its declarations become a rule of the page's nonce'd style element (`Sheet`), marked !important so that they
 * win over the page's own rules as an inline style would.
 */
import { type Elem, type Parent, sanitize, type Target } from '../../popup/html/sanitize';
import { esc } from '../pages/html';

/** Elements without content or end tag among those the allow-list keeps (src/popup/html/policy.ts). */
const VOID = new Set(['br', 'col', 'hr', 'img', 'wbr']);

/** A node of the tree the sanitizer builds here. */
type TreeNode = TextNode | ElementNode | FragmentNode;

class FragmentNode implements Parent {
  readonly kids: TreeNode[] = [];
  appendChild(child: Parent): void {
    this.kids.push(child as TreeNode);
  }
}

class TextNode implements Parent {
  constructor(readonly text: string) {}
  appendChild(): never {
    throw Error('a text node takes no children');
  }
}

class ElementNode extends FragmentNode implements Elem {
  readonly attrs = new Map<string, string>();
  /** The declarations in the order set; a property set again keeps its place and takes the new value (CSSOM). */
  readonly decls = new Map<string, string>();
  readonly style = { setProperty: (p: string, v: string) => void this.decls.set(p, v) };
  constructor(readonly tag: string) {
    super();
  }
  setAttribute(name: string, value: string): void {
    this.attrs.set(name, value);
  }
  hasAttribute(name: string): boolean {
    return this.attrs.has(name);
  }
}

const target: Target<FragmentNode> = {
  createDocumentFragment: () => new FragmentNode(),
  createElement: (tag) => new ElementNode(tag),
  createTextNode: (text) => new TextNode(text),
};

/** The owner's style declarations of one page, as rules of its style element, one class per distinct set. */
export class Sheet {
  private readonly classes = new Map<string, string>();

  /** The class of a set of declarations, made on first use. */
  classOf(decls: Map<string, string>): string {
    const body = [...decls].map(([p, v]) => `${p}:${closeQuotes(v)}!important`).join(';');
    let c = this.classes.get(body);
    if (!c) this.classes.set(body, (c = `mc-o${this.classes.size + 1}`));
    return c;
  }

  /** The rules, one a line: what the page's style element adds after its own. */
  css(): string {
    return [...this.classes].map(([body, c]) => `.${c}{${body}}`).join('\n');
  }
}

/**
 * A value as a style sheet may hold it. The allow-list (policy.ts styleDecls) lets quotes into font-family only, and
 * nothing else that could end a rule ({, }, ;, <, \ are refused); a string left open there would run on over the next
 * rules. The CSS object model reads a string open at the end of a value as closed there: so does this. Line breaks are
 * spaces, as in the object model's reading of a value between tokens.
 */
const closeQuotes = (v: string): string => {
  let open = '';
  for (const ch of v) if (ch === '"' || ch === "'") open = open === ch ? '' : open || ch;
  return v.replace(/\s+/g, ' ') + open;
};

const write = (n: TreeNode, sheet: Sheet): string => {
  if (n instanceof TextNode) return esc(n.text);
  const inner = n.kids.map((k) => write(k, sheet)).join('');
  if (!(n instanceof ElementNode)) return inner;
  let attrs = '';
  for (const [k, v] of n.attrs) attrs += ` ${k}="${esc(v)}"`;
  if (n.decls.size) attrs += ` class="${sheet.classOf(n.decls)}"`;
  return VOID.has(n.tag) ? `<${n.tag}${attrs}>` : `<${n.tag}${attrs}>${inner}</${n.tag}>`;
};

/** Owner HTML as sanitized HTML text; its style declarations go to `sheet`. */
export const ownerHtml = (html: string, sheet: Sheet): string => write(sanitize(html, target), sheet);
