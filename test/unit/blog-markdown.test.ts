import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderMarkdown, safeUrl } from '../../src/blog/content/markdown';

test('safeUrl: http(s), mailto and relative addresses only', () => {
  const cases: [string, boolean][] = [
    ['https://x.test/', true],
    ['http://x.test/', true],
    ['mailto:a@b.test', true],
    ['/posts/a', true],
    ['#top', true],
    ['files/a.pdf', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:x', false],
    ['ftp://x.test/', false],
  ];
  for (const [href, want] of cases) assert.is(safeUrl(href), want, href);
});

test('renderMarkdown: Markdown rendered, raw HTML shown as text, unsafe links neutralised', () => {
  const cases: [string, string][] = [
    ['Hello *there*', '<p>Hello <em>there</em></p>\n'],
    ['## Title', '<h2>Title</h2>\n'],
    ['[a](https://x.test/)', '<p><a href="https://x.test/">a</a></p>\n'],
    ['[a](javascript:alert(1))', '<p><a href="#">a</a></p>\n'],
    ['![i](data:image/png;base64,xx)', '<p><img src="#" alt="i"></p>\n'],
    ['<script>alert(1)</script>', '&#60;script&#62;alert(1)&#60;/script&#62;'],
    ['a <b onclick="x()">b</b>', '<p>a &#60;b onclick=&#34;x()&#34;&#62;b&#60;/b&#62;</p>\n'],
  ];
  for (const [md, html] of cases) assert.is(renderMarkdown(md), html, md);
});

test('renderMarkdown: video lines become numbered placeholders; a bad one stays text', () => {
  const html = renderMarkdown(
    'Intro\n\n::video https://youtu.be/aqz-KE-bpKQ "Cat"\n\n' +
      '::video https://vimeo.com/76979871 "Lens" /l.svg\n\n::video https://evil.test/x "No"\n',
  );
  assert.match(
    html,
    /<div class="video" id="video-1" data-src="https:\/\/www.youtube-nocookie.com\/embed\/aqz-KE-bpKQ"/,
  );
  assert.match(html, /<div class="video" id="video-2" data-src="https:\/\/player.vimeo.com\/video\/76979871"/);
  assert.ok(html.includes('<p>::video https://evil.test/x &#34;No&#34;</p>'), html);
  assert.is(
    (renderMarkdown('::video https://youtu.be/aqz-KE-bpKQ "Cat"\n').match(/id="video-1"/g) || []).length,
    1,
    'numbering restarts per call',
  );
});

test.run();
