import type { ServerResponse } from 'node:http';

/** Headers every HTML page of the provider carries: no sniffing, no referrer leaking page URLs (confirm tokens). */
const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Sends a whole HTML page; `extra` adds or overrides headers (e.g. X-Frame-Options on the captcha page). */
export const sendHtml = (
  res: ServerResponse,
  html: string,
  status = 200,
  extra: Record<string, string> = {},
  head = false,
): void => {
  res.writeHead(status, { ...HTML_HEADERS, 'Content-Length': Buffer.byteLength(html), ...extra });
  res.end(head ? undefined : html);
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
