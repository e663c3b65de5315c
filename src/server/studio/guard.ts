/**
 * The owner API's refusal of other sites (docs/decisions/cross-site-posts.md "Rules"; STUDIO.md): a state-changing
 * request is taken only from the provider's own pages, by what the browser says of where it comes from
 * (src/server/http/same-origin.ts), and only with a JSON body, which no HTML form of another site can send. A page
 * elsewhere can then neither post to the studio with the owner's cookie (SameSite=Strict already keeps it from
 * cross-site requests) nor, in demo mode, from the owner's own machine.
 */
import type { IncomingMessage } from 'node:http';
import { fromOwnOrigin, sameOrigin } from '../http/same-origin';
import type { Site } from '../site';

/** A host name of this machine, as a browser on it writes one: localhost, *.localhost, 127.x.x.x, [::1]. */
const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether an Origin header names this provider: its origin (production: the public URL's); in demo also its
 * listening address, or that address's port under another name of this machine (the studio opened as localhost).
 */
export const isOwnOrigin =
  (site: Pick<Site, 'mode' | 'origin' | 'listening'>) =>
  (origin: string): boolean => {
    if (sameOrigin(origin, site.origin)) return true;
    if (site.mode !== 'demo') return false;
    if (sameOrigin(origin, site.listening)) return true;
    try {
      const o = new URL(origin);
      const own = new URL(site.listening);
      return o.protocol === 'http:' && o.port === own.port && LOOPBACK.test(o.hostname);
    } catch {
      return false;
    }
  };

/** Whether a state-changing request comes from one of this provider's own pages (or from no browser at all). */
export const fromStudio = (req: IncomingMessage, site: Site): boolean => fromOwnOrigin(req, isOwnOrigin(site));
