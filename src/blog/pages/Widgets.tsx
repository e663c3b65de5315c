import type { Site } from '../content/site';

/** Data of the sidebar widgets. */
export interface WidgetData {
  recentPosts: { slug: string; title: string }[];
  recentComments: { id: number; author: string; slug: string; postTitle: string }[];
}

/**
 * The widgets (secondary) panel (spec 2.1): at the top of the page so it slides down and pushes the page by its
 * height. Open without script; the blog script closes it and makes it a toggled panel.
 */
export function Widgets({ site, data }: { site: Site; data: WidgetData }) {
  return (
    <aside id="secondary" className="widgets-panel" aria-label="Widgets">
      <div className="panel-inner">
        <div className="widget-area">
          {site.about ? (
            <section className="widget">
              <h2 className="widget-title">About</h2>
              <p>{site.about}</p>
            </section>
          ) : null}
          <section className="widget">
            <h2 className="widget-title">Recent posts</h2>
            <ul>
              {data.recentPosts.map((p) => (
                <li key={p.slug}>
                  <a href={`/posts/${p.slug}`}>{p.title}</a>
                </li>
              ))}
            </ul>
          </section>
          <section className="widget">
            <h2 className="widget-title">Recent comments</h2>
            {data.recentComments.length ? (
              <ul>
                {data.recentComments.map((c) => (
                  <li key={c.id}>
                    {c.author} on <a href={`/posts/${c.slug}#comment-${c.id}`}>{c.postTitle}</a>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No comments yet.</p>
            )}
          </section>
        </div>
      </div>
    </aside>
  );
}
