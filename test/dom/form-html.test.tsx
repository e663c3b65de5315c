import { document, container } from './form-env';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { show } from './render';
import { sanitize } from '../../src/popup/html/sanitize';
import { Html } from '../../src/popup/html/Html';

/** Markup with each element's attributes sorted by name (linkedom keeps them in reverse order of setting). */
const norm = (n: Node): string =>
  Array.from(n.childNodes)
    .map((c) => {
      if (c.nodeType !== 1)
        return c.nodeType === 3
          ? (c.textContent || '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
          : '';
      const el = c as Element;
      const a = Array.from(el.attributes)
        .sort((x, y) => x.name.localeCompare(y.name))
        .map((x) => ` ${x.name}="${x.value.replace(/&/g, '&amp;')}"`)
        .join('');
      return /^(br|img|hr|wbr)$/.test(el.localName)
        ? `<${el.localName}${a}>`
        : `<${el.localName}${a}>${norm(el)}</${el.localName}>`;
    })
    .join('');

const clean = (html: string): string => {
  const d = document.createElement('div');
  d.appendChild(sanitize(html, document as unknown as Document));
  return norm(d as unknown as Node);
};

test('sanitize: formatting kept, links get target and rel', () => {
  assert.is(clean('<p>Hi <b>there</b> <em>you</em><br></p>'), '<p>Hi <b>there</b> <em>you</em><br></p>');
  assert.is(
    clean('<a href="https://x.com/a?b=1&amp;c=2" title="t">x</a>'),
    '<a href="https://x.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank" title="t">x</a>',
  );
  assert.is(
    clean('<a href="mailto:a@b.co">m</a>'),
    '<a href="mailto:a@b.co" rel="noopener noreferrer" target="_blank">m</a>',
  );
  assert.is(
    clean('<img src="https://x.com/i.png" alt="logo" width="10">'),
    '<img alt="logo" src="https://x.com/i.png" width="10">',
  );
  assert.is(clean('plain &lt;text&gt;'), 'plain &lt;text&gt;');
  assert.is(clean(''), '');
});

test('sanitize: scripts, handlers, bad URLs, controls and frames removed', () => {
  const cases: [string, string][] = [
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<img src="https://x/i.png" onerror="alert(1)">', '<img src="https://x/i.png">'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<p onclick="x()" id="mc-EMAIL-0" class="c" name="EMAIL">p</p>', '<p>p</p>'],
    ['<iframe src="https://evil"></iframe>f', 'f'],
    ['<form action="https://evil"><input name="EMAIL"><button>go</button>text</form>', 'text'],
    ['<select><option>a</option></select><textarea>t</textarea>', ''],
    ['<svg onload=alert(1)><circle/></svg>s', 's'],
    ['<math><mi>x</mi></math>m', 'm'],
    ['<style>*{display:none}</style>st', 'st'],
    ['<object data="x"></object><embed src="x">o', 'o'],
    ['<section><label>in</label></section>', 'in'],
    ['<!-- c --><p>c</p>', '<p>c</p>'],
    ['<base href="https://evil/"><meta http-equiv="refresh" content="0;url=https://evil">b', 'b'],
  ];
  for (const [html, want] of cases) assert.is(clean(html), want, html);
});

test('sanitize: style through the CSS object model, escaping styles dropped', () => {
  const out = clean('<p style="color: red; position: fixed; background: url(https://evil/x)">s</p>');
  assert.ok(/color:\s*red/.test(out), out);
  assert.not.ok(/position|url/.test(out), out);
});

test('sanitize: nodes belong to the target document', () => {
  const frag = sanitize('<b>x</b>', document as unknown as Document);
  assert.is(frag.firstChild!.ownerDocument, document as unknown as Document);
});

test('Html: renders sanitized nodes and replaces them on change', () => {
  const root = container();
  show(<Html html={'<b>one</b><script>x</script>'} className="d" />, root);
  assert.is(root.innerHTML, '<div class="d"><b>one</b></div>');
  show(<Html html={'<i>two</i>'} className="d" />, root);
  assert.is(root.innerHTML, '<div class="d"><i>two</i></div>');
  show(<Html html={'<i>s</i>'} tag="span" />, root);
  assert.is(root.innerHTML, '<span><i>s</i></span>');
});

test.run();
