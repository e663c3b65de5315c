import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers of the blog route. */

/** Reads a request body as text, at most `max` bytes; null when it is larger (the request is then refused). */
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
    req.on('error', reject);
  });

/** Security headers of every blog page: no framing by others, no sniffing, no referrer leaking paths elsewhere. */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cache-Control': 'no-cache',
};

/** Sends an HTML page. */
export const sendHtml = (res: ServerResponse, status: number, html: string): void => {
  res.writeHead(status, PAGE_HEADERS);
  res.end(html);
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
