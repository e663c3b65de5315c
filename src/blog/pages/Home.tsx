import type { Post } from '../content/site';
import { Layout, type PageContext } from './Layout';

const date = (d: string) =>
  new Date(d + 'T12:00:00Z').toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The home page (issue 6): the post list with thumbnails (double-tap-to-go on touch, spec 2.1). */
export function Home({ ctx, posts, counts }: { ctx: PageContext; posts: Post[]; counts: Map<string, number> }) {
  return (
    <Layout ctx={ctx} title={ctx.site.title} postId={0} mode="home" titleIsHeading>
      <h2 className="screen-reader-text">Posts</h2>
      <div className="posts">
        {posts.map((p) => (
          <article className="post" key={p.slug}>
            {p.thumbnail ? (
              <div className="post-thumbnail">
                {/* biome-ignore lint/a11y/useAnchorContent: a second way in for pointers;
                    the title link is the one readers and keyboards get */}
                <a href={`/posts/${p.slug}`} tabIndex={-1} aria-hidden="true">
                  <img src={p.thumbnail} alt="" width={480} height={270} loading="lazy" decoding="async" />
                  <span className="thumbnail-overlay">{p.thumbnailAlt || p.title}</span>
                </a>
              </div>
            ) : null}
            <header className="entry-header">
              <h3 className="entry-title">
                <a href={`/posts/${p.slug}`}>{p.title}</a>
              </h3>
              <p className="entry-meta">
                <time dateTime={p.date}>{date(p.date)}</time> · {commentCount(counts.get(p.slug) || 0)}
              </p>
            </header>
            {p.excerpt ? <p className="entry-summary">{p.excerpt}</p> : null}
          </article>
        ))}
      </div>
    </Layout>
  );
}

export { date as formatDate };

/** A post's comment count in words: '1 comment', '3 comments' (the home page and the post page say it alike). */
export const commentCount = (n: number): string => (n === 1 ? '1 comment' : `${n} comments`);
