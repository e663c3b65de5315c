import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { BLOG_STATS_PATH } from '../constants';
import { parseBeacon } from '../beacon';
import { loadContent, type Content } from '../content/site';
import { blogDb, type SeedComment } from './db';
import { postComment } from './comment-post';
import { beaconCounts, type CommentLimits, fromOwnPage } from './guard';
import { readBody } from '../../server/http/body';
import { sendText } from '../../server/http/respond';
import { blogAssets } from './assets';
import { placer } from './place';
import { homePage, notFoundPage, postPage } from './render';

import type { Limit } from '../../server/db/counters';
import type { Route } from '../../server/route';

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
    const read = method === 'GET' || method === 'HEAD';
    const post = /^\/posts\/([a-z0-9-]+)(\/comments)?\/?$/.exec(path);
    // Every other path under /posts is the blog's too: its 404 page, with the site's header and menu.
    if (path !== '/' && !post && !/^\/(blog|posts)(\/|$)/.test(path)) return false;

    const { content, seed } = load();
    const data = await blogDb(store, seed);
    // The provider as the page names it (place.ts), the built assets it names, and how its answer may be compressed.
    const place = placeFor(provider);
    const at = { ...place.provider(req), assets: assets.page(), accept: req.headers['accept-encoding'] };

    if (path === BLOG_STATS_PATH) {
      if (method !== 'POST') {
        sendText(res, 405, 'POST only', { Allow: 'POST' });
        return true;
      }
      const body = await readBody(req, 4096);
      const beacon = body == null ? null : parseBeacon(body);
      if (!beacon) {
        sendText(res, 400, 'bad beacon');
        return true;
      }
      // Stored only from the blog's own pages (another site cannot make its visitors' browsers fill these tables) and
      // within the limit per client; every refusal is answered alike, a beacon's sender reads no answer.
      if (!optedOut(req) && fromOwnPage(req, place.own) && (await beaconCounts(store, options.statsLimit, client(req))))
        await data.record(beacon);
      res.writeHead(204).end();
      return true;
    }
    if (path.startsWith('/blog/')) {
      // Decoded first, then checked (the provider answered a malformed escape with a 400 before any route).
      const rel = decodeURIComponent(path.slice('/blog/'.length));
      const file = publicFile(contentDir, join(distDir, 'blog'), rel);
      // The build's files by the content host's code (compressed, versioned: issue 35 item 6); the content's as is.
      if (read && file && !/^(images|files)\//.test(rel) && (await assets.serve(req, res, url))) return true;
      if (read && serveFile(res, file)) return true;
      sendText(res, 404, 'Not found');
      return true;
    }
    if (path === '/') {
      if (!read) {
        sendText(res, 405, 'GET only', { Allow: 'GET, HEAD' });
        return true;
      }
      homePage(res, content, await data.view(), at);
      return true;
    }
    const slug = post ? post[1] : '';
    const found = content.posts.find((p) => p.slug === slug);
    if (!found) {
      // A post's address in other letter case is that post.
      const lower = path.toLowerCase();
      const other = /^\/posts\/([a-z0-9-]+)\/?$/.exec(lower);
      if (read && lower !== path && other && content.posts.some((p) => p.slug === other[1])) {
        res.writeHead(301, { Location: lower + url.search }).end();
        return true;
      }
      notFoundPage(res, content, await data.view(), at);
      return true;
    }
    if (!post?.[2]) {
      if (!read) {
        sendText(res, 405, 'GET only', { Allow: 'GET, HEAD' });
        return true;
      }
      const reply = Number(url.searchParams.get('replytocom')) || 0;
      postPage(res, 200, content, await data.view(slug), at, found, reply, null);
      return true;
    }
    // The comment form's post; a GET there (the address bar after a failed post) goes back to the form.
    if (read) res.writeHead(303, { Location: `/posts/${slug}#respond` }).end();
    else if (method !== 'POST') sendText(res, 405, 'POST only', { Allow: 'GET, HEAD, POST' });
    else
      await postComment(req, res, {
        store,
        data,
        content,
        post: found,
        at,
        own: place.own,
        client: client(req),
        limits: options.commentLimits,
      });
    return true;
  };
};
