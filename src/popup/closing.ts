/**
 * Decisions of closing (spec 4.3, 9.2). Pure: the popup asks, then acts.
 */
import { DAY_MS } from '../constants';
import type { Settings } from './settings';

/**
 * Whether the page is on the provider's own site: its host name is the provider's (baseUrl without port) or a
 * sub-domain of it. There the closed cookie is not set (spec 4.3).
 */
export const onProviderSite = (pageHost: string, baseUrl: string): boolean => {
  const provider = baseUrl.replace(/:\d+$/, '').toLowerCase();
  const page = pageHost.toLowerCase();
  return !!provider && (page === provider || page.endsWith('.' + provider));
};

/** How long the closed cookie lives, in ms: popupFrequency days (spec 9.2). */
export const closedCookieMs = (s: Settings): number => s.frequencyDays * DAY_MS;

/** Whether closing sets the closed cookie: not in preview (closing rebuilds there) and not on the provider's site. */
export const setsClosedCookie = (preview: boolean, pageHost: string, baseUrl: string): boolean =>
  !preview && !onProviderSite(pageHost, baseUrl);

/**
 * Whether closing animates out: the fixed and slide variations do,
 * unless the visitor prefers reduced motion (spec 4.3).
 */
export const animatesOut = (s: Settings, reducedMotion: boolean): boolean => s.variation !== 'modal' && !reducedMotion;
