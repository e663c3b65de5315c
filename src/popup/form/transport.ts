/**
 * How a valid submit leaves the form (spec 4.5, 4.6, 7.1): chosen once per popup (src/popup/session.tsx) and handed to
 * the form, which never asks whether it is a preview. Part of form-actions.js (src/popup/form/actions.ts): only a
 * visitor who submits needs it, so the session hands the form its choice among `Transports`, made when the file is in.
 */
import { providerUrl } from '../../browser/urls';
import { setCookie, subscribedName } from '../../browser/cookies';
import { jsonp } from '../../browser/jsonp';
import { type Query, successType } from '../../form-model/wire';
import { SUBMIT_TIMEOUT_MS, SUBSCRIBED_COOKIE_MS } from '../../constants';
import type { LoaderParams } from '../../types';

/** Where submits go. */
export interface Transport {
  /**
   * Sends the query of a valid submit and calls `reply` with the answer (spec 3.6), or undefined when none came.
   * `doubleOptIn` is the form's (the preview answers as the provider would). Returns false when the submit left in a
   * window of its own (the captcha path): no answer comes, and the modal hides.
   */
  send(q: Query, reply: (r: unknown) => void, doubleOptIn: boolean): boolean;
  /** A success restores the form after confirmationDuration (the owner preview, spec 4.6) instead of hiding it. */
  restores?: boolean;
}

/** The transports form-actions.js provides, to choose from (src/popup/session.tsx). */
export interface Transports {
  providerTransport(p: LoaderParams, captcha: boolean): Transport;
  previewTransport: Transport;
}

/** Where a popup's submits go, chosen among the transports once they are in. */
export type ChooseTransport = (t: Transports) => Transport;

/**
 * The provider (spec 4.5, 7.1 reading (a)): the subscribed cookie after every valid submit attempt (4.5 step 6), then
 * the captcha page in a new window, or form-post-json by JSONP.
 */
export const providerTransport = (p: LoaderParams, captcha: boolean): Transport => ({
  send: (q, reply) => {
    setCookie(subscribedName(p), '1', SUBSCRIBED_COOKIE_MS);
    // Opened here, inside the click's own task, so popup blockers let it through; noopener: the provider's page gets
    // no handle on the host page (spec 4.5 step 2, 7.1 captcha path).
    if (captcha) {
      window.open(providerUrl(p, 'post', q), '_blank', 'noopener');
      return false;
    }
    jsonp(providerUrl(p, 'form-post-json', q), reply, SUBMIT_TIMEOUT_MS);
    return true;
  },
});

/**
 * The owner preview (spec 4.6): no server call, no cookie. The answer is a success without a message, so the form
 * shows the settings' own (double opt-in or normal) success message, then comes back; of the type the provider
 * answers (`successType`), so the owner sees the message as a visitor will.
 */
export const previewTransport: Transport = {
  send: (_, reply, doubleOptIn) => {
    reply({ type: successType(doubleOptIn) });
    return true;
  },
  restores: true,
};
