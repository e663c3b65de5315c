import type { IncomingMessage } from 'node:http';

/**
 * The request body as text, or null when it is larger than `max` bytes (by Content-Length at once, else as it
 * arrives; the rest is drained, not kept). Used by the provider's form posts (captcha answer, owner sign-in).
 */
export const readBody = (req: IncomingMessage, max: number): Promise<string | null> => {
  if (Number(req.headers['content-length'] || 0) > max) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size <= max) chunks.push(d);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
};
