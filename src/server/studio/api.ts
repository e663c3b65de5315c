/**
 * The owner API (issue 33; STUDIO.md "Owner API"), what the studio's script calls and an owner's scripts may call
 * with `Authorization: Bearer <secret>`: JSON in and out, never cached. In production it is behind the owner gate
 * (src/server/owner/routes.ts, which answers 401 JSON here); in demo mode it is this machine's (owner/local.ts). A
 * state-changing call is refused (403) from another site's page, and must send its body as JSON (415 otherwise),
 * of at most MAX_JSON bytes (413).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasBody, readJson, saysJson, sendError } from '../http/json';
import type { RouteContext } from '../route';
import type { Handler } from './api-call';
import { newForm, publish, putForm, readForm, removeForm, renameForm, restore, version, versions } from './api-forms';
import { allLists, erase, newList, renameListCall, subscribers, subscribersCsv } from './api-lists';
import { stats, statsCsvCall } from './api-stats';
import { fromStudio } from './guard';

/** Where the API's paths start. */
export const API_PATH = '/owner/api/';
/** The largest body taken (STUDIO.md: 64 kB). */
export const MAX_JSON = 64 * 1024;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The calls: a path under API_PATH (its groups the parameters) and a handler per method. */
const ENDPOINTS: { path: RegExp; methods: Partial<Record<Method, Handler>> }[] = [
  { path: /^forms$/, methods: { GET: allLists } },
  { path: /^lists$/, methods: { POST: newList } },
  { path: /^lists\/([^/]+)$/, methods: { PATCH: renameListCall } },
  { path: /^lists\/([^/]+)\/forms$/, methods: { POST: newForm } },
  { path: /^lists\/([^/]+)\/subscribers$/, methods: { GET: subscribers } },
  { path: /^lists\/([^/]+)\/subscribers\.csv$/, methods: { GET: subscribersCsv } },
  { path: /^lists\/([^/]+)\/subscribers\/([^/]+)$/, methods: { DELETE: erase } },
  {
    path: /^forms\/([^/]+)\/([^/]+)$/,
    methods: { GET: readForm, PUT: putForm, PATCH: renameForm, DELETE: removeForm },
  },
  { path: /^forms\/([^/]+)\/([^/]+)\/versions$/, methods: { GET: versions } },
  { path: /^forms\/([^/]+)\/([^/]+)\/stats$/, methods: { GET: stats } },
  { path: /^forms\/([^/]+)\/([^/]+)\/stats\.csv$/, methods: { GET: statsCsvCall } },
  { path: /^forms\/([^/]+)\/([^/]+)\/versions\/(\d{1,9})$/, methods: { GET: version } },
  { path: /^forms\/([^/]+)\/([^/]+)\/versions\/(\d{1,9})\/restore$/, methods: { POST: restore } },
  { path: /^publish\/([^/]+)\/([^/]+)$/, methods: { GET: publish } },
];

/** The endpoint of a path under API_PATH and its parameters, percent-decoded; null when there is none. */
const endpointOf = (rest: string) => {
  for (const ep of ENDPOINTS) {
    const m = ep.path.exec(rest);
    // The app checked that the path decodes (app.ts); a parameter holding U+0000 names nothing stored (db/*.ts).
    if (m) return { ep, params: m.slice(1).map((p) => decodeURIComponent(p)) };
  }
  return null;
};

/**
 * The body of a state-changing call, once the request passed the cross-site and type checks: an object (empty when
 * none was sent), or null when an answer was sent already.
 */
const bodyOf = async (req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | null> => {
  // A type that is not JSON, or a body without a type (text/plain is what an HTML form sends without one).
  if ((req.headers['content-type'] !== undefined || hasBody(req)) && !saysJson(req)) {
    req.resume();
    sendError(res, 415, 'Send the body as JSON, with Content-Type: application/json.');
    return null;
  }
  if (!hasBody(req)) return {};
  const read = await readJson(req, MAX_JSON);
  if (!read.ok) {
    sendError(res, read.status, read.error);
    return null;
  }
  const v = read.value;
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  sendError(res, 400, 'The body must be a JSON object.');
  return null;
};

/** Serves the owner API (after the owner gate in production, after the local-only checks in demo mode). */
export const studioApi = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (!url.pathname.startsWith(API_PATH)) return false;
  const rest = url.pathname.slice(API_PATH.length);
  const found = endpointOf(rest);
  if (!found) {
    req.resume();
    sendError(res, 404, 'There is no such call in the owner API.');
    return true;
  }
  const head = req.method === 'HEAD';
  const method = (head ? 'GET' : req.method) as Method;
  const { ep, params } = found;
  const handler = ep.methods[method];
  if (!handler) {
    req.resume();
    const allow = Object.keys(ep.methods).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
    sendError(res, 405, `${req.method} is not a method of this call.`, {}, { Allow: allow.join(', ') });
    return true;
  }
  let body: Record<string, unknown> = {};
  if (method !== 'GET') {
    if (!fromStudio(req, ctx.site)) {
      req.resume();
      sendError(res, 403, "The owner API takes changes from this provider's own pages only.");
      return true;
    }
    const read = await bodyOf(req, res);
    if (!read) return true;
    body = read;
  } else req.resume();
  await handler({ req, res, ctx, url, params, body, head });
  return true;
};
