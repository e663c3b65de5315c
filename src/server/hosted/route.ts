/**
 * The hosted subscribe page's addresses (issue 35 item 1), Mailchimp's shape: GET /subscribe?u=&id=[&f_id=] shows the
 * form (without f_id, the list's first form, as form-settings finds it), GET /subscribe/thanks?u=&id=&f_id= its
 * success page. Its post, /subscribe/post, is the captcha path's address too (src/server/pages/captcha.ts tells the
 * two apart and hands the form's post to ./post.ts). An unknown form answers a 404 page that says so.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findForm } from '../db/forms';
import { readQuery } from '../http/query';
import { sendText } from '../http/respond';
import { pickEncoding } from '../http/static';
import type { RouteContext } from '../route';
import { successText } from '../../form-model/texts';
import { EMPTY } from './page';
import { THANKS_PATH } from './post';
import { sendForm, sendMissing, sendThanks } from './send';

const FORM_PATH = '/subscribe';

/** Serves the hosted form and its success page. */
export const hostedRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (url.pathname !== FORM_PATH && url.pathname !== THANKS_PATH) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    return true;
  }
  const o = { head: req.method === 'HEAD', encoding: pickEncoding(req.headers['accept-encoding']) };
  const q = readQuery(url.searchParams);
  if (!q.ok) {
    sendMissing(res, `The address names ${q.repeated} twice: it names no signup form.`, 400, o);
    return true;
  }
  const v = q.values;
  const row = v.u && v.id ? await findForm(ctx.store, v.u, v.id, v.f_id || '') : null;
  if (!row)
    sendMissing(res, 'This signup form does not exist, or no longer does. Check the link you followed.', 404, o);
  else if (url.pathname === THANKS_PATH) sendThanks(res, row, successText(row.model), o);
  else sendForm(res, row, EMPTY, 200, o);
  return true;
};
