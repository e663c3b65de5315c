/**
 * What the popup tells of itself (issue 36): the host page's window hears `mc-popup:shown`, `mc-popup:closed` and
 * `mc-popup:subscribed` with `detail: { lid, f_id }` for every form (item 3: a one-line listener feeds the owner's
 * analytics), and a provider whose settings answer says it counts (`providerCounts`, read by the form model as
 * `counting`) hears shown and closed by a beacon (item 2) from counts.js, fetched beside popup.js for such a provider
 * only (src/popup/counts.ts). The owner preview tells nothing (spec 6: no server calls; issue 36: preview counts
 * nothing). Nothing runs while `consent: 'wait'` waits: the loader fetches neither the settings nor popup.js before
 * the consent. The session reports shown and closed (src/popup/session.tsx), the form's state a subscribe the provider
 * accepted (src/popup/form/useSignupForm.ts).
 */
import type { Counted, LoaderParams } from '../types';
import { sharedNow } from '../browser/shared-now';
import { loadBeside } from './beside';

/** An event of the popup's that the host page's window hears. */
export type Told = Counted | 'subscribed';

/**
 * Tells the host page's window that the popup of `p` was `e` (item 3), as `mc-popup:{e}` with the form's ids, and with
 * `counting` the provider too (item 2); nothing in the preview. Only shown and closed are counted by beacon: the
 * provider counts a subscribe itself, so the signature for subscribed takes no `counting`. The beacons go in the order
 * of the events: each waits on the one load of counts.js (a failed load is asked for again by the next event).
 */
export const report: {
  (p: LoaderParams, e: 'subscribed'): void;
  (p: LoaderParams, e: Counted, counting: boolean): void;
} = (p: LoaderParams, e: Told, counting?: boolean) => {
  if (!p.isPreview) {
    dispatchEvent(new CustomEvent('mc-popup:' + e, { detail: { lid: p.lid, f_id: p.fId } }));
    // Counted by the signature above: only shown and closed come with `counting`.
    if (counting)
      loadBeside('counts.js').then(() => {
        const count = sharedNow().count;
        if (count) count(p, e as Counted);
      });
  }
};
