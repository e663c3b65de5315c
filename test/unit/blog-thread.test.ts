import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countComments, thread, type CommentNode, type CommentRow } from '../../src/blog/comments/thread';

const row = (id: number, parent: number | null): CommentRow => ({
  id,
  parent,
  author: `a${id}`,
  url: '',
  body: 'b',
  created: '2026-01-01T00:00:00Z',
});
/** The tree as nested ids, e.g. [1, [2, [3]]] → '1(2(3))'. */
const shape = (nodes: CommentNode[]): string =>
  nodes.map((n) => n.id + (n.replies.length ? `(${shape(n.replies)})` : '')).join(',');

test('thread: replies nest under their parents, oldest first at every level', () => {
  const cases: [CommentRow[], string][] = [
    [[], ''],
    [[row(1, null)], '1'],
    [[row(1, null), row(2, 1), row(3, 2), row(4, null), row(5, 4)], '1(2(3)),4(5)'],
    [[row(5, 4), row(3, 2), row(1, null), row(4, null), row(2, 1)], '1(2(3)),4(5)'],
    [[row(1, null), row(2, 1), row(3, 1), row(4, 2)], '1(2(4),3)'],
    // A missing parent (deleted, or from another post): shown at the top level, never lost.
    [[row(2, 99), row(3, null)], '2,3'],
    // A parent newer than its reply cannot be: no cycle can hide comments.
    [[row(1, 2), row(2, 1)], '1(2)'],
    [[row(1, 1)], '1'],
  ];
  for (const [rows, want] of cases)
    assert.is(shape(thread(rows)), want, JSON.stringify(rows.map((r) => [r.id, r.parent])));
});

test('countComments: every comment at every depth', () => {
  assert.is(countComments([]), 0);
  assert.is(countComments(thread([row(1, null)])), 1);
  assert.is(countComments(thread([row(1, null), row(2, 1), row(3, 2), row(4, null), row(5, 99)])), 5);
});

test.run();
