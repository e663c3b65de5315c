/**
 * counts.js, beside popup.js on the content host (spec 7.2 layout): the beacon that tells a counting provider that a
 * popup was shown or closed (issue 36 item 2). popup.js fetches it only when the settings answer says the provider
 * counts (`providerCounts`, src/popup/report.ts), so a form whose provider does not (Mailchimp's) never carries it
 * (issue 36: a form that uses neither pays nothing). `navigator.sendBeacon`: no answer waited for, no cookie, no
 * visitor id, only the form's ids and the event. A string body goes as text/plain: no preflight, as the beacon route
 * expects (src/server/subscribe/beacon.ts).
 */
import { shared } from '../browser/shared';

shared.count = (p, e) => {
  navigator.sendBeacon(`//${p.baseUrl}/subscribe/form-event`, JSON.stringify([p.uuid, p.lid, p.fId, e]));
};
