import type { ServerResponse } from 'node:http';
import { renderToString } from 'react-dom/server';
import { thread, type CommentNode } from '../comments/thread';
import type { Content, Post } from '../content/site';
import type { FormState } from '../pages/CommentForm';
import { Home } from '../pages/Home';
import { Layout, type PageContext } from '../pages/Layout';
import { PostPage } from '../pages/Post';
import type { BlogView } from './db';
import type { PageAssets } from './assets';
import { sendHtml } from './http';

/** Server rendering of the blog's pages (spec 1.2: server-rendered; the blog script only enhances). */

const doc = (el: Parameters<typeof renderToString>[0]) => '<!doctype html>' + renderToString(el);

/**
 * Where a page's provider is and what goes with the answer: the provider's host as the embed names it (its
 * data-base-url), the provider's origin as the page reaches it (embed.js, the Subscribe link, the policy), the built
 * assets the page names, and the request's Accept-Encoding.
 */
export interface PageAt {
  host: string;
  origin: string;
  assets?: PageAssets;
  accept?: string;
}

const context = (content: Content, data: BlogView, at: PageAt, nonce: string): PageContext => {
  const titles = new Map(content.posts.map((p) => [p.slug, p.title]));
  return {
    site: content.site,
    host: at.host,
    provider: at.origin,
    assets: at.assets || { css: '', js: '/blog/blog.js' },
    nonce,
    widgets: {
      recentPosts: content.posts.slice(0, 5).map((p) => ({ slug: p.slug, title: p.title })),
      recentComments: data.recent
        .filter((c) => titles.has(c.post))
        .map((c) => ({ id: c.id, author: c.author, slug: c.post, postTitle: titles.get(c.post) as string })),
    },
  };
};

/** Renders the home page. */
export const homePage = (res: ServerResponse, content: Content, data: BlogView, at: PageAt): void =>
  sendHtml(
    res,
    200,
    (nonce) => doc(<Home ctx={context(content, data, at, nonce)} posts={content.posts} counts={data.counts} />),
    at.origin,
    at.accept,
  );

const find = (nodes: CommentNode[], id: number): CommentNode | null => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const r = find(n.replies, id);
    if (r) return r;
  }
  return null;
};

/**
 * Renders a post with its comments (`data` read for this post: BlogDb.view); `replyTo` is a comment id (0 for none),
 * `form` a failed submission.
 */
export const postPage = (
  res: ServerResponse,
  status: number,
  content: Content,
  data: BlogView,
  at: PageAt,
  post: Post,
  replyTo: number,
  form: FormState | null,
): void => {
  const comments = thread(data.comments);
  const reply = replyTo ? find(comments, replyTo) : null;
  sendHtml(
    res,
    status,
    (nonce) =>
      doc(
        <PostPage
          ctx={context(content, data, at, nonce)}
          post={post}
          comments={comments}
          replyTo={reply}
          form={form}
        />,
      ),
    at.origin,
    at.accept,
  );
};

/** Renders the 404 page, with the site's header, menu and widgets so the reader can go on. */
export const notFoundPage = (res: ServerResponse, content: Content, data: BlogView, at: PageAt): void =>
  sendHtml(
    res,
    404,
    (nonce) =>
      doc(
        <Layout
          ctx={context(content, data, at, nonce)}
          title={`Not found – ${content.site.title}`}
          postId={0}
          mode="home"
          titleIsHeading={false}
        >
          <h1>Not found</h1>
          <p>
            There is no post here. <a href="/">See all posts</a>.
          </p>
        </Layout>,
      ),
    at.origin,
    at.accept,
  );
