/**
 * Demo mode's owner pages for this machine only. A demo listening on loopback is out of the network's reach, but not
 * out of a web page's: a page elsewhere can point its own name at 127.0.0.1 (DNS rebinding) and read, from the
 * visitor's own browser and as its own origin, the mailbox's confirmation links and addresses, the studio and its
 * API (issue 33), and the demo. Those pages answer only a Host that names this machine (localhost, *.localhost,
 * 127.x.x.x, [::1]) or one listed in PROVIDER_HOSTS (an /etc/hosts alias); the calls, the captcha, the confirm links
 * and the blog answer any Host as before. A demo bound beyond loopback warns instead (src/server/app.ts); production
 * closes these pages.
 *
 * Behind a reverse proxy every request reaches the demo from the proxy, on loopback, with a Host the proxy chose: the
 * Host check passes for anyone on the internet. A proxy says so with X-Forwarded-For, Forwarded or X-Real-IP, which
 * no browser sends by itself, so a demo answers its owner pages 403 to a request that carries one (`notProxied`).
 */
import type { IncomingMessage } from 'node:http';
import { sendText } from '../http/respond';
import type { Route } from '../route';

/** The owner pages of demo mode, the owner API among them (not the demo forms' public images under /demo/assets/). */
const PAGES = /^\/(mailbox|preview|studio|owner\/api|demo(?!\/assets\/))(\/|$)/;

/** A host name as compared here: lower case, without its port. */
const bare = (host: string): string => host.toLowerCase().replace(/:\d+$/, '');

/**
 * Whether a Host header names this machine, or one of `names` (bare, see above). No Host at all (HTTP/1.0) is a client
 * on this machine: every browser sends one, and nothing else reaches a loopback address.
 */
const namesThisMachine = (req: IncomingMessage, names: readonly string[]): boolean => {
  const h = req.headers.host;
  if (h === undefined) return true;
  const name = bare(h);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '[::1]' ||
    names.includes(name)
  );
};

/** PROVIDER_HOSTS: names, comma or space separated, that reach this machine too. */
export const hostsFromEnv = (v: string | undefined): string[] => (v || '').split(/[\s,]+/).filter(Boolean);

/** The route that answers 421 on the owner pages to a Host that names neither this machine nor one of `hosts`. */
export const localOnly = (hosts: readonly string[]): Route => {
  const names = hosts.map(bare);
  return (req, res, url) => {
    if (!PAGES.test(url.pathname) || namesThisMachine(req, names)) return false;
    req.resume();
    sendText(
      res,
      421,
      'This demo page answers only to this machine (localhost, 127.0.0.1): reached by another name, it could be read ' +
        'by another site (DNS rebinding). Name an alias of yours in PROVIDER_HOSTS.',
    );
    return true;
  };
};

/** Headers by which a reverse proxy names the client it forwards for: their presence means a proxy is in between. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Whether `req` came through a proxy that said so. */
const proxied = (req: IncomingMessage): boolean => PROXY_HEADERS.some((h) => req.headers[h] !== undefined);

/**
 * The route that answers 403 on demo mode's owner pages to a request that came through a reverse proxy (see above):
 * it may come from anywhere, and the mailbox holds every confirmation link.
 */
export const notProxied: Route = (req, res, url) => {
  if (!PAGES.test(url.pathname) || !proxied(req)) return false;
  req.resume();
  sendText(
    res,
    403,
    'This demo page is for the person at this machine, and this request came through a proxy (X-Forwarded-For, ' +
      'Forwarded or X-Real-IP): it may come from anywhere. On a network, run PROVIDER_MODE=production (README, ' +
      '"Demo and production").',
  );
  return true;
};
