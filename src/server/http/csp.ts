/**
 * The security headers of every HTML page the server sends (docs/decisions/strict-csp.md): a strict
 * Content-Security-Policy with a nonce per response (inline scripts and styles run only with it; no 'unsafe-inline', no
 * 'unsafe-eval', no base or plugin), frame-ancestors, a Referrer-Policy and nosniff. Each page says what else it loads
 * in a PagePolicy; everything it does not name stays refused (default-src 'none').
 */
import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response: 128 random bits, base64. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** What a page may use beyond its own nonce'd inline scripts and styles; each list is of CSP source expressions. */
export interface PagePolicy {
  /** Scripts by address ('self' for embed.js, popup.js, blog.js and the JSONP calls on this server). */
  script?: string[];
  /** Stylesheets by address (the popup's, the blog's). */
  style?: string[];
  img?: string[];
  /** fetch and sendBeacon targets. */
  connect?: string[];
  /** Frames by address (video players, the preview stage). The popup's srcdoc frames need none. */
  frame?: string[];
  /** Where the page's forms may post; default none. */
  form?: string[];
  /** Who may frame the page: default 'none' (clickjacking); only the preview stage says 'self'. */
  ancestors?: "'none'" | "'self'";
  /**
   * Default 'no-referrer' (a page address may carry a token); the blog keeps its origin for other sites. A page whose
   * posts are checked for their Origin (the owner's sign-in and sign-out) says 'same-origin': under 'no-referrer' a
   * browser sends `Origin: null` with a form's post, even to the page's own origin.
   */
  referrer?: 'no-referrer' | 'same-origin' | 'strict-origin-when-cross-origin';
}

const list = (own: string[], more: string[] = []): string => [...own, ...more].join(' ');

/** The Content-Security-Policy of a page for `nonce`. */
export const contentSecurityPolicy = (nonce: string, p: PagePolicy = {}): string => {
  const n = `'nonce-${nonce}'`;
  return [
    "default-src 'none'",
    `script-src ${list([n], p.script)}`,
    `style-src ${list([n], p.style)}`,
    ...(p.img?.length ? [`img-src ${list(p.img)}`] : []),
    ...(p.connect?.length ? [`connect-src ${list(p.connect)}`] : []),
    ...(p.frame?.length ? [`frame-src ${list(p.frame)}`] : []),
    `form-action ${p.form?.length ? list(p.form) : "'none'"}`,
    "base-uri 'none'",
    `frame-ancestors ${p.ancestors || "'none'"}`,
  ].join('; ');
};

/** The security headers of a page for `nonce` (X-Frame-Options too, for browsers without frame-ancestors). */
export const securityHeaders = (nonce: string, p: PagePolicy = {}): Record<string, string> => ({
  'Content-Security-Policy': contentSecurityPolicy(nonce, p),
  'X-Frame-Options': p.ancestors === "'self'" ? 'SAMEORIGIN' : 'DENY',
  'Referrer-Policy': p.referrer || 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * Sources for this provider's own files and calls (embed.js, popup.js, stylesheets, the JSONP calls, form images):
 * 'self', and the Site's origin, which pages name in production even when reached by another address. An IPv6
 * origin is left to 'self': a CSP host source takes no IPv6 literal.
 */
export const ownSources = (origin: string): string[] => (origin.includes('[') ? ["'self'"] : ["'self'", origin]);
