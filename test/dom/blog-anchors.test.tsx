/** Anchor focus of the blog script (spec 2.1) on server-rendered HTML in linkedom. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { initAnchors } from '../../src/blog/client/anchors';
import { load, postHtml } from './blog-env';

test('on hash change the element with that id receives focus; non-focusable targets become focusable first', () => {
  const x = load(postHtml('storm-season-notes').html);
  initAnchors(x.d, x.w);
  x.setHash('#comment-2');
  assert.is(x.focused(), x.d.getElementById('comment-2'));
  x.setHash('#comment-author');
  assert.is(x.focused(), x.d.getElementById('comment-author'));
  assert.not.ok(x.d.getElementById('comment-author')?.hasAttribute('tabindex'), 'inputs keep their tab order');
  const h = x.d.getElementById('comments-title') as HTMLElement;
  assert.not.ok(h.hasAttribute('tabindex'));
  x.setHash('#comments-title');
  assert.is(x.focused(), h);
  assert.is(h.getAttribute('tabindex'), '-1');
});

test('unknown ids and malformed hashes change nothing', () => {
  const x = load(postHtml('storm-season-notes').html);
  initAnchors(x.d, x.w);
  x.setHash('#content');
  const before = x.focused();
  for (const hash of ['#no-such-id', '#%E0%A4%A', '#']) {
    x.setHash(hash);
    assert.is(x.focused(), before, hash);
  }
});

test.run();
