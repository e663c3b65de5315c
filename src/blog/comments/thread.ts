/** Threading of a post's comments (issue 6: threaded comments), from flat rows to a tree. */

/** A stored comment as the pages show it (never with its e-mail address). */
export interface CommentRow {
  id: number;
  parent: number | null;
  author: string;
  url: string;
  body: string;
  created: string;
}

/** A comment with its replies. */
export interface CommentNode extends CommentRow {
  replies: CommentNode[];
}

/**
 * Builds the tree, oldest first at every level. A reply whose parent is missing (deleted, or from another post)
 * is shown at the top level rather than lost; a parent must be older than its reply, so no cycle can hide a comment.
 */
export const thread = (rows: CommentRow[]): CommentNode[] => {
  const nodes = new Map<number, CommentNode>();
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  for (const r of sorted) nodes.set(r.id, { ...r, replies: [] });
  const top: CommentNode[] = [];
  for (const r of sorted) {
    const n = nodes.get(r.id) as CommentNode;
    const p = r.parent != null && r.parent < r.id ? nodes.get(r.parent) : undefined;
    (p ? p.replies : top).push(n);
  }
  return top;
};

/** Number of comments in a tree. */
export const countComments = (nodes: CommentNode[]): number =>
  nodes.reduce((n, c) => n + 1 + countComments(c.replies), 0);
