import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { attrAllowed, elementAction, safeUrl, styleDecls } from '../../src/popup/html/policy';

test('elementAction: keep formatting, drop active and foreign content, unwrap the rest', () => {
  for (const t of ['a', 'b', 'p', 'div', 'span', 'img', 'ul', 'li', 'h1', 'table', 'td', 'br', 'strong', 'em', 'font'])
    assert.is(elementAction(t), 'keep', t);
  for (const t of [
    'script',
    'style',
    'iframe',
    'frame',
    'object',
    'embed',
    'template',
    'noscript',
    'textarea',
    'select',
    'input',
    'button',
    'option',
    'svg',
    'math',
    'title',
    'link',
    'meta',
    'base',
    'xmp',
    'plaintext',
    'video',
    'audio',
    'noembed',
    'frameset',
  ])
    assert.is(elementAction(t), 'drop', t);
  for (const t of ['form', 'label', 'section', 'article', 'marquee', 'blink', 'custom-el', 'html', 'body', 'fieldset'])
    assert.is(elementAction(t), 'unwrap', t);
});

test('safeUrl: http(s), protocol-relative and mailto only, whatever the whitespace tricks', () => {
  const cases: [string, boolean, boolean][] = [
    ['https://example.com/x', true, true],
    ['http://example.com', true, true],
    ['//cdn.example.com/i.png', true, true],
    ['HTTPS://EXAMPLE.COM', true, true],
    ['  https://example.com', true, true],
    ['mailto:a@b.co', true, false],
    ['javascript:alert(1)', false, false],
    ['JaVaScRiPt:alert(1)', false, false],
    ['java\tscript:alert(1)', false, false],
    ['java\nscript:alert(1)', false, false],
    ['\x01javascript:alert(1)', false, false],
    [' javascript:alert(1)', false, false],
    ['data:text/html,<script>alert(1)</script>', false, false],
    ['data:image/png;base64,AAAA', false, false],
    ['vbscript:msgbox(1)', false, false],
    ['tel:+15551234', false, false],
    ['sms:123', false, false],
    ['ftp://x.com', false, false],
    ['/relative', false, false],
    ['relative.html', false, false],
    ['#frag', false, false],
    ['', false, false],
    ['javascript://https://x.com', false, false],
    ['https:', true, true],
    ['blob:https://x.com/1', false, false],
  ];
  for (const [v, link, img] of cases) {
    assert.is(safeUrl(v), link, 'link ' + JSON.stringify(v));
    assert.is(safeUrl(v, false), img, 'img ' + JSON.stringify(v));
  }
});

test('attrAllowed: handlers, ids, names, classes, targets, srcset refused; URLs checked per element', () => {
  const cases: [string, string, string, boolean][] = [
    ['a', 'href', 'https://x.com', true],
    ['a', 'href', 'javascript:x', false],
    ['a', 'href', 'mailto:a@b.co', true],
    ['img', 'src', 'https://x.com/i.png', true],
    ['img', 'src', 'mailto:a@b.co', false],
    ['img', 'src', 'data:image/svg+xml,x', false],
    ['a', 'src', 'https://x.com', false],
    ['img', 'href', 'https://x.com', false],
    ['div', 'href', 'https://x.com', false],
    ['a', 'onclick', 'x()', false],
    ['img', 'onerror', 'x()', false],
    ['p', 'onmouseover', 'x', false],
    ['p', 'id', 'mc-EMAIL-0', false],
    ['p', 'name', 'EMAIL', false],
    ['p', 'class', 'x', false],
    ['a', 'target', '_top', false],
    ['img', 'srcset', 'https://x 1x', false],
    ['a', 'formaction', 'https://x', false],
    ['p', 'style', 'color:red', false],
    ['a', 'ping', 'https://x', false],
    ['blockquote', 'cite', 'javascript:x', false],
    ['a', 'xlink:href', 'javascript:x', false],
    ['p', 'title', 'hello', true],
    ['img', 'alt', 'logo', true],
    ['p', 'align', 'center', true],
    ['td', 'colspan', '2', true],
    ['img', 'width', '120', true],
    ['img', 'height', '50%', true],
    ['img', 'width', '1e9', false],
    ['img', 'width', '100px;x', false],
    ['font', 'color', '#f00', true],
    ['font', 'face', 'Arial', true],
  ];
  for (const [tag, name, value, want] of cases)
    assert.is(attrAllowed(tag, name, value), want, `${tag} ${name}=${value}`);
});

test('styleDecls: text and colour properties only, no escapes', () => {
  assert.equal(styleDecls('color: red; font-size:14px; text-align:center'), [
    ['color', 'red'],
    ['font-size', '14px'],
    ['text-align', 'center'],
  ]);
  assert.equal(styleDecls('COLOR: rgb(1, 2, 3)'), [['color', 'rgb(1, 2, 3)']]);
  assert.equal(styleDecls('background-color: rgba(0,0,0,.5)'), [['background-color', 'rgba(0,0,0,.5)']]);
  assert.equal(styleDecls('font-family: "Times New Roman", serif'), [['font-family', '"Times New Roman", serif']]);
  const refused = [
    'position: fixed',
    'position:absolute;top:0;left:0',
    'z-index: 999999',
    'display:block',
    'width: 100vw',
    'height:100vh',
    'margin-top:-500px',
    'transform: translate(0,-100px)',
    'background: url(https://evil/x.png)',
    'background-image:url(javascript:x)',
    'color: expression(alert(1))',
    'color: red !important',
    'color: \\72 ed',
    'color: var(--x)',
    'font-size: calc(100vw)',
    'color: red /* x */',
    'color: "red"',
    'behavior: url(x.htc)',
    '-moz-binding: url(x)',
    'content: "x"',
    'color:',
    ':red',
    'font-family: url(x)',
    'color: attr(title)',
    'inset: 0',
    'opacity: 0',
    'pointer-events: none',
    'cursor: url(x), auto',
  ];
  for (const css of refused) assert.equal(styleDecls(css), [], css);
  assert.equal(styleDecls('position:fixed; color: blue'), [['color', 'blue']]);
});

test.run();
