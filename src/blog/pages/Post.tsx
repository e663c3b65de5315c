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
      <article class="post single" id={`post-${post.id}`}>
        <header class="entry-header">
          <h1 class="entry-title">{post.title}</h1>
          <p class="entry-meta">
            <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own Markdown,
            rendered at build of the page (content/) */}
        <div class="entry-content" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <div class="comments-toggle-wrap">
        <a class="comments-link" href="#comments">
          {commentCount(n)}
        </a>
        <button type="button" class="comments-toggle" aria-controls="comments" aria-expanded="false">
          Show comments
        </button>
      </div>
      <section id="comments" class="comments-area" aria-labelledby="comments-title" tabIndex={-1}>
        <div class="panel-inner">
          <h2 id="comments-title" class="comments-title">
            Comments on “{post.title}”
          </h2>
          <Comments nodes={comments} slug={post.slug} />
          <CommentForm slug={post.slug} replyTo={replyTo} form={form} />
        </div>
      </section>
    </Layout>
  );
}
