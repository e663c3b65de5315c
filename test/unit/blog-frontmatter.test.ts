import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrontMatter, type FrontValue } from '../../src/blog/content/frontmatter';

test('parseFrontMatter: scalars, quotes, comments, body after the block', () => {
  const cases: [string, Record<string, FrontValue>, string][] = [
    ['no block\n', {}, 'no block\n'],
    ['---\ntitle: Hello\n---\nBody', { title: 'Hello' }, 'Body'],
    ['---\nid: 104\nratio: -1.5\ndraft: false\nok: true\n---\n', { id: 104, ratio: -1.5, draft: false, ok: true }, ''],
    [
      '---\ntitle: "Fresnel, the \\"cat\\""\nalt: \'It\'\'s\'\n---\n\nText',
      { title: 'Fresnel, the "cat"', alt: "It's" },
      '\nText',
    ],
    ['---\n# a comment\n\ndate: 2026-09-14\n---\nx', { date: '2026-09-14' }, 'x'],
    ['\uFEFF---\r\nkey: v: w\r\n---\r\nB\r\n', { key: 'v: w' }, 'B\n'],
    ['---\nn: "12"\n---\n', { n: '12' }, ''],
  ];
  for (const [src, data, body] of cases) assert.equal(parseFrontMatter(src), { data, body }, JSON.stringify(src));
});

test('parseFrontMatter: malformed blocks throw, naming the problem', () => {
  assert.throws(() => parseFrontMatter('---\ntitle: x\n'), /missing closing ---/);
  assert.throws(() => parseFrontMatter('---\ntitle: x\n---- not a close\n'), /missing closing|line/);
  assert.throws(() => parseFrontMatter('---\ntitle x\n---\n'), /line 2 is not "key: value"/);
  assert.throws(() => parseFrontMatter('---\nok: 1\n1bad: 2\n---\n'), /line 3/);
});

test.run();
