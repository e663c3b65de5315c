import { BLOG_DOWNLOAD_EXTENSIONS } from './constants';

/**
 * Statistics decisions of the blog script (spec 7.3, 9.5), without the DOM: whether anything may be sent at all,
 * and what kind of link a click was on.
 */

/** What the browser says about tracking: `navigator` and `window` both carry Do Not Track in some browser. */
export interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
  windowDoNotTrack?: string | null;
}

/** True when statistics may be sent: never under Global Privacy Control or Do Not Track. */
export const mayTrack = (s: PrivacySignals): boolean =>
  !(s.globalPrivacyControl || /^(1|yes)$/.test(s.doNotTrack || '') || s.windowDoNotTrack === '1');

/** The kind of a link click: a download (spec 9.5 file types), an outbound link, or an ordinary link. */
export type LinkKind = 'download' | 'outbound' | 'link';

const DOWNLOAD = RegExp(`\\.(${BLOG_DOWNLOAD_EXTENSIONS.join('|')})$`, 'i');

/**
 * Classifies a link from the page at `page`. Null when the click is not worth a beacon: a link to another part of
 * the same page (hash-change tracking is off, spec 9.5) or to a non-web scheme.
 */
export const linkKind = (href: string, page: string): LinkKind | null => {
  let u: URL, here: URL;
  try {
    u = new URL(href, page);
    here = new URL(page);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol)) return null;
  if (DOWNLOAD.test(u.pathname)) return 'download';
  if (u.host !== here.host) return 'outbound';
  return u.pathname + u.search === here.pathname + here.search ? null : 'link';
};
