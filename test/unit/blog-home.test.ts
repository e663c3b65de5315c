import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commentCount } from '../../src/blog/pages/Home';

test('commentCount: one comment in the singular, any other count in the plural', () => {
  const cases: [number, string][] = [
    [0, '0 comments'],
    [1, '1 comment'],
    [2, '2 comments'],
    [11, '11 comments'],
    [21, '21 comments'],
  ];
  for (const [n, words] of cases) assert.is(commentCount(n), words, String(n));
});

test.run();
