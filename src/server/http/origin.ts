import type { IncomingMessage } from 'node:http';

/** A Host header that is a plain host name or IP literal with an optional port: nothing that could inject markup. */
const HOST = /^(?:[a-z\d](?:[a-z\d.-]{0,251}[a-z\d])?|\[[\da-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The last Host header seen and whether it was well formed. */
let lastHost = '';
let lastOk = false;

/**
 * The host the visitor reached the provider by, when the Host header is well formed; else the address the server
 * listens on. Only for answers to that visitor in demo mode (src/server/site.ts): never for a link that leaves the
 * response, such as an e-mail's (docs/decisions/links-from-site-origin.md).
 */
export const publicHost = (req: IncomingMessage, fallback: string): string => {
  const h = req.headers.host;
  if (!h) return fallback;
  // Every request of a visitor (of a load test) carries the same Host: its verdict is kept, not tested again.
  if (h !== lastHost) {
    lastHost = h;
    lastOk = HOST.test(h);
  }
  return lastOk ? h : fallback;
};
