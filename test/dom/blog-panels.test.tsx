/** The comments and widgets panels of the blog script (spec 2.1, 4.8) on server-rendered HTML in linkedom. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLOG_PANEL_MS } from '../../src/blog/constants';
import { initComments, initWidgets } from '../../src/blog/client/panels';
import { homeHtml, load, postHtml, wait } from './blog-env';

const post = (url = 'http://blog.test/posts/storm-season-notes') => {
  const x = load(postHtml('storm-season-notes').html, { url });
  initComments(x.d, x.w);
  return {
    ...x,
    area: x.d.getElementById('comments') as HTMLElement,
    btn: x.d.querySelector('.comments-toggle') as HTMLElement,
  };
};

test('comments: closed and inert on load, toggle shown; opening moves focus to the first focusable element', () => {
  const x = post();
  assert.not.ok(x.btn.hasAttribute('hidden'));
  assert.not.ok(x.area.classList.contains('open'));
  assert.ok(x.area.hasAttribute('inert'), 'a closed panel cannot be tabbed into');
  assert.is(x.btn.getAttribute('aria-expanded'), 'false');
  assert.is(x.btn.textContent, 'Show comments');
  x.fire(x.btn, 'click');
  assert.ok(x.area.classList.contains('open'));
  assert.not.ok(x.area.hasAttribute('inert'));
  assert.is(x.btn.getAttribute('aria-expanded'), 'true');
  assert.is(x.btn.textContent, 'Hide comments');
  assert.is(x.focused(), x.area.querySelector('a[href]'));
  x.fire(x.btn, 'click');
  assert.not.ok(x.area.classList.contains('open'));
  assert.ok(x.area.hasAttribute('inert'));
});

test('comments: the animating state is set while sliding and ends by a timer (no transitionend needed)', async () => {
  const x = post();
  x.fire(x.btn, 'click');
  assert.ok(x.area.classList.contains('animating'));
  x.fire(x.btn, 'click'); // reversed mid-slide: state follows at once, one timer
  assert.not.ok(x.area.classList.contains('open'));
  assert.ok(x.area.classList.contains('animating'));
  await wait(BLOG_PANEL_MS + 50);
  assert.not.ok(x.area.classList.contains('animating'));
});

test("comments: visible on load when the hash contains 'comment' or 'respond'", () => {
  const cases: [string, boolean][] = [
    ['', false],
    ['#comments', true],
    ['#comment-3', true],
    ['#respond', true],
    ['#content', false],
    ['#video-1', false],
  ];
  for (const [hash, open] of cases) {
    const x = post('http://blog.test/posts/storm-season-notes' + hash);
    assert.is(x.area.classList.contains('open'), open, hash);
    assert.is(x.area.hasAttribute('inert'), !open, hash);
    if (hash === '#comment-3') assert.equal(x.scrolled, [x.d.getElementById('comment-3')], 'scrolled to the comment');
  }
});

test(`comments: clicking the toggle text opens the panel and leaves the link to set #comments; \
a later hash opens it too`, () => {
  const x = post();
  const link = x.d.querySelector('.comments-link') as Element;
  const e = x.fire(link, 'click');
  assert.not.ok(e.defaultPrevented, 'the browser sets the hash and scrolls');
  assert.ok(x.area.classList.contains('open'));
  const y = post();
  y.setHash('#content');
  assert.not.ok(y.area.classList.contains('open'));
  y.setHash('#comment-2');
  assert.ok(y.area.classList.contains('open'));
});

test('comments: a form sent back with errors keeps the panel open', () => {
  const failed = postHtml('storm-season-notes', 0, {
    input: { author: '', email: '', url: '', body: '', parent: '' },
    errors: { author: 'Please enter your name.' },
  });
  const x = load(failed.html);
  initComments(x.d, x.w);
  assert.ok(x.d.getElementById('comments')?.classList.contains('open'));
});

test(`widgets: toggle opens with widgets-animating on <body> and focus inside; Escape closes, scrolls to the top, \
focus back`, async () => {
  const x = load(homeHtml(), { url: 'http://blog.test/' });
  initWidgets(x.d, x.w);
  const panel = x.d.getElementById('secondary') as HTMLElement;
  const btn = x.d.querySelector('.widgets-toggle') as HTMLElement;
  assert.not.ok(btn.hasAttribute('hidden'));
  assert.ok(panel.hasAttribute('inert'));
  x.fire(btn, 'click');
  assert.ok(panel.classList.contains('open'));
  assert.not.ok(panel.hasAttribute('inert'));
  assert.is(btn.getAttribute('aria-expanded'), 'true');
  assert.ok(x.d.body.classList.contains('widgets-animating'));
  assert.is(x.focused(), panel.querySelector('a[href]'));
  await wait(BLOG_PANEL_MS + 50);
  assert.not.ok(x.d.body.classList.contains('widgets-animating'));
  x.fire(x.focused() as Element, 'keydown', { key: 'Escape' });
  assert.not.ok(panel.classList.contains('open'));
  assert.ok(panel.hasAttribute('inert'));
  assert.is(btn.getAttribute('aria-expanded'), 'false');
  assert.equal(x.scrollTos, [[0, 0]]);
  assert.is(x.focused(), btn);
  x.fire(x.d.body, 'keydown', { key: 'Escape' }); // closed: nothing happens
  assert.equal(x.scrollTos, [[0, 0]]);
});

test('widgets: closing with the toggle scrolls to the top; other keys do not close', () => {
  const x = load(homeHtml(), { url: 'http://blog.test/' });
  initWidgets(x.d, x.w);
  const panel = x.d.getElementById('secondary') as HTMLElement;
  const btn = x.d.querySelector('.widgets-toggle') as HTMLElement;
  x.fire(btn, 'click');
  x.fire(x.d.body, 'keydown', { key: 'Enter' });
  assert.ok(panel.classList.contains('open'));
  x.fire(btn, 'click');
  assert.not.ok(panel.classList.contains('open'));
  assert.equal(x.scrollTos, [[0, 0]]);
});

test.run();
