import type { IncomingMessage } from 'node:http';

/** A Host header that is a plain host name or IP literal with an optional port: nothing that could inject markup. */
const HOST = /^(?:[a-z\d](?:[a-z\d.-]{0,251}[a-z\d])?|\[[\da-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The host the visitor reached the provider by (what snippets and e-mail links should name), when the Host header
 * is well formed; else the address the server listens on.
 */
export const publicHost = (req: IncomingMessage, fallback: string): string => {
  const h = req.headers.host;
  return h && HOST.test(h) ? h : fallback;
};

/** `http://` + `publicHost`. The reference provider speaks plain HTTP; a TLS proxy in front keeps the host. */
export const publicOrigin = (req: IncomingMessage, fallback: string): string => `http://${publicHost(req, fallback)}`;
