/**
 * How the hosted pages go out: through sendPage (src/server/http/respond.ts), so each has the provider's headers and
 * a CSP with a fresh nonce, under one policy.
 */
import type { ServerResponse } from 'node:http';
import type { FormRow } from '../db/forms';
import type { PagePolicy } from '../http/csp';
import { sendPage } from '../http/respond';
import { type FormState, formPage, missingPage, thanksPage } from './page';

/**
 * The hosted pages' policy: no script but their nonce'd one, forms posting only to this provider (`form-action
 * 'self'`: the form's action is /subscribe/post here), never framed. Owner HTML may show an image from anywhere over
 * https, as in the popup (the sanitizer keeps http(s) image addresses; a page served over https loads no http one).
 * The page fetches nothing; connect-src 'self' is for audit tools that read /robots.txt from inside the page, as on
 * /demo (Lighthouse's robots-txt audit scores 0, "unable to download", under default-src 'none').
 */
export const HOSTED_POLICY: PagePolicy = { form: ["'self'"], img: ["'self'", 'https:'], connect: ["'self'"] };

/** Extra headers, whether only the head goes out, the encoding the client takes (the page's size is the form's). */
interface SendOptions {
  headers?: Record<string, string>;
  head?: boolean;
  encoding?: 'br' | 'gzip' | null;
}

/** Sends the form page of `row` in state `st` with `status`. */
export const sendForm = (res: ServerResponse, row: FormRow, st: FormState, status: number, o: SendOptions = {}) =>
  sendPage(res, (nonce) => formPage(row, st, nonce), { status, policy: HOSTED_POLICY, ...o });

/** Sends the success page of `row` with its message. */
export const sendThanks = (res: ServerResponse, row: FormRow, msg: string, o: SendOptions = {}) =>
  sendPage(res, (nonce) => thanksPage(row, msg, nonce), { policy: HOSTED_POLICY, ...o });

/** Sends the page of a form that does not exist: 404, or 400 for a query that cannot name one. */
export const sendMissing = (res: ServerResponse, why: string, status = 404, o: SendOptions = {}) =>
  sendPage(res, (nonce) => missingPage(nonce, why), { status, policy: HOSTED_POLICY, ...o });
