/**
 * One sanitizer, two outputs (issue 35 item 1): the popup's DOM nodes (src/popup/html/sanitize.ts into a Document) and
 * the hosted page's HTML string (src/server/hosted/owner-html.ts, style declarations as rules of the page's sheet).
 * On both XSS corpora and on an editor's formatting, the string read back by an HTML parser is the DOM output: the same
 * elements, attributes, text, and style declarations (here through the sheet's class instead of a style attribute).
 */
import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sanitize } from '../../src/popup/html/sanitize';
import { ownerHtml, Sheet } from '../../src/server/hosted/owner-html';
import { CORPUS, PAYLOADS } from '../xss-corpus';

const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>');
const doc = document as unknown as Document;

/** A value with a string left open closed at its end, as a browser's CSS object model reads it (linkedom keeps it). */
const closed = (v: string): string => {
  let open = '';
  for (const ch of v) if (ch === '"' || ch === "'") open = open === ch ? '' : open || ch;
  return v + open;
};

/** Declarations as `prop:value` strings, whitespace folded, in order. */
const decls = (css: string): string[] =>
  css
    .split(';')
    .map((d) =>
      d
        .replace(/!important\s*$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .map((d) => {
      const i = d.indexOf(':');
      return `${d.slice(0, i).trim()}:${closed(d.slice(i + 1).trim())}`;
    });

/** The sheet's rules by class. */
const rules = (css: string): Map<string, string[]> =>
  new Map([...css.matchAll(/^\.([\w-]+)\{(.*)\}$/gm)].map((m) => [m[1], decls(m[2])]));

/**
 * A tree as text, one node a line: elements with their attributes sorted and their declarations (from a style
 * attribute, or from the sheet's rule of their class), text as JSON.
 */
const shape = (n: Node, sheet: Map<string, string[]>, depth = 0, out: string[] = []): string[] => {
  for (let c = n.firstChild; c; c = c.nextSibling) {
    const pad = ' '.repeat(depth);
    if (c.nodeType === 3) out.push(pad + JSON.stringify(c.textContent));
    else if (c.nodeType === 1) {
      const el = c as Element;
      const attrs = Array.from(el.attributes)
        .filter((a) => a.name !== 'style' && a.name !== 'class')
        .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
        .sort();
      const style = el.getAttribute('style');
      const cls = el.getAttribute('class');
      const d = style ? decls(style) : cls ? sheet.get(cls) || [`unknown class ${cls}`] : [];
      out.push(`${pad}<${el.localName} ${attrs.join(' ')}> ${d.join('; ')}`);
      shape(el, sheet, depth + 1, out);
    } else out.push(`${pad}node type ${c.nodeType}`);
  }
  return out;
};

/** Adjacent text nodes as one (the DOM output keeps them apart; a parser reads one). */
const merged = (lines: string[]): string[] =>
  lines.reduce<string[]>((acc, l) => {
    const text = /^( *)("[\s\S]*)$/;
    const a = text.exec(acc[acc.length - 1] ?? '');
    const b = text.exec(l);
    if (a && b && a[1] === b[1]) acc[acc.length - 1] = a[1] + JSON.stringify(JSON.parse(a[2]) + JSON.parse(b[2]));
    else acc.push(l);
    return acc;
  }, []);

const viaDom = (html: string): string[] => {
  const div = doc.createElement('div');
  div.appendChild(sanitize(html, doc));
  return merged(shape(div, new Map()));
};

const viaString = (html: string): { lines: string[]; text: string } => {
  const sheet = new Sheet();
  const text = ownerHtml(html, sheet);
  const div = doc.createElement('div');
  div.innerHTML = text;
  return { lines: merged(shape(div, rules(sheet.css()))), text };
};

const EDITOR = [
  '<h2>Title</h2><p>One <strong>two</strong> <a href="https://x.example/?a=1&amp;b=2">three</a></p>',
  '<p style="color: #c00; font-weight: bold">red <span style="font-family: \'Comic Sans MS\', cursive">fun</span></p>',
  '<p style="color:red;color:blue;text-align:center">last colour wins, first place kept</p>',
  '<p style="font-family: &quot;Open">an open quote</p><p style="color:green">the next rule stands</p>',
  '<ul><li>a &amp; b</li><li>&lt;c&gt; &quot;d&quot; &#39;e&#39;</li></ul><p>end<br>line<wbr>break</p><hr>',
  '<table><tbody><tr><td colspan="2" align="right">cell</td></tr></tbody></table>',
  '<img src="https://img.example/a.png" alt="A &quot;quoted&quot; <alt>" width="20" height="10">',
];

test('the string output read back is the DOM output, on every corpus entry and editor formatting', () => {
  for (const html of [...CORPUS, ...PAYLOADS, ...EDITOR]) {
    const { lines, text } = viaString(html);
    assert.equal(lines, viaDom(html), `${html.slice(0, 120)}\n→ ${text.slice(0, 200)}`);
  }
});

test('the sheet: one class per distinct set of declarations, rules that cannot run into the next one', () => {
  const sheet = new Sheet();
  const html = ownerHtml(
    '<p style="color:red">a</p><b style="color:red">b</b><i style="font-family:\'x">c</i><u style="color:blue">d</u>',
    sheet,
  );
  assert.is(html, '<p class="mc-o1">a</p><b class="mc-o1">b</b><i class="mc-o2">c</i><u class="mc-o3">d</u>');
  assert.is(
    sheet.css(),
    ".mc-o1{color:red!important}\n.mc-o2{font-family:'x'!important}\n.mc-o3{color:blue!important}",
  );
});

test('text and attribute values are escaped: nothing typed becomes markup', () => {
  const sheet = new Sheet();
  assert.is(
    ownerHtml('a &lt;img src=x onerror=alert(1)&gt; <a title="&quot;><script>" href="https://x.example/">b</a>', sheet),
    'a &lt;img src=x onerror=alert(1)&gt; ' +
      '<a title="&quot;&gt;&lt;script&gt;" href="https://x.example/" target="_blank" rel="noopener noreferrer">b</a>',
  );
  assert.is(sheet.css(), '');
});

test.run();
