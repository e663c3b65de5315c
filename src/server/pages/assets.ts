/**
 * The demo forms' images, served by the provider itself so that the demo needs no other host: a form image
 * (spec 3.2 imageUrl) and the SMS program's flag (spec 3.4 smsProgramData imgSrc). Drawn as SVG, a few hundred bytes.
 * Also the answer to browsers' /favicon.ico.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_SHORT } from '../constants';

const ASSETS: Record<string, string> = {
  '/demo/assets/form-image.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600"
height="600">
<rect width="600" height="600" fill="#f4e7d3"/><circle cx="430" cy="170" r="90" fill="#e85c41"/>
<path d="M0 430 Q150 300 300 420 T600 400 V600 H0Z" fill="#3b7a57"/>
<path d="M0 500 Q200 420 380 510 T600 490 V600 H0Z" fill="#007c89"/>
</svg>`,
  '/demo/assets/flag-us.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 38 20" width="38" height="20">
<rect width="38" height="20" fill="#b22234"/>
<path d="M0 3h38M0 6h38M0 9h38M0 12h38M0 15h38M0 18h38" stroke="#fff" stroke-width="1.5"/>
<rect width="16" height="11" fill="#3c3b6e"/></svg>`,
};

/** Serves the demo images, and an empty /favicon.ico. */
export const assetsRoute = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
  if (url.pathname === '/favicon.ico' && (req.method === 'GET' || req.method === 'HEAD')) {
    // The pages name no icon (a data: one would need img-src data: in their CSP, docs/decisions/strict-csp.md):
    // browsers ask for this one, and get no content rather than a 404 in every page's console.
    res.writeHead(204, { 'Cache-Control': CACHE_SHORT });
    res.end();
    return true;
  }
  const svg = ASSETS[url.pathname];
  if (!svg || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  res.writeHead(200, {
    'Content-Type': 'image/svg+xml',
    'Content-Length': Buffer.byteLength(svg),
    'Cache-Control': CACHE_SHORT,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  res.end(req.method === 'HEAD' ? undefined : svg);
  return true;
};
