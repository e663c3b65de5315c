import type { CommentNode } from '../comments/thread';
import { formatDate } from './Home';

/** Replies nest up to this depth; deeper replies answer the last nested comment. */
export const MAX_DEPTH = 4;

function Body({ text }: { text: string }) {
  // Comments are plain text: escaped by the renderer, paragraphs on blank lines, no HTML from visitors.
  return (
    <div className="comment-content">
      {text.split(/\n\s*\n/).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static server-rendered paragraphs, never reordered
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function Item({ c, slug, depth }: { c: CommentNode; slug: string; depth: number }) {
  return (
    <li className={`comment depth-${depth}`}>
      <article id={`comment-${c.id}`} className="comment-body" tabIndex={-1} aria-label={`Comment by ${c.author}`}>
        <footer className="comment-meta">
          <b className="comment-author">
            {c.url ? (
              <a href={c.url} rel="external nofollow ugc">
                {c.author}
              </a>
            ) : (
              c.author
            )}
          </b>{' '}
          <a className="comment-date" href={`#comment-${c.id}`}>
            <time dateTime={c.created}>{formatDate(c.created.slice(0, 10))}</time>
          </a>
        </footer>
        <Body text={c.body} />
        <a
          className="comment-reply-link"
          href={`/posts/${slug}?replytocom=${c.id}#respond`}
          aria-label={`Reply to ${c.author}`}
        >
          Reply
        </a>
      </article>
      {c.replies.length ? (
        <ol className="children">
          {c.replies.map((r) => (
            <Item key={r.id} c={r} slug={slug} depth={Math.min(depth + 1, MAX_DEPTH)} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** The threaded comment list (issue 6). */
export function Comments({ nodes, slug }: { nodes: CommentNode[]; slug: string }) {
  if (!nodes.length) return <p className="no-comments">No comments yet. Be the first.</p>;
  return (
    <ol className="comment-list">
      {nodes.map((c) => (
        <Item key={c.id} c={c} slug={slug} depth={1} />
      ))}
    </ol>
  );
}
