import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientGone } from '../../server/http/body';
import { newNonce, ownSources, type PagePolicy, securityHeaders } from '../../server/http/csp';
import { PLAYER_HOSTS } from '../video';

/** Small HTTP helpers of the blog route. */

/**
 * Reads a request body as text, at most `max` bytes; null when it is larger (the request is then refused). Rejects
 * with ClientGone when the client aborts.
 */
export const readBody = (req: IncomingMessage, max: number): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
    // A client that hangs up mid-body (or before it was read): the provider's handler ends the request without a log
    // line (docs/decisions/logs.md).
    if (req.destroyed) reject(new ClientGone(null));
    req.on('error', (e) => reject(new ClientGone(e)));
    req.on('close', () => reject(new ClientGone(null)));
  });

/**
 * What blog pages load (docs/decisions/strict-csp.md), on top of their nonce'd inline script: blog.js and blog.css, the
 * popup's embed.js, popup.js, stylesheets and JSONP calls (this provider's own sources, `origin` its Site origin),
 * images of posts, forms and video thumbnails (any https host a post names), the statistics beacon, the video players
 * of video.ts, and the comment form's post. Never framed; the referrer keeps only the origin for other sites.
 */
export const blogPolicy = (origin: string): PagePolicy => {
  const own = ownSources(origin);
  return {
    script: own,
    style: own,
    img: [...own, 'https:'],
    connect: ["'self'"],
    frame: Object.keys(PLAYER_HOSTS).map((h) => `https://${h}`),
    form: ["'self'"],
    referrer: 'strict-origin-when-cross-origin',
  };
};

/** Sends a page built by `build` for a fresh nonce, with the security headers of blogPolicy. */
export const sendHtml = (
  res: ServerResponse,
  status: number,
  build: (nonce: string) => string,
  origin: string,
): void => {
  const nonce = newNonce();
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...securityHeaders(nonce, blogPolicy(origin)),
  });
  res.end(build(nonce));
};

/** Sends a short plain-text answer. */
export const sendText = (
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
};
