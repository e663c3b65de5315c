/**
 * Where the blog is and where its provider is, as a page of the blog names them (issue 35 item 2). On `npm start` the
 * blog is a site of its own (its own port, src/blog/server/start.ts) that embeds the provider cross-origin, as every
 * real site does: the JSONP calls are third-party and the closed cookie is the blog's, which spec 4.3 sets only on a
 * host name other than the provider's. Mounted on the provider's own server (the tests of the route), the blog names
 * the provider as the provider names itself.
 */
import type { IncomingMessage } from 'node:http';
import { publicHost } from '../../server/http/origin';
import type { Site } from '../../server/site';

/** A page's two places. */
export interface BlogPlace {
  /** The provider's host (data-base-url) and origin (embed.js, the hosted page, the policy) for the page asked for. */
  provider(req: IncomingMessage): { host: string; origin: string };
  /** The blog's own origin, for its comment posts and beacons (guard.ts fromOwnPage). */
  own: Pick<Site, 'origin' | 'hostFor'>;
}

/** The blog served by the provider itself. */
export const providerPlace = (site: Site): BlogPlace => {
  const protocol = new URL(site.origin).protocol;
  return {
    provider: (req) => {
      const host = site.hostFor(req);
      return { host, origin: `${protocol}//${host}` };
    },
    own: site,
  };
};

/** Host and port of a host as a Host header or listening address gives it ('[::1]:8081' → ['[::1]', '8081']). */
const split = (host: string): [string, string] => {
  const m = /^(.*?)(?::(\d+))?$/.exec(host) as RegExpExecArray;
  return [m[1], m[2] || ''];
};

/**
 * The provider's host for a demo page reached as `page` (its Host): the provider's port on the page's host name, but
 * by the other name of this machine when the page is reached as 127.0.0.1 or localhost, so that the page's host name
 * is not the provider's and closing is remembered (spec 4.3). Only when the provider listens on 127.0.0.1 (the
 * default), which both names reach.
 */
export const demoProviderHost = (page: string, providerListening: string): string => {
  const [name] = split(page);
  const [bound, port] = split(providerListening);
  if (bound === '127.0.0.1' && (name === '127.0.0.1' || name.toLowerCase() === 'localhost'))
    return `${name === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${port}`;
  return `${name}:${port}`;
};

/**
 * The blog on its own server, listening on `listening` ('127.0.0.1:8081'), before the provider of `site`. In
 * production the provider is named by its public URL; in demo mode by demoProviderHost. The blog's own origin is its
 * listening address, or the well-formed Host it was reached by (what its pages' forms post back to).
 */
export const ownPlace = (site: Site, listening: string): BlogPlace => {
  const protocol = new URL(site.origin).protocol;
  const provider = new URL(site.listening).host;
  return {
    provider: (req) => {
      const host =
        site.mode === 'production' ? site.hostFor(req) : demoProviderHost(publicHost(req, listening), provider);
      return { host, origin: `${protocol}//${host}` };
    },
    own: { origin: `${protocol}//${listening}`, hostFor: (req) => publicHost(req, listening) },
  };
};

/**
 * The place of the blog for the provider's Site: its own when `listening` names its server's address (start.ts),
 * else the provider's. Made again only when the Site or the address changes (once, after listen).
 */
export const placer = (listening?: () => string): ((site: Site) => BlogPlace) => {
  let placed: { site: Site; at: string; place: BlogPlace } | null = null;
  return (site) => {
    const at = listening?.() || '';
    if (placed?.site !== site || placed.at !== at)
      placed = { site, at, place: at ? ownPlace(site, at) : providerPlace(site) };
    return placed.place;
  };
};
