import type { ServerResponse } from 'node:http';
import { newNonce, ownSources, type PagePolicy, securityHeaders } from '../../server/http/csp';
import { compress, pickEncoding } from '../../server/http/static';
import { PLAYER_HOSTS } from '../video';

/** How the blog sends its pages; bodies and plain answers are the platform's (src/server/http/). */

/**
 * What blog pages load (issue 13 item 7), on top of their nonce'd inline script and style: blog.js (and blog.css by
 * its address, when the build had none to inline) from the blog itself, the popup's embed.js, popup.js,
 * stylesheets and JSONP calls from the provider (`provider`, the provider's origin as the page names it: another
 * origin since issue 35 item 2), images of posts, forms and video thumbnails (any https host a post names), the
 * statistics beacon and the popup's counts beacon to the provider (issue 36 item 2), the video players of video.ts, and
 * the comment form's post. Never framed; the referrer keeps only the origin for other sites.
 */
export const blogPolicy = (provider: string): PagePolicy => {
  const own = ownSources(provider);
  return {
    script: own,
    style: own,
    img: [...own, 'https:'],
    connect: own,
    frame: Object.keys(PLAYER_HOSTS).map((h) => `https://${h}`),
    form: ["'self'"],
    referrer: 'strict-origin-when-cross-origin',
  };
};

/**
 * Sends a page built by `build` for a fresh nonce, with the security headers of blogPolicy, compressed as the
 * request's Accept-Encoding (`accept`) allows (issue 35 item 6). Stored but asked again at every view (no-cache): a
 * comment just posted must show on the page the post returns to, and each answer has a nonce of its own.
 */
export const sendHtml = (
  res: ServerResponse,
  status: number,
  build: (nonce: string) => string,
  provider: string,
  accept?: string,
): void => {
  const nonce = newNonce();
  const html = Buffer.from(build(nonce));
  const enc = pickEncoding(accept);
  const body = enc ? compress(html, enc, false) : html;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': String(body.length),
    Vary: 'Accept-Encoding',
    ...(enc ? { 'Content-Encoding': enc } : {}),
    ...securityHeaders(nonce, blogPolicy(provider)),
  });
  res.end(body);
};
