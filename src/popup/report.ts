/**
 * What the popup tells of itself (issue 36): the host page's window hears `mc-popup:shown`, `mc-popup:closed` and
 * `mc-popup:subscribed` with `detail: { lid, f_id }` (item 3: a one-line listener feeds the owner's analytics), and a
 * provider whose settings answer says it counts (`providerCounts`, read by the form model as `counts`) gets shown and
 * closed by `navigator.sendBeacon` (item 2): no answer waited for, no cookie, no visitor id, only the form's ids and
 * the event. The owner preview tells nothing (spec 6: no server calls; issue 36: preview counts nothing). Nothing
 * runs while `consent: 'wait'` waits: the loader fetches neither the settings nor popup.js before the consent.
 */
import type { LoaderParams } from '../types';

/** An event of the popup's: subscribed the provider counts itself, so only shown and closed are beaconed. */
export type Told = 'shown' | 'closed' | 'subscribed';

/** Tells the host page's window that the popup of `p` was `e` (item 3), as `mc-popup:{e}` with the form's ids. */
export const tellHost = (p: LoaderParams, e: Told): boolean =>
  dispatchEvent(new CustomEvent('mc-popup:' + e, { detail: { lid: p.lid, f_id: p.fId } }));

/** Tells the host page, and with `counts` the provider, that the popup of `p` was `e`; nothing in the preview. */
export const report = (p: LoaderParams, counts: boolean, e: Told): void => {
  if (!p.isPreview) {
    tellHost(p, e);
    // A string body goes as text/plain: no preflight, as the beacon route expects (src/server/subscribe/beacon.ts).
    if (counts) navigator.sendBeacon(`//${p.baseUrl}/subscribe/form-event`, JSON.stringify([p.uuid, p.lid, p.fId, e]));
  }
};
