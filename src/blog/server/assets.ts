/**
 * The blog's built assets (issue 35 item 6): blog.js and blog.css served by the provider's content-host code
 * (brotli or gzip, ETags; src/server/http/static.ts), immutable when asked for by the `?v=` of the bytes served, and
 * what the pages need of them: the stylesheet's text, inlined under the page's nonce so that nothing blocks the first
 * paint, and blog.js's address with its version.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_IMMUTABLE } from '../../constants';
import { type CachePolicy, contentId, staticFiles } from '../../server/http/static';

/** Unversioned (an old page, a hand-typed address): kept, but asked again each time (as before issue 35). */
const CACHE_UNVERSIONED = 'no-cache';

/** Immutable only by the `?v=` of these very bytes: another build's `v` must never pin these under its address. */
const blogCache: CachePolicy = (_path, url, id) =>
  url.searchParams.get('v') === id() ? CACHE_IMMUTABLE : CACHE_UNVERSIONED;

/** What a page takes of the built assets. */
export interface PageAssets {
  /** blog.css's text to inline ('' when the build has none: the page then links /blog/blog.css). */
  css: string;
  /** blog.js's address, versioned by its content id. */
  js: string;
}

interface Read {
  key: string;
  value: string;
}

/** A file's text or id, made again only when its size or time changes (a rebuild of dist/ is seen at once). */
const reader = (file: string, make: (raw: Buffer) => string) => {
  let last: Read | null = null;
  return (): string => {
    let key: string;
    try {
      const s = statSync(file);
      key = `${s.size}-${s.mtimeMs}`;
    } catch {
      return '';
    }
    if (last?.key !== key) last = { key, value: make(readFileSync(file)) };
    return last.value;
  };
};

/** The blog's assets under `distDir`/blog: the route that serves them, and what the pages name. */
export const blogAssets = (distDir: string) => {
  const dir = join(distDir, 'blog');
  const css = reader(join(dir, 'blog.css'), (raw) => raw.toString('utf8'));
  const jsId = reader(join(dir, 'blog.js'), contentId);
  return {
    /** Serves `/blog/<file>` of the build; false when there is no such file. */
    serve: staticFiles(distDir, blogCache),
    page: (): PageAssets => {
      const id = jsId();
      return { css: css(), js: id ? `/blog/blog.js?v=${id}` : '/blog/blog.js' };
    },
  };
};
