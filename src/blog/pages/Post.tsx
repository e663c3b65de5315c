import type { CommentNode } from '../comments/thread';
import { countComments } from '../comments/thread';
import type { Post } from '../content/site';
import { CommentForm, type FormState } from './CommentForm';
import { Comments } from './Comments';
import { commentCount, formatDate } from './Home';
import { Layout, type PageContext } from './Layout';

/** Props of a post page. */
export interface PostPageProps {
  ctx: PageContext;
  post: Post;
  comments: CommentNode[];
  /** The comment being replied to (?replytocom=ID), if any. */
  replyTo: CommentNode | null;
  /** The form as posted when it failed validation. */
  form: FormState | null;
}

/**
 * A post (issue 6): its Markdown body, then the comments panel (spec 2.1): the toggle's text is a link to
 * #comments, the toggle itself a named button; the panel holds the threaded comments and the form.
 */
export function PostPage({ ctx, post, comments, replyTo, form }: PostPageProps) {
  const n = countComments(comments);
  return (
    <Layout
      ctx={ctx}
      title={`${post.title} – ${ctx.site.title}`}
      description={post.excerpt}
      postId={post.id}
      mode="post"
      titleIsHeading={false}
    >
      <article className="post single" id={`post-${post.id}`}>
        <header className="entry-header">
          <h1 className="entry-title">{post.title}</h1>
          <p className="entry-meta">
            <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own Markdown,
            rendered at build of the page (content/) */}
        <div className="entry-content" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <div className="comments-toggle-wrap">
        <a className="comments-link" href="#comments">
          {commentCount(n)}
        </a>
        <button type="button" className="comments-toggle" aria-controls="comments" aria-expanded="false">
          Show comments
        </button>
      </div>
      <section id="comments" className="comments-area" aria-labelledby="comments-title" tabIndex={-1}>
        <div className="panel-inner">
          <h2 id="comments-title" className="comments-title">
            Comments on “{post.title}”
          </h2>
          <Comments nodes={comments} slug={post.slug} />
          <CommentForm slug={post.slug} replyTo={replyTo} form={form} />
        </div>
      </section>
    </Layout>
  );
}
