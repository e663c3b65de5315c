import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { newNonce, type PagePolicy, securityHeaders } from './csp';

/** How sendPage answers besides the page itself. */
export interface PageOptions {
  /** Default 200. */
  status?: number;
  /** What the page loads beyond its nonce'd inline code (http/csp.ts); default nothing. */
  policy?: PagePolicy;
  /** Headers added or overriding (WWW-Authenticate, Retry-After). */
  headers?: Record<string, string>;
  /** A HEAD request: the headers only. */
  head?: boolean;
  /**
   * The encoding the client takes (static.ts pickEncoding), for a page worth compressing (the hosted form, issue 35
   * item 1: a page a visitor's first visit waits on). None by default: most pages are small, and a page holding a
   * secret beside what the request said (a human check's seal) is never compressed (BREACH).
   */
  encoding?: 'br' | 'gzip' | null;
}

/**
 * `body` in `encoding`. Brotli at a middle quality: a page is compressed on every request, and its top qualities cost
 * far more time for little gain.
 */
const encode = (body: Buffer, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, { params: { [zc.BROTLI_PARAM_QUALITY]: 5, [zc.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body);

/**
 * Sends an HTML page built by `build` for a fresh nonce, with the security headers of its policy
 * (docs/decisions/strict-csp.md: CSP, frame-ancestors, Referrer-Policy, nosniff), never cached. The provider's only way
 * to send HTML, so no page goes out without them.
 */
export const sendPage = (res: ServerResponse, build: (nonce: string) => string, o: PageOptions = {}): void => {
  const nonce = newNonce();
  const html = Buffer.from(build(nonce));
  const body = o.encoding ? encode(html, o.encoding) : html;
  res.writeHead(o.status ?? 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': body.length,
    ...(o.encoding !== undefined && { Vary: 'Accept-Encoding' }),
    ...(o.encoding && { 'Content-Encoding': o.encoding }),
    ...securityHeaders(nonce, o.policy),
    ...o.headers,
  });
  res.end(o.head ? undefined : body);
};

/** Sends a short plain-text answer, used for errors a browser shows nobody (400 on a script URL, 404, 405, 414). */
export const sendText = (
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void => {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
};

/** Redirects with 303 See Other (after a POST, the browser GETs the target). */
export const redirect = (res: ServerResponse, location: string): void => {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': 0 });
  res.end();
};
