import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseVideo, placeholderHtml, VIDEO_LINE } from '../../src/blog/content/videoDirective';

test('parseVideo: YouTube and Vimeo watch addresses become placeholders (spec 3.9: id, query, src, alt)', () => {
  assert.equal(parseVideo('https://www.youtube.com/watch?v=M7lc1UVf-VE&start=30&cc_load_policy=1', 'Dawn'), {
    provider: 'YouTube',
    videoId: 'M7lc1UVf-VE',
    src: 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
    query: 'start=30&cc_load_policy=1',
    alt: 'Dawn',
    thumb: 'https://i.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg',
    href: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  });
  assert.is(parseVideo('https://youtu.be/aqz-KE-bpKQ?t=5', 'c')?.query, 't=5');
  assert.is(parseVideo('https://m.youtube.com/watch?v=aqz-KE-bpKQ', 'c')?.videoId, 'aqz-KE-bpKQ');
  assert.equal(parseVideo('https://vimeo.com/76979871', 'Lens', '/blog/images/lens.svg'), {
    provider: 'Vimeo',
    videoId: '76979871',
    src: 'https://player.vimeo.com/video/76979871',
    query: '',
    alt: 'Lens',
    thumb: '/blog/images/lens.svg',
    href: 'https://vimeo.com/76979871',
  });
});

test('parseVideo: unknown providers, plain http and bad ids are null', () => {
  const cases = [
    'http://www.youtube.com/watch?v=M7lc1UVf-VE',
    'https://evil.test/watch?v=M7lc1UVf-VE',
    'https://www.youtube.com/watch?v=bad"id',
    'https://www.youtube.com/watch',
    'https://vimeo.com/abc',
    'not a url',
  ];
  for (const a of cases) assert.is(parseVideo(a, 'x'), null, a);
});

test('VIDEO_LINE: address, quoted alt, optional thumbnail', () => {
  assert.equal([...(VIDEO_LINE.exec('::video https://youtu.be/x "A b" /t.svg\nrest') || [])].slice(1), [
    'https://youtu.be/x',
    'A b',
    '/t.svg',
  ]);
  assert.equal([...(VIDEO_LINE.exec('::video https://youtu.be/x "A b"') || [])].slice(1), [
    'https://youtu.be/x',
    'A b',
    undefined,
  ]);
  assert.is(VIDEO_LINE.exec('::video https://youtu.be/x no quotes'), null);
  assert.is(VIDEO_LINE.exec('text ::video https://youtu.be/x "A"'), null);
});

test('placeholderHtml: a plain link around the 480x360 thumbnail, attributes escaped', () => {
  const v = parseVideo('https://www.youtube.com/watch?v=M7lc1UVf-VE&start=30&x=%22', 'The "dawn" & <sun>');
  assert.ok(v);
  const html = placeholderHtml(v!, 3);
  assert.ok(
    html.startsWith(
      '<div class="video" id="video-3" data-src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" ' +
        'data-query="start=30&#38;x=%22">',
    ),
    html,
  );
  assert.ok(html.includes('<a href="https://www.youtube.com/watch?v=M7lc1UVf-VE">'));
  assert.ok(html.includes('width="480" height="360" alt="The &#34;dawn&#34; &#38; &#60;sun&#62;"'));
  assert.ok(html.includes('<span class="video-caption">Watch on YouTube</span></a></div>'));
  const noThumb = placeholderHtml({ ...v!, thumb: '' }, 1);
  assert.ok(
    noThumb.includes('<span class="video-alt">The &#34;dawn&#34; &#38; &#60;sun&#62;</span>') &&
      !noThumb.includes('<img'),
  );
});

test.run();
