import { BLOG_STATS_PATH } from '../constants';
import type { Beacon } from '../beacon';
import { linkKind, mayTrack } from '../stats';

/**
 * Statistics (spec 3.9, 7.3, 9.5): a page-view beacon with the blog id and post id, and a link-click tracker
 * started with blog id, post id and mode that reports downloads, outbound links and other links. Everything goes
 * through navigator.sendBeacon, so nothing blocks or delays a navigation and no click is ever cancelled. Nothing is
 * sent under Global Privacy Control or Do Not Track; hash changes are not tracked.
 */
export const initStats = (d: Document, w: Window): void => {
  const n = w.navigator as Navigator & { globalPrivacyControl?: boolean };
  const ds = d.body.dataset;
  const b = Number(ds.blog);
  const p = Number(ds.post) || 0;
  const m = ds.mode || 'page';
  if (
    !b ||
    !n.sendBeacon ||
    !mayTrack({
      globalPrivacyControl: n.globalPrivacyControl,
      doNotTrack: n.doNotTrack,
      windowDoNotTrack: (w as Window & { doNotTrack?: string }).doNotTrack,
    })
  )
    return;
  const send = (beacon: Beacon) => n.sendBeacon(BLOG_STATS_PATH, JSON.stringify(beacon));
  send({ t: 'view', b, p, u: w.location.pathname });
  const track = (e: Event) => {
    const a = (e.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
    const k = a && linkKind(a.href, w.location.href);
    if (a && k) send({ t: 'click', b, p, m, k, h: a.href });
  };
  // Capture phase: a page handler that stops propagation cannot hide a click.
  d.addEventListener('click', track, true);
  d.addEventListener('auxclick', track, true);
};
