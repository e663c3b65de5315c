/**
 * The campaign check (spec 4.1 steps 1–2): a visitor who arrived from a link in a sent campaign (`mc_eid` and `mc_cid`
 * in the page URL) may be subscribed already; if the provider says so, the closed cookie is set before the settings
 * call. Only such visitors need it, so it lives in embed-extras.js (docs/decisions/fetched-when-needed.md: what only
 * some pages need stays out of embed.js), fetched by the loader when the URL has `mc_cid` and no closed cookie is set.
 */
import { DAY_MS, DEFAULT_FREQUENCY_DAYS, QUERY_CID, QUERY_EID } from '../constants';
import { closedName, setCookie } from '../browser/cookies';
import { jsonp } from '../browser/jsonp';
import { providerUrl } from '../browser/urls';
import type { LoaderParams } from '../types';

/** The two campaign ids of a page URL's query, or null when either is missing. */
export const campaignIds = (search: string): Record<string, string> | null => {
  const q = new URLSearchParams(search);
  const eid = q.get(QUERY_EID);
  const cid = q.get(QUERY_CID);
  return eid && cid ? { [QUERY_EID]: eid, [QUERY_CID]: cid } : null;
};

/**
 * With both campaign ids in the page URL, asks whether the visitor is subscribed and sets the closed cookie if so;
 * then calls `done` exactly once. A failed or timed-out call counts as no; a URL without both ids asks nothing.
 */
export const checkCampaign = (p: LoaderParams, done: () => void): void => {
  const ids = campaignIds(location.search);
  if (ids)
    jsonp(providerUrl(p, 'is-email-subscribed', ids), (r) => {
      if (r && (r as { isEmailSubscribed?: unknown }).isEmailSubscribed === true)
        setCookie(closedName(p), '1', DEFAULT_FREQUENCY_DAYS * DAY_MS);
      done();
    });
  else done();
};
