/**
 * What stands between the comment form and a script (docs/decisions/cross-site-posts.md), besides the honeypot
 * (comments/validate.ts): posts only from the blog's own pages, and a limit per client per minute and per hour, counted
 * in the provider's store (src/server/db/counters.ts), so every provider process serving the blog counts together.
 */
import type { IncomingMessage } from 'node:http';
import {
  BLOG_STATS_MAX,
  BLOG_STATS_WINDOW_MS,
  COMMENT_HOUR_MAX,
  COMMENT_HOUR_MS,
  COMMENT_MINUTE_MAX,
  COMMENT_MINUTE_MS,
} from '../constants';
import { counter, type Limit } from '../../server/db/counters';
import { fromOwnOrigin, sameOrigin } from '../../server/http/same-origin';
import type { Site } from '../../server/site';
import type { Store } from '../../server/store/types';

/**
 * The comment limits (BlogOptions.commentLimits): each left out takes its default from src/constants.ts, null lifts
 * it, false lifts both.
 */
export type CommentLimits = { perMinute?: Limit | null; perHour?: Limit | null } | false;

/**
 * Whether a comment post (or a statistics beacon) may come from the blog's own page (src/server/http/same-origin.ts):
 * its Origin is the blog's own, the Site's origin, or in demo mode the host the blog was reached by, as its pages
 * name it. The limits and the honeypot are what stand against a client that is no browser.
 */
export const fromOwnPage = (req: IncomingMessage, site: Pick<Site, 'origin' | 'hostFor'>): boolean =>
  fromOwnOrigin(
    req,
    (origin) =>
      sameOrigin(origin, site.origin) || sameOrigin(origin, `${new URL(site.origin).protocol}//${site.hostFor(req)}`),
  );

/**
 * Counts a comment post of `client` against `limits` in `store`: null when it is within them, else the seconds to
 * wait (a Retry-After). The minute is counted first; a post it refuses is not counted in the hour.
 */
export const commentWait = async (
  store: Store,
  limits: CommentLimits | undefined,
  client: string,
  now: () => number = Date.now,
): Promise<number | null> => {
  if (limits === false) return null;
  const pick = (l: Limit | null | undefined, max: number, windowMs: number) =>
    l === null ? null : (l ?? { max, windowMs });
  const windows: [string, Limit | null][] = [
    ['comment-minute', pick(limits?.perMinute, COMMENT_MINUTE_MAX, COMMENT_MINUTE_MS)],
    ['comment-hour', pick(limits?.perHour, COMMENT_HOUR_MAX, COMMENT_HOUR_MS)],
  ];
  for (const [name, limit] of windows) {
    if (!limit) continue;
    const wait = await counter(store, name, limit, now).retryAfter(client);
    if (wait !== null) return wait;
  }
  return null;
};

/**
 * Counts a statistics beacon of `client` against `limit` (BlogOptions.statsLimit; BLOG_STATS_MAX a minute by default,
 * false lifts it): whether it may be stored. Every beacon is a row kept for good, so one client sending as fast as it
 * can would fill the disk; a reader's page views and clicks stay far below the limit.
 */
export const beaconCounts = async (
  store: Store,
  limit: Limit | false | undefined,
  client: string,
  now: () => number = Date.now,
): Promise<boolean> =>
  limit === false ||
  counter(store, 'blog-stats', limit ?? { max: BLOG_STATS_MAX, windowMs: BLOG_STATS_WINDOW_MS }, now).hit(client);

/** A wait in words: '40 seconds', 'a minute', '12 minutes'. */
export const waitText = (seconds: number): string => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const m = Math.ceil(seconds / 60);
  return m === 1 ? 'a minute' : `${m} minutes`;
};
