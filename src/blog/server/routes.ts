import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { BLOG_STATS_PATH } from '../constants';
import { parseBeacon } from '../beacon';
import { loadContent, type Content } from '../content/site';
import { type BlogDb, blogDb, type SeedComment } from './db';
import { postComment } from './comment-post';
import { beaconCounts, type CommentLimits, fromOwnPage } from './guard';
import { readBody } from '../../server/http/body';
import { sendText } from '../../server/http/respond';
import { blogAssets } from './assets';
import { type BlogPlace, placer } from './place';
import { homePage, notFoundPage, type PageAt, postPage } from './render';

import type { Limit } from '../../server/db/counters';
import type { Route } from '../../server/route';
import type { Store } from '../../server/store/types';

/** Where the blog's files are. */
export interface BlogOptions {
  /** The content directory (site.json, posts/, images/, comments.json). Default `./content`. */
  contentDir?: string;
  /** The built content host (blog.js and blog.css under blog/). Default `./dist`. */
  distDir?: string;
  /** Comments per client per minute and per hour (guard.ts; defaults in src/constants.ts); false lifts both. */
  commentLimits?: CommentLimits;
  /** Statistics beacons stored per client (guard.ts beaconCounts; default in src/constants.ts); false lifts it. */
  statsLimit?: Limit | false;
  /**
   * The blog's listening address ('127.0.0.1:8081') when it runs on a server of its own (start.ts, issue 35 item 2);
   * read at each request. Without it the blog is served by the provider itself (place.ts).
   */
  listening?: () => string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

/** Browser privacy signals sent as headers: then nothing is recorded even if a beacon arrives (spec 7.3). */
const optedOut = (req: IncomingMessage) => req.headers['sec-gpc'] === '1' || req.headers.dnt === '1';

/**
 * The file a decoded path under /blog/ names (issue 13 item 4), or null: `images/…` and `files/…` from the content
 * folder's public folders, anything else from the built dist/blog/. Only known types, no dot segment (`..`, dot
 * files), no backslash or NUL, and the resolved file inside its folder: comments.json, site.json and the raw posts
 * sit beside the public folders and are never served, however the path is encoded.
 */
export const publicFile = (contentDir: string, blogDist: string, rel: string): string | null => {
  if (/[\\\0]/.test(rel) || rel.split('/').some((s) => s.startsWith('.'))) return null;
  const m = /^(images|files)\/(.+)$/.exec(rel);
  const root = resolve(m ? join(contentDir, m[1]) : blogDist);
  const file = resolve(root, m ? m[2] : rel);
  return file.startsWith(root + sep) && TYPES[extname(file)] ? file : null;
};

/** Serves a file of the content folder (an image, a download), as the author put it there. */
const serveFile = (res: ServerResponse, file: string | null): boolean => {
  if (!file || !existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)],
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(res);
  return true;
};

/** One request the blog answers, with what answering it needs. */
interface BlogAsk {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  /** GET or HEAD. */
  read: boolean;
  content: Content;
  data: BlogDb;
  /** The provider and the built assets as the page names them (place.ts), and how its answer may be compressed. */
  at: PageAt;
  place: BlogPlace;
  store: Store;
  client: string;
}

/** A method the path does not take: 405, saying the one it is for, with every one it takes. */
const wrongMethod = (res: ServerResponse, only: 'GET' | 'POST', allow: string): true => {
  sendText(res, 405, `${only} only`, { Allow: allow });
  return true;
};

/**
 * The statistics beacon (spec 7.3): stored only from the blog's own pages (another site cannot make its visitors'
 * browsers fill these tables), within the limit per client, and not for a browser that asks not to be tracked; every
 * refusal is answered alike, as a beacon's sender reads no answer.
 */
const statsBeacon = async (a: BlogAsk, limit: Limit | false | undefined): Promise<true> => {
  if (a.method !== 'POST') return wrongMethod(a.res, 'POST', 'POST');
  const body = await readBody(a.req, 4096);
  const beacon = body == null ? null : parseBeacon(body);
  if (!beacon) {
    sendText(a.res, 400, 'bad beacon');
    return true;
  }
  if (!optedOut(a.req) && fromOwnPage(a.req, a.place.own) && (await beaconCounts(a.store, limit, a.client)))
    await a.data.record(beacon);
  a.res.writeHead(204).end();
  return true;
};

/** A file under /blog/: the build's by the content host's code (compressed, versioned), the content's as it is. */
const blogFile = async (
  a: BlogAsk,
  dirs: { contentDir: string; distDir: string },
  assets: ReturnType<typeof blogAssets>,
) => {
  // Decoded first, then checked (the provider answered a malformed escape with a 400 before any route).
  const rel = decodeURIComponent(a.url.pathname.slice('/blog/'.length));
  const file = publicFile(dirs.contentDir, join(dirs.distDir, 'blog'), rel);
  if (a.read && file && !/^(images|files)\//.test(rel) && (await assets.serve(a.req, a.res, a.url))) return true;
  if (a.read && serveFile(a.res, file)) return true;
  sendText(a.res, 404, 'Not found');
  return true;
};

/**
 * A path under /posts: a post's page, its comment post (a GET there, the address bar after a failed post, goes back to
 * the form), the same post in other letter case (a redirect), or the 404 page.
 */
const postPath = async (a: BlogAsk, post: RegExpExecArray | null, limits: CommentLimits | undefined) => {
  const { res, content, data, at } = a;
  const slug = post ? post[1] : '';
  const found = content.posts.find((p) => p.slug === slug);
  if (!found) {
    const lower = a.url.pathname.toLowerCase();
    const other = /^\/posts\/([a-z0-9-]+)\/?$/.exec(lower);
    if (a.read && lower !== a.url.pathname && other && content.posts.some((p) => p.slug === other[1]))
      res.writeHead(301, { Location: lower + a.url.search }).end();
    else notFoundPage(res, content, await data.view(), at);
    return true;
  }
  if (!post?.[2]) {
    if (!a.read) return wrongMethod(res, 'GET', 'GET, HEAD');
    const reply = Number(a.url.searchParams.get('replytocom')) || 0;
    postPage(res, 200, content, await data.view(slug), at, found, reply, null);
  } else if (a.read) res.writeHead(303, { Location: `/posts/${slug}#respond` }).end();
  else if (a.method !== 'POST') wrongMethod(res, 'POST', 'GET, HEAD, POST');
  else {
    const { store, client, place } = a;
    await postComment(a.req, res, { store, data, content, post: found, at, own: place.own, client, limits });
  }
  return true;
};

/**
 * Creates the blog's route for the reference provider's server (issue 6). It owns `/` (home), `/posts/<slug>`, the
 * comment POST `/posts/<slug>/comments` (src/blog/server/comment-post.ts), the statistics endpoint (BLOG_STATS_PATH),
 * everything else under `/blog/` (blog.js and blog.css from the build, images from the content directory) and every
 * other path under `/posts` (its 404 page); false for anything else.
 * Content is read once, on the first request.
 */
export const createBlogRoute = (options: BlogOptions = {}): Route => {
  const contentDir = normalize(options.contentDir || join(process.cwd(), 'content'));
  const distDir = normalize(options.distDir || join(process.cwd(), 'dist'));
  const assets = blogAssets(distDir);
  const placeFor = placer(options.listening);
  let content: Content | undefined;
  let seed: SeedComment[] | undefined;
  const load = () => {
    content ||= loadContent(contentDir);
    const seedFile = join(contentDir, 'comments.json');
    seed ||= existsSync(seedFile) ? (JSON.parse(readFileSync(seedFile, 'utf8')) as SeedComment[]) : [];
    return { content, seed };
  };

  return async (req, res, url, { store, site: provider, client }) => {
    const path = url.pathname;
    const method = req.method || 'GET';
    const post = /^\/posts\/([a-z0-9-]+)(\/comments)?\/?$/.exec(path);
    // Every other path under /posts is the blog's too: its 404 page, with the site's header and menu.
    if (path !== '/' && !post && !/^\/(blog|posts)(\/|$)/.test(path)) return false;

    const { content, seed } = load();
    const data = await blogDb(store, seed);
    const place = placeFor(provider);
    const at = { ...place.provider(req), assets: assets.page(), accept: req.headers['accept-encoding'] };
    const read = method === 'GET' || method === 'HEAD';
    const a: BlogAsk = { req, res, url, method, read, content, data, at, place, store, client: client(req) };

    if (path === BLOG_STATS_PATH) return statsBeacon(a, options.statsLimit);
    if (path.startsWith('/blog/')) return blogFile(a, { contentDir, distDir }, assets);
    if (path !== '/') return postPath(a, post, options.commentLimits);
    if (!read) return wrongMethod(res, 'GET', 'GET, HEAD');
    homePage(res, content, await data.view(), at);
    return true;
  };
};
