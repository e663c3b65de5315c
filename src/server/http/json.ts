/**
 * JSON answers and bodies of the owner API (issue 33): never cached, never sniffed, and a body read only when it says
 * it is JSON (a cross-site HTML form cannot send that type) and is no larger than the cap.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body';

/** Sends `body` as JSON with `status`; a HEAD request gets the headers only. */
export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
  head = false,
): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(head ? undefined : text);
};

/** An error answer: `{ error }` and whatever else the status carries (a 422's problems, a 412's current). */
export const sendError = (
  res: ServerResponse,
  status: number,
  error: string,
  more: Record<string, unknown> = {},
  extra: Record<string, string> = {},
): void => sendJson(res, status, { error, ...more }, extra);

/** Whether the request says its body is JSON (application/json, any parameters). */
export const saysJson = (req: IncomingMessage): boolean =>
  /^application\/json\s*(?:;|$)/i.test(req.headers['content-type'] || '');

/** Whether the request carries a body at all. */
export const hasBody = (req: IncomingMessage): boolean =>
  Number(req.headers['content-length'] || 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** What reading a JSON body found. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 413 | 400; error: string };

/**
 * Reads what is left of the request and drops it: a client still sending a body past the cap would otherwise meet a
 * closed connection (a reset) before it could read the 413.
 */
const drain = (req: IncomingMessage): Promise<void> =>
  new Promise((resolve) => {
    if (req.readableEnded) return resolve();
    req.on('end', resolve);
    req.on('close', resolve);
    req.resume();
  });

/** Reads a JSON body of at most `max` bytes (the caller checked its type). */
export const readJson = async (req: IncomingMessage, max: number): Promise<JsonBody> => {
  // A Content-Length over the cap is refused without keeping the body (readBody), once it has arrived.
  if (Number(req.headers['content-length'] || 0) > max) await drain(req);
  const text = await readBody(req, max);
  if (text === null) return { ok: false, status: 413, error: `The body is larger than ${max} bytes.` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'The body is not JSON.' };
  }
};
