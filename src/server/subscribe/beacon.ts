/**
 * The popup's beacon (issue 36 item 2): `POST /subscribe/form-event` with a small body, the JSON array
 * `[u, id, f_id, e]` (the account, list and form ids as the loader has them, and the event: shown or closed; an array
 * and no keys, as every byte of popup.js counts), sent by `navigator.sendBeacon` from the host page when the settings
 * answer said `providerCounts`. Public and cross-site by nature (it comes from the pages that embed the form), so no
 * origin check; and nothing of the request names anyone: no cookie is read or set, no visitor id exists, and the
 * client is known only as the rate limit counts it (ctx's client: the socket's address, or a trusted proxy's). Counts
 * are aggregates, so a script that forges beacons can at worst inflate them, and the per-client limit bounds that.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { countEvent } from '../db/form-counts';
import type { Counter } from '../db/counters';
import { findForm } from '../db/forms';
import { readBody } from '../http/body';
import { sendText } from '../http/respond';
import type { RouteContext } from '../route';

/** The beacon's path. */
export const BEACON_PATH = '/subscribe/form-event';
/** The largest body taken: four short parameters (ids of at most a few dozen characters) fit many times over. */
export const BEACON_MAX_BYTES = 512;
/** Beacons one client may send per window: a reader sends two per popup, so an office behind one address fits. */
export const BEACON_CLIENT_MAX = 120;
export const BEACON_CLIENT_WINDOW_MS = 60_000;

/** The events a popup reports; subscribed and confirmed the provider counts itself. */
const EVENTS = new Set(['shown', 'closed']);

/** What a beacon's body says, or the reason it is refused. */
export type BeaconBody = { ok: true; u: string; id: string; fId: string; e: 'shown' | 'closed' } | { ok: false };

/** Reads a beacon body: exactly four strings, the ids non-empty (but the form's, as in the loader), `e` an event. */
export const readBeacon = (text: string): BeaconBody => {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(v) || v.length !== 4 || !v.every((x) => typeof x === 'string')) return { ok: false };
  const [u, id, fId, e] = v as string[];
  return u && id && EVENTS.has(e) ? { ok: true, u, id, fId, e: e as 'shown' | 'closed' } : { ok: false };
};

/** Any page may send it (issue 36: the beacon comes from host pages); nothing is answered that a page could read. */
const CROSS_SITE = { 'Access-Control-Allow-Origin': '*' };

/** The beacon route; `limit` counts every beacon of a client (null: lifted). */
export const beaconRoute =
  (limit: Counter | null) =>
  async (req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext): Promise<boolean> => {
    if (url.pathname !== BEACON_PATH) return false;
    if (req.method !== 'POST') {
      req.resume();
      sendText(res, 405, 'Method Not Allowed', { Allow: 'POST', ...CROSS_SITE });
      return true;
    }
    // Every beacon of a client counts, whatever it holds: a script sending garbage is still a script.
    if (limit && !(await limit.hit(ctx.client(req)))) {
      req.resume();
      sendText(res, 429, 'Too Many Requests', CROSS_SITE);
      return true;
    }
    const text = await readBody(req, BEACON_MAX_BYTES);
    if (text === null) {
      req.resume();
      sendText(res, 413, 'Payload Too Large', CROSS_SITE);
      return true;
    }
    const b = readBeacon(text);
    if (!b.ok) {
      sendText(res, 400, 'Bad Request: send [u, id, f_id, e], e shown or closed.', CROSS_SITE);
      return true;
    }
    const form = await findForm(ctx.store, b.u, b.id, b.fId);
    if (!form) {
      sendText(res, 404, 'There is no such form.', CROSS_SITE);
      return true;
    }
    await countEvent(ctx.store, form.listId, form.fId, b.e);
    res.writeHead(204, { 'Cache-Control': 'no-store', ...CROSS_SITE });
    res.end();
    return true;
  };
