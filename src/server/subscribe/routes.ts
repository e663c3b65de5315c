/**
 * The JSONP calls of spec 7.1: form-settings, is-email-subscribed, form-post-json. The callback `c` is checked
 * first: without a valid one there is no script to answer with, so the answer is a 400. With one, every other
 * problem (unknown form, repeated parameter) is answered in the call's own terms, as spec 8 expects: result "error"
 * for settings and submits, false for is-subscribed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { QUERY_CID, QUERY_EID } from '../../constants';
import { storeMessage } from '../../form-model/rules';
import { forVisitor, type PoweredBy } from '../../form-model/visitor';
import { findForm, type FormRow } from '../db/forms';
import { isSubscribed } from '../db/subscribers';
import { isCallback, jsonpText, sendJsonp, sendJsonpText, type JsonpText } from '../http/jsonp';
import { directClient, type Limiters } from '../http/ratelimit';
import { readQuery } from '../http/query';
import { sendText } from '../http/respond';
import type { RouteContext } from '../route';
import { MSG_BAD_REQUEST, MSG_RATE_ADDRESS, MSG_RATE_CLIENT } from './messages';
import { submit } from './submit';

const CALLS = new Set(['/subscribe/form-settings', '/subscribe/is-email-subscribed', '/subscribe/form-post-json']);

/**
 * Serialized visitor settings per cached form (db/forms.ts) and host; a form edit makes a new row, so this empties.
 * The badge is one per provider, and each provider's store caches its own rows.
 */
const settingsText = new WeakMap<FormRow, Map<string, JsonpText>>();
/** Hosts kept per form: the few names a provider is reached by. Other Host headers are answered, just not kept. */
const MAX_HOSTS = 8;

/** The form-settings answer of `form` for `host` with `badge` (its JSON and byte length), serialized once. */
export const settingsJson = (form: FormRow, host: string, badge: PoweredBy): JsonpText => {
  let byHost = settingsText.get(form);
  if (!byHost) settingsText.set(form, (byHost = new Map()));
  let json = byHost.get(host);
  if (json === undefined) {
    json = jsonpText(forVisitor(form.settings, host, badge));
    if (byHost.size < MAX_HOSTS) byHost.set(host, json);
  }
  return json;
};

const NO_LIMITS: Limiters = { perClient: null, perAddress: null, client: directClient };

/**
 * Handles the three JSONP calls. The settings name the host of `ctx.site.hostFor` (the one who asked reads them); the
 * links of the e-mails a submit causes come from `ctx.site.origin`, never from a request header (issue 13 item 2).
 * Submits are rate limited per client and per address (docs/decisions/rate-limits.md), answered as a submit error with
 * a message.
 */
export const jsonpRoute =
  (limits: Limiters = NO_LIMITS) =>
  async (req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext): Promise<boolean> => {
    if (!CALLS.has(url.pathname)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return true;
    }
    const q = readQuery(url.searchParams);
    // The callback is checked first, whatever else the query holds; `c` repeated with the same name is that name, as
    // for every parameter (readQuery).
    const c = q.ok ? (q.values.c === undefined ? [] : [q.values.c]) : [...new Set(url.searchParams.getAll('c'))];
    if (c.length !== 1 || !isCallback(c[0])) {
      sendText(res, 400, 'The callback parameter c must be one JavaScript identifier path of at most 64 characters.');
      return true;
    }
    const cb = c[0];
    const head = req.method === 'HEAD';
    const v = q.ok ? q.values : {};
    const form = q.ok ? await findForm(ctx.store, v.u || '', v.id || '', v.f_id || '') : null;
    switch (url.pathname) {
      case '/subscribe/form-settings':
        if (form) sendJsonpText(res, cb, settingsJson(form, ctx.site.hostFor(req), ctx.site.badge), head);
        else sendJsonp(res, cb, { result: 'error' }, head);
        break;
      case '/subscribe/is-email-subscribed': {
        const yes =
          q.ok && !!v.u && !!v.id && (await isSubscribed(ctx.store, v.u, v.id, v[QUERY_EID] || '', v[QUERY_CID] || ''));
        sendJsonp(res, cb, { isEmailSubscribed: yes }, head);
        break;
      }
      default:
        // A submit changes the store: HEAD never does.
        if (head) sendJsonp(res, cb, { result: 'error', msg: MSG_BAD_REQUEST }, true);
        // Every submit of a client counts, whatever it holds: a script sending garbage is still a script.
        else if (limits.perClient && !(await limits.perClient.hit(limits.client(req))))
          sendJsonp(res, cb, { result: 'error', msg: MSG_RATE_CLIENT });
        else if (!form) sendJsonp(res, cb, { result: 'error', msg: MSG_BAD_REQUEST });
        else if (form.model.captcha)
          sendJsonp(res, cb, { result: 'error', msg: storeMessage('captcha', form.model.translations) });
        else {
          const perAddress = limits.perAddress;
          const admit = perAddress ? (key: string) => perAddress.hit(key) : undefined;
          sendJsonp(res, cb, await submit(ctx.store, form, v, ctx, admit, MSG_RATE_ADDRESS));
        }
    }
    return true;
  };
