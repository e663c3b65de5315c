/** The blog's server-rendered HTML on linkedom (issue 6): what works without script, and what the script expects. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToString } from 'react-dom/server';
import { parseHTML } from 'linkedom';
import { Header } from '../../src/blog/pages/Header';
import { BLOG_ICON, Layout } from '../../src/blog/pages/Layout';
import type { Site } from '../../src/blog/content/site';
import { homeHtml, postHtml } from './blog-env';

const dom = (html: string) => parseHTML(html).document as unknown as Document;
const attrs = (el: Element | null, names: string[]) =>
  el ? Object.fromEntries(names.map((n) => [n, el.getAttribute(n)])) : null;

test(`every page: no-js root switched in <head>, the blog script deferred, statistics ids on <body>, \
the popup embed`, () => {
  const d = dom(homeHtml());
  assert.is(d.documentElement.getAttribute('class'), 'no-js');
  assert.is(d.documentElement.getAttribute('lang'), 'en');
  assert.ok(d.head.querySelector('script')?.textContent?.includes("className='js'"));
  // Issue 35 item 6: blog.js by its version, the stylesheet inline under the nonce (nothing blocks the first paint).
  assert.equal(attrs(d.querySelector('script[src="/blog/blog.js?v=0123abcd"]'), ['defer']), { defer: '' });
  assert.is(d.querySelector('link[rel=stylesheet]'), null);
  const style = d.head.querySelector('style');
  assert.is(style?.textContent, '.site-title{margin:0}');
  assert.is(style?.getAttribute('nonce'), d.head.querySelector('script')?.getAttribute('nonce'));
  assert.equal(attrs(d.body, ['data-blog', 'data-post', 'data-mode']), {
    'data-blog': '4217',
    'data-post': '0',
    'data-mode': 'home',
  });
  // The provider on an origin of its own (issue 35 item 2).
  const embed = d.querySelector('script[src="http://list.test:8080/js/signup-forms/popup/embed.js"]');
  assert.equal(attrs(embed, ['async', 'data-base-url', 'data-uuid', 'data-lid', 'data-f-id']), {
    async: '',
    'data-base-url': 'list.test:8080',
    'data-uuid': '6c1f4e2b9a7d3c5e8f0a1b2c3',
    'data-lid': 'a1b2c3d4e7',
    'data-f-id': '00a103',
  });
  const post = dom(postHtml('lamp-room-at-dawn').html);
  assert.equal(attrs(post.body, ['data-blog', 'data-post', 'data-mode']), {
    'data-blog': '4217',
    'data-post': '101',
    'data-mode': 'post',
  });
  assert.ok(post.querySelector('script[src="http://list.test:8080/js/signup-forms/popup/embed.js"]'));
});

test(`header: the toggles are named buttons with aria-expanded and aria-controls, in place from the first paint \
(the stylesheet hides them without script: no layout shift when the script takes them over); menu, submenus`, () => {
  const d = dom(homeHtml());
  assert.is(d.querySelector('.skip-link')?.getAttribute('href'), '#content');
  assert.ok(d.getElementById('content'));
  assert.is(
    d.querySelector('h1.site-title span')?.textContent,
    'The Remarkably Long and Winding Chronicles of a Harbour Lighthouse Keeper and Her Cat',
  );
  const menu = d.querySelector('.menu-toggle');
  assert.equal(attrs(menu, ['type', 'aria-controls', 'aria-expanded', 'hidden']), {
    type: 'button',
    'aria-controls': 'primary-menu',
    'aria-expanded': 'false',
    hidden: null,
  });
  assert.is(menu?.textContent, 'Menu');
  const widgets = d.querySelector('.widgets-toggle');
  assert.equal(attrs(widgets, ['type', 'aria-controls', 'aria-expanded', 'hidden']), {
    type: 'button',
    'aria-controls': 'secondary',
    'aria-expanded': 'false',
    hidden: null,
  });
  assert.ok(d.getElementById('primary-menu') && d.getElementById('secondary'));
  assert.is(d.getElementById('site-navigation')?.getAttribute('aria-label'), 'Main');
  const parents = d.querySelectorAll('#primary-menu > li.menu-item-has-children');
  assert.is(parents.length, 2);
  assert.is(parents[0].querySelectorAll('.sub-menu > li > a').length, 2);
});

test(`every page: a meta description (the post's excerpt, else the site's tagline, else its about text) and the \
site's icon (issue 12: Lighthouse SEO and best practices)`, () => {
  const description = (html: string) => dom(html).querySelector('meta[name="description"]')?.getAttribute('content');
  assert.is(description(homeHtml()), 'Notes from the lamp room, the logbook and the rocks below');
  const post = postHtml('storm-season-notes').html;
  // The excerpt of content/posts/storm-season-notes.md.
  assert.is(
    description(post),
    'Three gales in nine days, a broken storm pane, and what the barometer did before each one.',
  );
  for (const html of [homeHtml(), post])
    assert.is(dom(html).querySelector('link[rel="icon"]')?.getAttribute('href'), BLOG_ICON);
  const site: Site = {
    title: 'T',
    tagline: '',
    blogId: 1,
    menu: [],
    about: 'About "us" & <them>',
    popup: { uuid: 'u', lid: 'l', fId: '' },
  };
  const ctx = {
    site,
    host: 'h',
    provider: 'http://h',
    assets: { css: '', js: '/blog/blog.js' },
    nonce: '',
    widgets: { recentPosts: [], recentComments: [] },
  };
  const page = (d: string | undefined) =>
    renderToString(
      <Layout ctx={ctx} title="x" description={d} postId={0} mode="home" titleIsHeading={false}>
        <p>x</p>
      </Layout>,
    );
  // Escaped in the attribute: the owner's text cannot close it or open a tag.
  const hostile = 'He said "hi"><script>alert(1)</script>';
  const html = page(hostile);
  assert.not.ok(html.includes('<script>alert'), html);
  assert.not.ok(html.includes('"hi"'));
  assert.is(description(html), hostile);
  assert.is(dom(html).querySelectorAll('script').length, 3, "only the page's own scripts");
  // Without an excerpt or tagline, the about text.
  assert.is(description(page('')), 'About "us" & <them>');
});

test('header: a site without a menu has no menu list', () => {
  const site: Site = {
    title: 'T',
    tagline: '',
    blogId: 1,
    menu: [],
    about: '',
    popup: { uuid: 'u', lid: 'l', fId: '' },
  };
  const d = dom(renderToString(<Header site={site} titleIsHeading={false} subscribe="http://h/subscribe?u=u&id=l" />));
  assert.is(d.querySelector('#site-navigation ul'), null);
  assert.is(d.querySelector('.site-title')?.tagName, 'P');
});

test(`every page: a Subscribe link to the provider's hosted page, after the title and before the toggles, \
that the embed opens as the popup (issue 35 item 2)`, () => {
  const d = dom(homeHtml());
  const links = [...d.querySelectorAll('[data-mc-popup-open]')];
  assert.is(links.length, 1);
  const a = links[0];
  assert.is(a.tagName, 'A');
  assert.is(a.textContent?.trim(), 'Subscribe');
  assert.is(
    a.getAttribute('href'),
    'http://list.test:8080/subscribe?u=6c1f4e2b9a7d3c5e8f0a1b2c3&id=a1b2c3d4e7&f_id=00a103',
  );
  const header = d.querySelector('.site-header') as Element;
  const order = [...header.querySelectorAll('a, button')];
  assert.is(order.indexOf(a), 1, 'right after the title');
  // Without script, with no stylesheet: the same link (a real link, no script needed).
  const post = dom(postHtml('lamp-room-at-dawn').html);
  assert.is(post.querySelector('.site-header [data-mc-popup-open]')?.getAttribute('href'), a.getAttribute('href'));
});

test(`home: post list with thumbnails, titles, dates and comment counts; \
widgets panel with recent posts and comments`, () => {
  const d = dom(homeHtml());
  const posts = [...d.querySelectorAll('.posts article.post')];
  assert.equal(
    posts.map((p) => p.querySelector('.entry-title a')?.getAttribute('href')),
    [
      '/posts/lamp-room-at-dawn',
      '/posts/keepers-logbook-and-charts',
      '/posts/storm-season-notes',
      '/posts/fresnel-the-cat',
    ],
  );
  const thumb = posts[0].querySelector('.post-thumbnail > a');
  assert.equal(attrs(thumb, ['href', 'tabindex', 'aria-hidden']), {
    href: '/posts/lamp-room-at-dawn',
    tabindex: '-1',
    'aria-hidden': 'true',
  });
  assert.equal(attrs(thumb?.querySelector('img') || null, ['alt', 'width', 'height']), {
    alt: '',
    width: '480',
    height: '270',
  });
  assert.match(posts[2].querySelector('.entry-meta')?.textContent || '', /5 October 2026 · 5 comments/);
  const secondary = d.getElementById('secondary');
  assert.is(secondary?.tagName, 'ASIDE');
  assert.is(secondary?.getAttribute('aria-label'), 'Widgets');
  assert.is(secondary?.querySelectorAll('.widget').length, 3);
  assert.ok(secondary?.querySelector('a[href="/posts/lamp-room-at-dawn#comment-6"]'));
  assert.ok(!homeHtml().includes('@example.org'));
});

test('post: one h1, video placeholders as plain links around 480x360 thumbnails (spec 2.1, 3.9)', () => {
  const d = dom(postHtml('lamp-room-at-dawn').html);
  assert.is(d.querySelectorAll('h1').length, 1);
  assert.is(d.querySelector('h1')?.textContent, 'The lamp room at dawn');
  const videos = [...d.querySelectorAll('.video')];
  assert.equal(
    videos.map((v) => attrs(v, ['id', 'data-src', 'data-query'])),
    [
      {
        id: 'video-1',
        'data-src': 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
        'data-query': 'start=30&cc_load_policy=1',
      },
      { id: 'video-2', 'data-src': 'https://player.vimeo.com/video/76979871', 'data-query': '' },
    ],
  );
  assert.is(videos[0].querySelector('a')?.getAttribute('href'), 'https://www.youtube.com/watch?v=M7lc1UVf-VE');
  assert.equal(attrs(videos[0].querySelector('img'), ['width', 'height', 'alt']), {
    width: '480',
    height: '360',
    alt: "The lantern's last sweep as the sun rises over Black Skerry",
  });
});

test(`post: comments toggle (link text + named button), comments area, threaded comments, \
labelled form with honeypot`, () => {
  const d = dom(postHtml('storm-season-notes').html);
  assert.is(d.querySelector('.comments-link')?.getAttribute('href'), '#comments');
  assert.equal(attrs(d.querySelector('.comments-toggle'), ['type', 'aria-controls', 'aria-expanded', 'hidden']), {
    type: 'button',
    'aria-controls': 'comments',
    'aria-expanded': 'false',
    hidden: null,
  });
  assert.is(d.querySelector('.comment-list > li > article')?.id, 'comment-1');
  assert.is(d.querySelectorAll('.comment-list article').length, 5);
  assert.is(d.querySelector('#comment-3')?.closest('li')?.className, 'comment depth-3');
  const form = d.querySelector('form.comment-form');
  assert.equal(attrs(form, ['action', 'method']), {
    action: '/posts/storm-season-notes/comments#respond',
    method: 'post',
  });
  for (const input of d.querySelectorAll('form.comment-form input:not([type=hidden]), form.comment-form textarea')) {
    assert.ok(d.querySelector(`label[for="${input.id}"]`), `label for ${input.id}`);
  }
  const hp = d.getElementById('comment-website_url');
  assert.equal(attrs(hp, ['name', 'tabindex', 'autocomplete']), {
    name: 'website_url',
    tabindex: '-1',
    autocomplete: 'off',
  });
  assert.is(hp?.closest('p')?.getAttribute('aria-hidden'), 'true');
  assert.is(d.querySelector('button[type=submit]')?.textContent, 'Post comment');
  assert.is(d.querySelector('[role=alert]'), null);
});

test('post: a reply form names its comment; a failed form shows its messages and keeps the input', () => {
  const reply = dom(postHtml('storm-season-notes', 1).html);
  assert.match(reply.getElementById('reply-title')?.textContent || '', /^Reply to Ingrid Halvorsen/);
  assert.is(reply.querySelector('input[name=parent]')?.getAttribute('value'), '1');
  const failed = postHtml('storm-season-notes', 0, {
    input: { author: '', email: 'x', url: '', body: 'Typed', parent: '' },
    errors: { author: 'Please enter your name.', email: 'Please enter a valid e-mail address, like name@example.com.' },
  });
  assert.is(failed.status, 422);
  const d = dom(failed.html);
  const alert = d.querySelector('[role=alert]');
  assert.equal(
    [...(alert?.querySelectorAll('a') || [])].map((a) => a.getAttribute('href')),
    ['#comment-author', '#comment-email'],
  );
  assert.equal(attrs(d.getElementById('comment-author'), ['aria-invalid', 'aria-describedby']), {
    'aria-invalid': 'true',
    'aria-describedby': 'comment-author-error',
  });
  assert.is(d.getElementById('comment-author-error')?.textContent, 'Please enter your name.');
  assert.is(d.getElementById('comment-email')?.getAttribute('value'), 'x');
  assert.is(d.getElementById('comment-body')?.textContent, 'Typed');
});

test.run();
