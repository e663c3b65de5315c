import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { playerFor } from '../../src/blog/video';

test('playerFor: known hosts get autoplay and the extra query, built with URLSearchParams', () => {
  const cases: [string, string, string, string][] = [
    [
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
      'start=30&cc_load_policy=1',
      'YouTube',
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?start=30&cc_load_policy=1&autoplay=1',
    ],
    ['https://www.youtube.com/embed/abc123', '', 'YouTube', 'https://www.youtube.com/embed/abc123?autoplay=1'],
    ['https://player.vimeo.com/video/76979871', '', 'Vimeo', 'https://player.vimeo.com/video/76979871?autoplay=1'],
    ['https://player.vimeo.com/video/1', 'autoplay=0&t=5', 'Vimeo', 'https://player.vimeo.com/video/1?autoplay=1&t=5'],
    ['https://player.vimeo.com/video/1?h=ab', 'h=cd', 'Vimeo', 'https://player.vimeo.com/video/1?h=cd&autoplay=1'],
    [
      'https://www.youtube.com/embed/x',
      'a=1&b=x y&c="><script>',
      'YouTube',
      'https://www.youtube.com/embed/x?a=1&b=x+y&c=%22%3E%3Cscript%3E&autoplay=1',
    ],
  ];
  for (const [src, query, name, url] of cases) assert.equal(playerFor(src, query), { name, url }, src + ' ' + query);
});

test('playerFor: unknown hosts, other schemes and junk stay plain links (null)', () => {
  const cases: string[] = [
    'https://evil.test/embed/x',
    'http://www.youtube.com/embed/x',
    'https://youtube.com.evil.test/embed/x',
    'https://www.youtube.com.evil.test/embed/x',
    'javascript:alert(1)',
    '//www.youtube.com/embed/x',
    '',
    'not a url',
    'https://player.vimeo.com:8443/video/1',
  ];
  for (const src of cases) assert.is(playerFor(src, 'a=1'), null, src);
});

test.run();
