/**
 * Demo mode's owner pages for this machine only. A demo listening on loopback is out of the network's reach, but not
 * out of a web page's: a page elsewhere can point its own name at 127.0.0.1 (DNS rebinding) and read, from the
 * visitor's own browser and as its own origin, the mailbox's confirmation links and addresses, the preview and the
 * demo. Those pages answer only a Host that names this machine (localhost, *.localhost, 127.x.x.x, [::1]) or one
 * listed in PROVIDER_HOSTS (an /etc/hosts alias); the calls, the captcha, the confirm links and the blog answer any
 * Host as before. A demo bound beyond loopback warns instead (src/server/app.ts); production closes these pages.
 */
import type { IncomingMessage } from 'node:http';
import { sendText } from '../http/respond';
import type { Route } from '../route';

/** The owner pages of demo mode (not the demo forms' public images under /demo/assets/). */
const PAGES = /^\/(mailbox|preview|demo(?!\/assets\/))(\/|$)/;

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
    name == 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name == '[::1]' ||
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
