import type Database from 'better-sqlite3';
import type { Beacon } from '../beacon';
import type { CommentRow } from '../comments/thread';

/**
 * The blog's tables in the provider's SQLite database (issue 6): comments, page views and clicks. Created
 * idempotently from whatever handle the route is given; nothing here touches the provider's own tables.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS blog_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post TEXT NOT NULL,
  parent INTEGER REFERENCES blog_comments(id),
  author TEXT NOT NULL,
  email TEXT NOT NULL,
  url TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS blog_comments_post ON blog_comments(post, id);
CREATE TABLE IF NOT EXISTS blog_page_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  blog INTEGER NOT NULL,
  post INTEGER NOT NULL,
  path TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS blog_clicks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  blog INTEGER NOT NULL,
  post INTEGER NOT NULL,
  mode TEXT NOT NULL,
  kind TEXT NOT NULL,
  href TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS blog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

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

/** The blog's queries over one database handle. */
export interface BlogDb {
  comments(post: string): CommentRow[];
  comment(id: number): (CommentRow & { post: string }) | undefined;
  addComment(c: { post: string; parent: number; author: string; email: string; url: string; body: string }): number;
  recentComments(limit: number): { id: number; author: string; post: string }[];
  countsByPost(): Map<string, number>;
  record(b: Beacon): void;
}

const cache = new WeakMap<Database.Database, BlogDb>();

/**
 * The blog's queries for `db`, creating the tables on first use and seeding the comments once (a flag in
 * blog_meta, so deleting every comment does not bring the seed back).
 */
export const blogDb = (db: Database.Database, seed: SeedComment[] = []): BlogDb => {
  const known = cache.get(db);
  if (known) return known;
  db.exec(SCHEMA);
  const now = () => new Date().toISOString();
  const insert = db.prepare(
    'INSERT INTO blog_comments (post, parent, author, email, url, body, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM blog_meta WHERE key = 'comments-seeded'").get()) return;
    const ids = new Map<string, number>();
    for (const c of seed) {
      const parent = c.parent ? ids.get(c.parent) : undefined;
      ids.set(
        c.ref,
        Number(insert.run(c.post, parent ?? null, c.author, c.email, c.url || '', c.body, c.created).lastInsertRowid),
      );
    }
    db.prepare("INSERT INTO blog_meta (key, value) VALUES ('comments-seeded', ?)").run(now());
  })();
  const byPost = db.prepare(
    'SELECT id, parent, author, url, body, created FROM blog_comments WHERE post = ? ORDER BY id',
  );
  const one = db.prepare('SELECT id, parent, author, url, body, created, post FROM blog_comments WHERE id = ?');
  const recent = db.prepare('SELECT id, author, post FROM blog_comments ORDER BY id DESC LIMIT ?');
  const counts = db.prepare('SELECT post, count(*) AS n FROM blog_comments GROUP BY post');
  const view = db.prepare('INSERT INTO blog_page_views (blog, post, path, at) VALUES (?, ?, ?, ?)');
  const click = db.prepare('INSERT INTO blog_clicks (blog, post, mode, kind, href, at) VALUES (?, ?, ?, ?, ?, ?)');
  const api: BlogDb = {
    comments: (post) => byPost.all(post) as CommentRow[],
    comment: (id) => one.get(id) as (CommentRow & { post: string }) | undefined,
    addComment: (c) =>
      Number(insert.run(c.post, c.parent || null, c.author, c.email, c.url, c.body, now()).lastInsertRowid),
    recentComments: (limit) => recent.all(limit) as { id: number; author: string; post: string }[],
    countsByPost: () => new Map((counts.all() as { post: string; n: number }[]).map((r) => [r.post, r.n])),
    record: (b) => {
      if (b.t == 'view') view.run(b.b, b.p, b.u, now());
      else click.run(b.b, b.p, b.m, b.k, b.h, now());
    },
  };
  cache.set(db, api);
  return api;
};
