/**
 * The react layer renders on React itself (issue 34 item 2): react-dom 19's client, no alias to Preact, and React's
 * warnings fail the test that caused them (test/react/render.ts).
 */
import '../dom/dom-globals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { version } from 'react';
import { clear, RENDERER, show } from '../dom/render';
import { document } from '../dom/dom-globals';

test('the renderer is react-dom 19, not Preact', () => {
  assert.is(RENDERER, 'react');
  assert.match(version, /^19\./);
  const el = document.createElement('div') as unknown as Element;
  show(<p className="a">x</p>, el);
  const p = el.firstElementChild!;
  assert.is(p.outerHTML, '<p class="a">x</p>');
  // React marks the nodes it renders with its fiber; Preact never does.
  assert.ok(Object.keys(p).some((k) => k.startsWith('__reactFiber$')));
  clear(el);
});

test("a prop in Preact's dialect fails the test: React warns, and the warning throws", () => {
  const el = document.createElement('div') as unknown as Element;
  const dialect = { class: 'a', for: 'x' } as unknown as Record<string, string>;
  assert.throws(() => show(<span {...dialect}>x</span>, el), /React warned: .*Invalid DOM property `(class|for)`/);
});

test.run();
