/**
 * Whether a post comes from one of the server's own pages (cross-site request forgery), from what a browser says of
 * where a request comes from: the blog's comment form (docs/decisions/cross-site-posts.md) and the owner's sign-in and
 * sign-out (issue 32 items 6 and 7) ask it.
 */
import type { IncomingMessage } from 'node:http';

/** The same origin, however written (case, a default port): false when either is no origin at all. */
export const sameOrigin = (a: string, b: string): boolean => {
  try {
    const x = new URL(a);
    return x.origin !== 'null' && x.origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/**
 * Whether a post may come from a page of the server's own: `own` says whether an Origin header names the server.
 * Refused are any `Sec-Fetch-Site` but same-origin (or none: typed by the user), so a sibling subdomain's page
 * (same-site) is refused too; an `Origin` that `own` does not accept; and `Origin: null` (a sandboxed frame, a
 * privacy-stripped redirect). A post with neither header is accepted: every current browser sends Origin with a
 * POST, so it comes from a client that is no browser (curl, a script), which could as well send the right Origin;
 * no visitor's browser can be made to send it, the attack these headers stop.
 */
export const fromOwnOrigin = (req: IncomingMessage, own: (origin: string) => boolean): boolean => {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = req.headers.origin;
  return origin === undefined || own(origin);
};
