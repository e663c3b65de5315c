/**
 * The owner-HTML sanitizer (src/popup/html/sanitize.ts) against an XSS corpus, mutation-XSS payloads included: after
 * sanitizing, only allow-listed elements remain, no event handler, no unsafe URL, no form control, no frame, and the
 * text of raw-text elements never becomes markup.
 */
import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sanitize } from '../../src/popup/html/sanitize';
import { CORPUS } from '../xss-corpus';

const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>');
const doc = document as unknown as Document;

const ALLOWED = new Set(
  (
    'a abbr b bdi bdo blockquote br caption center cite code col colgroup dd del dfn div dl dt em figcaption figure ' +
    'font h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strike strong sub sup table tbody ' +
    'td tfoot th thead tr tt u ul var wbr'
  ).split(' '),
);

/** Every element and attribute of a fragment, checked against the allow-list. */
const problems = (frag: DocumentFragment): string[] => {
  const out: string[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1) {
        const el = c as Element;
        if (!ALLOWED.has(el.localName)) out.push(`element ${el.localName}`);
        for (const a of Array.from(el.attributes)) {
          if (/^on/i.test(a.name)) out.push(`handler ${a.name}`);
          if (/^(id|name|class|srcdoc|action|formaction|srcset)$/.test(a.name)) out.push(`attribute ${a.name}`);
          if ((a.name === 'href' || a.name === 'src') && !/^(https?:|\/\/|mailto:)/i.test(a.value))
            out.push(`url ${a.value}`);
          if (a.name === 'style' && /url|expression|fixed|absolute/i.test(a.value)) out.push(`style ${a.value}`);
        }
        walk(el);
      } else if (c.nodeType !== 3) out.push(`node type ${c.nodeType}`);
    }
  };
  walk(frag);
  return out;
};

test('XSS corpus: only allow-listed elements and attributes survive, with safe URLs', () => {
  for (const html of CORPUS) assert.equal(problems(sanitize(html, doc)), [], html.slice(0, 120));
});

test('raw-text elements and comments never turn their content into markup', () => {
  for (const html of [
    '<xmp><b>x</b></xmp>',
    '<style>b{}</style>',
    '<script><b>x</b></script>',
    '<!-- <b>x</b> -->',
    '<title><b>x</b></title>',
  ]) {
    const div = doc.createElement('div');
    div.appendChild(sanitize(html, doc));
    assert.is(div.querySelector('b'), null, html);
  }
  // An end tag inside raw text closes nothing: the bold text after the script is still bold.
  const div = doc.createElement('div');
  div.appendChild(sanitize('<b>bold<script>"</b>"</script> still bold</b> plain', doc));
  assert.is(div.querySelector('b')!.textContent, 'bold still bold');
});

test('text stays text: markup-looking characters in text are text nodes, not elements', () => {
  const div = doc.createElement('div');
  div.appendChild(sanitize('a &lt;img src=x onerror=alert(1)&gt; b', doc));
  assert.is(div.children.length, 0);
  assert.is(div.textContent, 'a <img src=x onerror=alert(1)> b');
});

test('nesting deeper than 40 is flattened, not refused, and costs no stack', () => {
  const div = doc.createElement('div');
  div.appendChild(sanitize('<b>'.repeat(5000) + 'deep', doc));
  assert.is(div.textContent, 'deep');
  let depth = 0;
  for (let n: Element | null = div.firstElementChild; n; n = n.firstElementChild) depth++;
  assert.ok(depth <= 40, String(depth));
});

test('formatting an editor writes comes through whole', () => {
  const div = doc.createElement('div');
  div.appendChild(
    sanitize(
      '<h2>Title</h2><p>One <strong>two</strong> <a href="https://x.example/?a=1&amp;b=2">three</a></p>' +
        '<ul><li>a</li><li>b</li></ul><p>end<br>line</p>',
      doc,
    ),
  );
  assert.is(div.querySelectorAll('h2,p,strong,a,ul,li,br').length, 9);
  assert.is(div.querySelector('a')!.getAttribute('href'), 'https://x.example/?a=1&b=2');
  assert.is(div.querySelector('ul')!.textContent, 'ab');
});

test.run();
