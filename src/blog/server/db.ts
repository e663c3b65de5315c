import type { Queryable, Store } from '../../server/store/types';
import type { Beacon } from '../beacon';
import type { CommentRow } from '../comments/thread';

/**
 * The blog's tables in the provider's store (issue 6): comments, page views and clicks. Their schema is among the
 * provider's migrations (migration 3, both dialects); nothing here touches the provider's own tables.
 */

/** A seed comment: `ref` names it so replies can point at it before ids exist. */
export interface SeedComment {
  ref: string;
  post: string;
  parent?: string;
  author: string;
  email: string;
  url?: string;
  body: string;
  created: string;
}

/** A recent comment as the widgets list it. */
export interface RecentComment {
  id: number;
  author: string;
  post: string;
}

/** What a page shows from the store, read before it is rendered (the store is asynchronous, rendering is not). */
export interface BlogView {
  recent: RecentComment[];
  counts: Map<string, number>;
  /** The comments of the post shown; empty for other pages. */
  comments: CommentRow[];
}

/** The blog's queries over one store. */
export interface BlogDb {
  comments(post: string): Promise<CommentRow[]>;
  comment(id: number): Promise<(CommentRow & { post: string }) | undefined>;
  addComment(c: {
    post: string;
    parent: number;
    author: string;
    email: string;
    url: string;
    body: string;
  }): Promise<number>;
  recentComments(limit: number): Promise<RecentComment[]>;
  countsByPost(): Promise<Map<string, number>>;
  record(b: Beacon): Promise<void>;
  /** The widgets' data, and the comments of `post` when given. */
  view(post?: string): Promise<BlogView>;
}

const INSERT =
  'INSERT INTO blog_comments (post, parent, author, email, url, body, created) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
  'RETURNING id';

/** Seeds the comments once (a flag in blog_meta, so deleting every comment does not bring the seed back). */
const seedOnce = (store: Store, seed: SeedComment[], now: string): Promise<void> =>
  store.tx(async (q: Queryable) => {
    if (await q.get("SELECT 1 AS yes FROM blog_meta WHERE key = 'comments-seeded'")) return;
    const ids = new Map<string, number>();
    for (const c of seed) {
      const parent = c.parent ? ids.get(c.parent) : undefined;
      const r = await q.get<{ id: number }>(INSERT, [
        c.post,
        parent ?? null,
        c.author,
        c.email,
        c.url || '',
        c.body,
        c.created,
      ]);
      ids.set(c.ref, (r as { id: number }).id);
    }
    // A second process seeding at the same time makes this insert fail; its transaction runs again and finds the flag.
    await q.run("INSERT INTO blog_meta (key, value) VALUES ('comments-seeded', ?)", [now]);
  });

const apis = new WeakMap<Store, Promise<BlogDb>>();

/** The blog's queries for `store`, seeding the comments on first use. */
export const blogDb = (store: Store, seed: SeedComment[] = []): Promise<BlogDb> => {
  let known = apis.get(store);
  if (!known) {
    known = seedOnce(store, seed, new Date().toISOString()).then(() => api(store));
    known.catch(() => apis.delete(store));
    apis.set(store, known);
  }
  return known;
};

const api = (store: Store): BlogDb => {
  const now = () => new Date().toISOString();
  const self: BlogDb = {
    comments: (post) =>
      store.all<CommentRow>(
        'SELECT id, parent, author, url, body, created FROM blog_comments WHERE post = ? ORDER BY id',
        [post],
      ),
    comment: (id) =>
      store.get<CommentRow & { post: string }>(
        'SELECT id, parent, author, url, body, created, post FROM blog_comments WHERE id = ?',
        [id],
      ),
    addComment: async (c) =>
      (
        (await store.get<{ id: number }>(INSERT, [
          c.post,
          c.parent || null,
          c.author,
          c.email,
          c.url,
          c.body,
          now(),
        ])) as {
          id: number;
        }
      ).id,
    recentComments: (limit) =>
      store.all<RecentComment>('SELECT id, author, post FROM blog_comments ORDER BY id DESC LIMIT ?', [limit]),
    countsByPost: async () =>
      new Map(
        (
          await store.all<{ post: string; n: number }>('SELECT post, count(*) AS n FROM blog_comments GROUP BY post')
        ).map((r) => [r.post, r.n]),
      ),
    record: async (b) => {
      if (b.t === 'view')
        await store.run('INSERT INTO blog_page_views (blog, post, path, at) VALUES (?, ?, ?, ?)', [
          b.b,
          b.p,
          b.u,
          now(),
        ]);
      else
        await store.run('INSERT INTO blog_clicks (blog, post, mode, kind, href, at) VALUES (?, ?, ?, ?, ?, ?)', [
          b.b,
          b.p,
          b.m,
          b.k,
          b.h,
          now(),
        ]);
    },
    view: async (post) => {
      const [recent, counts, comments] = await Promise.all([
        self.recentComments(5),
        self.countsByPost(),
        post ? self.comments(post) : Promise.resolve([]),
      ]);
      return { recent, counts, comments };
    },
  };
  return self;
};
