/**
 * The content host (spec 7.2): serves the built dist/ with the right types, brotli or gzip when the browser takes it,
 * ETags, and a cache policy by path: versioned paths never change, embed.js changes and must reach sites quickly.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { CACHE_EMBED, CACHE_SHORT } from '../constants';
import { CACHE_IMMUTABLE } from '../../constants';

/** Content types by extension; anything else is not served (the content host holds only these). */
export const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Types worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

/** A versioned content-host path: `/js/signup-forms/popup/[unique-methods/]1.0/…` or the css equivalent. */
const VERSIONED = /^\/(?:js|css)\/signup-forms\/popup\/(?:unique-methods\/)?\d+(?:\.\d+)*\//;

/** popup.js, whose path stays the same from build to build (spec 7.2 `{version}/popup.js`). */
const POPUP = /\/popup\.js$/;

/**
 * Cache-Control for a content-host path (issue 5: immutable when versioned, short for embed.js). Every other
 * versioned file is named for its build (build/release.mjs), but popup.js keeps its path, so it is immutable only when
 * asked for with the id of the bytes served (`pinned`: the loader's `?b=`, issue 32), an address that names these
 * bytes for ever. By its bare path, or with another build's id (a loader cached in the minutes before a release), it
 * is kept no longer than embed.js: no cache pins a build's popup.js under an address another build asks for.
 */
export const cacheControl = (path: string, pinned = false): string =>
  VERSIONED.test(path)
    ? pinned || !POPUP.test(path)
      ? CACHE_IMMUTABLE
      : CACHE_EMBED
    : /\/embed(?:\.dev|-full)?\.js$/.test(path)
      ? CACHE_EMBED
      : CACHE_SHORT;

/** A build id (build/release.mjs contentId, the same hash): the first 8 hex digits of the bytes' SHA-256. */
export const contentId = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex').slice(0, 8);

/** The encoding to send: brotli if accepted, else gzip, else none. q=0 refuses an encoding. */
export const pickEncoding = (accept: string | undefined): 'br' | 'gzip' | null => {
  const ok = new Set<string>();
  for (const part of (accept || '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) ok.add(name.trim());
  }
  return ok.has('br') ? 'br' : ok.has('gzip') || ok.has('*') ? 'gzip' : null;
};

/**
 * Whether an If-None-Match header matches `etag`: `*`, or one of its tags under the weak comparison that
 * RFC 9110 13.1.2 asks of If-None-Match (a W/ prefix ignored).
 */
export const noneMatch = (header: string | undefined, etag: string): boolean =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * `raw` in encoding `enc`: brotli at its best for files made once and kept (`kept`), at a quality that costs little
 * CPU for a body made per response (a page with its nonce, issue 35 item 6); gzip at level 9 or 6 alike.
 */
export const compress = (raw: Buffer, enc: 'br' | 'gzip', kept = true): Buffer =>
  enc === 'br'
    ? brotliCompressSync(raw, {
        params: { [zc.BROTLI_PARAM_QUALITY]: kept ? 11 : 5, [zc.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    : gzipSync(raw, { level: kept ? 9 : 6 });

/**
 * The Cache-Control of a file the content host serves at `path` as asked by `url`; `id` is the file's contentId
 * (made when first asked for), for an address that pins its bytes by it.
 */
export type CachePolicy = (path: string, url: URL, id: () => string) => string;

/** The provider's content host: cacheControl, with popup.js pinned by the loader's `?b=` (issue 32). */
const contentHostCache: CachePolicy = (path, url, id) => {
  const b = url.searchParams.get('b');
  return cacheControl(path, !!b && POPUP.test(path) && b === id());
};

interface Entry {
  key: string;
  etag: string;
  raw: Buffer;
  /** contentId(raw), made when first asked for. */
  id?: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * A handler serving files under `root`. Files are read once per (size, mtime) and their compressed forms made once,
 * so a rebuild of dist/ is picked up on the next request and an unchanged file costs no compression. `policy` says
 * how long each may be kept (the blog's assets have their own, issue 35 item 6).
 */
export const staticFiles = (root: string, policy: CachePolicy = contentHostCache) => {
  const base = resolve(root);
  const cache = new Map<string, Entry>();

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    if (path.includes('\0')) return false;
    const type = TYPES[extname(path).toLowerCase()];
    if (!type) return false;
    const file = resolve(join(base, path));
    if (!file.startsWith(base + sep)) return false;
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return false;
    }
    if (!info.isFile()) return false;
    const key = `${info.size}-${info.mtimeMs}`;
    let entry = cache.get(file);
    if (!entry || entry.key !== key) {
      entry = {
        key,
        etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
        raw: await readFile(file),
      };
      cache.set(file, entry);
    }
    const compressible = COMPRESSIBLE.test(type);
    const enc = compressible && entry.raw.length > 256 ? pickEncoding(req.headers['accept-encoding']) : null;
    // One tag per body (issue 13 item 10): the identity, gzip and brotli bodies differ byte for byte, so a cache that
    // holds one must never have it confirmed by the tag of another.
    const etag = enc ? `${entry.etag.slice(0, -1)}-${enc}"` : entry.etag;
    const kept = entry;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': policy(path, url, () => (kept.id ||= contentId(kept.raw))),
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      // Any site embeds these scripts and stylesheets, and may read their timings and sizes (Resource Timing), as
      // public CDNs allow: the site's own measuring tools, and the bench's, see what the embed costs it.
      'Access-Control-Allow-Origin': '*',
      'Timing-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (noneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    let body = entry.raw;
    if (enc) {
      body = entry[enc] ||= compress(entry.raw, enc);
      headers['Content-Encoding'] = enc;
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
};
