import type { IncomingMessage } from 'node:http';

/**
 * A request whose client went away (or whose stream failed) before its body had arrived: nobody is left to answer, and
 * nothing went wrong on this side. The provider's handler ends it without a log line (docs/decisions/logs.md: one stack
 * per aborted post filled the log in an outage).
 */
export class ClientGone extends Error {
  constructor(cause: unknown) {
    super('the client closed the request before its body arrived', { cause });
  }
}

/**
 * The request body as text, or null when it is larger than `max` bytes (by Content-Length at once, else as it
 * arrives; the rest is drained, not kept). Rejects with ClientGone when the client aborts. Used by the provider's
 * form posts (captcha answer, owner sign-in, confirm).
 */
export const readBody = (req: IncomingMessage, max: number): Promise<string | null> => {
  if (Number(req.headers['content-length'] || 0) > max) return Promise.resolve(null);
  // Gone while the handler awaited something else: its 'error' and 'close' have passed, and would be waited for ever.
  if (req.destroyed) return Promise.reject(new ClientGone(null));
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size <= max) chunks.push(d);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', (e) => reject(new ClientGone(e)));
    // A stream closed without 'end' or 'error' is a body that will never come either (a promise settles once).
    req.on('close', () => reject(new ClientGone(null)));
  });
};
