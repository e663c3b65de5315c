/**
 * The provider's two modes (docs/decisions/two-modes.md) and the addresses it names. `demo` (`npm start`, the default)
 * serves the mailbox and the demo pages for one person on their machine. `production` (PROVIDER_MODE=production) has
 * neither, puts every owner page behind the owner secret, and refuses to start without a public URL and that secret.
 * Links that leave a response (e-mails) come from the public URL or the listening address, never from a request header
 * (docs/decisions/links-from-site-origin.md).
 */
import type { IncomingMessage } from 'node:http';
import { OWNER_SECRET_MIN } from './constants';
import { type Badge, type BadgeOptions, badgeFor } from './badge';
import { publicHost } from './http/origin';
import { secretWeakness } from './owner/secret-variety';

/** How the provider runs. */
export type ProviderMode = 'demo' | 'production';

/** The mode as ProviderOptions (and the environment, through `modeFromEnv`) give it. */
export interface ModeOptions {
  /** Default 'demo'. */
  mode?: ProviderMode;
  /** Where visitors reach the provider, e.g. 'https://list.example.com'. Required in production. */
  publicUrl?: string;
  /** The owner's secret for the owner pages. Required in production, at least OWNER_SECRET_MIN characters. */
  ownerSecret?: string;
}

/** Mode options once checked. */
export interface Mode {
  mode: ProviderMode;
  /** The public URL's origin, or null (demo without one). */
  publicUrl: URL | null;
  /** Null in demo mode: its owner pages are open on the machine it runs on. */
  ownerSecret: string | null;
}

/** What every route knows of where the provider is (RouteContext.site). */
export interface Site {
  mode: ProviderMode;
  /** Origin of links that leave a response (e-mails): the public URL, else the listening address. Never a header. */
  origin: string;
  /**
   * The host an answer names to the one who asked (settings' appDomain and images, snippets, the blog's embed): the
   * public URL's host when there is one; in demo mode without one, the Host header when it is well formed (the
   * demo reached as localhost or by a LAN name names itself that way), else the listening address.
   */
  hostFor(req: IncomingMessage): string;
  /** The owner secret in production, null in demo. */
  ownerSecret: string | null;
  /** The listening address as an origin ('http://127.0.0.1:8080'): a demo's owner pages are posted from it. */
  listening: string;
  /** The powered-by badge every settings answer carries (src/server/badge.ts, docs/decisions/powered-by-badge.md). */
  badge: Badge;
}

/** Checks mode options; throws an Error saying what is missing or wrong, and the server does not start. */
export const checkMode = (o: ModeOptions): Mode => {
  const mode = o.mode ?? 'demo';
  if (mode !== 'demo' && mode !== 'production') throw Error(`Unknown provider mode ${JSON.stringify(mode)}.`);
  let publicUrl: URL | null = null;
  if (o.publicUrl) {
    try {
      publicUrl = new URL(o.publicUrl);
    } catch {
      throw Error(`PROVIDER_PUBLIC_URL is not a URL: ${JSON.stringify(o.publicUrl)}.`);
    }
    if (!/^https?:$/.test(publicUrl.protocol) || publicUrl.username || publicUrl.password)
      throw Error('PROVIDER_PUBLIC_URL must be an http(s) origin without credentials, e.g. https://list.example.com.');
    if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash)
      throw Error('PROVIDER_PUBLIC_URL must be an origin without a path, query or fragment.');
  }
  if (mode === 'demo') return { mode, publicUrl, ownerSecret: null };
  if (!publicUrl)
    throw Error(
      'Production mode needs PROVIDER_PUBLIC_URL (e.g. https://list.example.com): ' +
        'links in e-mails are built from it, never from a request header.',
    );
  const secret = o.ownerSecret || '';
  // A secret of spaces is no secret; one with spaces around it was pasted with them, and a sign-in form or a
  // `$(cat file)` would not send them back.
  if (secret && !secret.trim())
    throw Error('PROVIDER_OWNER_SECRET is blank: set a real secret (e.g. `openssl rand -hex 24`).');
  if (secret.trim() !== secret)
    throw Error('PROVIDER_OWNER_SECRET starts or ends with whitespace (a space, a tab, a line break): remove it.');
  if (secret.length < OWNER_SECRET_MIN)
    throw Error(
      `Production mode needs PROVIDER_OWNER_SECRET, at least ${OWNER_SECRET_MIN} characters: ` +
        'the owner pages are closed without it (e.g. `openssl rand -hex 24`).',
    );
  // docs/decisions/owner-sessions.md: long enough is not enough; a secret a person typed is the first a guesser tries.
  const weak = secretWeakness(secret);
  if (weak)
    throw Error(
      `PROVIDER_OWNER_SECRET is guessable: ${weak}. Make one at random, e.g. \`openssl rand -hex 24\` ` +
        '(48 characters).',
    );
  return { mode, publicUrl, ownerSecret: secret };
};

/** The mode options of `npm start` from the environment: PROVIDER_MODE, PROVIDER_PUBLIC_URL, PROVIDER_OWNER_SECRET. */
export const modeFromEnv = (env: NodeJS.ProcessEnv): ModeOptions => {
  const m = env.PROVIDER_MODE || 'demo';
  if (m !== 'demo' && m !== 'production')
    throw Error(`PROVIDER_MODE must be 'demo' (the default) or 'production', not ${JSON.stringify(m)}.`);
  return { mode: m, publicUrl: env.PROVIDER_PUBLIC_URL || undefined, ownerSecret: env.PROVIDER_OWNER_SECRET };
};

/**
 * The powered-by badge from the environment (docs/decisions/powered-by-badge.md): PROVIDER_BADGE=off (or 0, false, no)
 * turns it off; PROVIDER_BADGE_TEXT and PROVIDER_BADGE_URL replace its text and link. Undefined when none is set: the
 * default badge.
 */
export const badgeFromEnv = (env: NodeJS.ProcessEnv): BadgeOptions | undefined => {
  if (envFlag(env, 'PROVIDER_BADGE') === false) return false;
  const text = env.PROVIDER_BADGE_TEXT || undefined;
  const url = env.PROVIDER_BADGE_URL || undefined;
  return text || url ? { text, url } : undefined;
};

/** How a yes-or-no setting may be spelt (compared in lower case); anything else is refused at start. */
const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

/**
 * The yes-or-no setting `name` of `env`: undefined when unset or empty, else true or false, spelt as people spell
 * them (1/true/yes/on, 0/false/no/off, any case). Anything else throws: a setting silently ignored (true, where only
 * 1 was read) is worse than a server that does not start.
 */
export const envFlag = (env: NodeJS.ProcessEnv, name: string): boolean | undefined => {
  const raw = env[name];
  const v = (raw || '').trim().toLowerCase();
  if (!v) return undefined;
  if (YES.includes(v)) return true;
  if (NO.includes(v)) return false;
  throw Error(
    `${name} must be one of ${YES.join(', ')} or ${NO.join(', ')}, not ${JSON.stringify(raw?.slice(0, 40))}.`,
  );
};

/** Settings only a production server needs: set in demo mode, they point at a mistyped or missing PROVIDER_MODE. */
const PRODUCTION_SETTINGS = ['PROVIDER_OWNER_SECRET', 'PROVIDER_PUBLIC_URL'];

/**
 * The warning of a demo started with production's settings (PROVIDER_MODE unset or its name mistyped): the owner
 * pages it would close are open to whoever reaches it. Names the variables, never their values. Null when none is set
 * or the mode is production.
 */
export const demoWithProductionSettings = (env: NodeJS.ProcessEnv): string | null => {
  if ((env.PROVIDER_MODE || 'demo') !== 'demo') return null;
  const set = PRODUCTION_SETTINGS.filter((k) => env[k]);
  if (!set.length) return null;
  return (
    `\n!!! DEMO MODE, yet ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set: is PROVIDER_MODE=production ` +
    'missing or misspelt? In demo mode the mailbox (every confirmation link), the demo pages and the owner studio ' +
    'are open without the owner secret. For a server on a network, set PROVIDER_MODE=production.\n'
  );
};

/** Whether a bind address reaches only this machine: 127.0.0.0/8, ::1, localhost. */
export const isLoopback = (bind: string): boolean =>
  /^127(?:\.\d{1,3}){3}$/.test(bind) || bind === '::1' || bind === 'localhost';

/**
 * The listening address as links name it ('127.0.0.1:8080'): an unspecified bind address (0.0.0.0, ::) is named
 * by the loopback address, which reaches it from this machine, rather than by an address no browser should open.
 */
export const listeningHost = (bind: string, port: number): string => {
  const ip = bind === '0.0.0.0' ? '127.0.0.1' : bind === '::' ? '::1' : bind;
  return `${ip.includes(':') ? `[${ip}]` : ip}:${port}`;
};

/**
 * The Site of a checked mode, once the server listens on `listening` ('127.0.0.1:PORT'), with the badge of checked
 * `badge` options.
 */
export const siteFor = (m: Mode, listening: string, badge?: BadgeOptions): Site => {
  const fixed = m.publicUrl?.host;
  const origin = m.publicUrl ? m.publicUrl.origin : `http://${listening}`;
  return {
    mode: m.mode,
    origin,
    hostFor: fixed ? () => fixed : (req) => publicHost(req, listening),
    ownerSecret: m.ownerSecret,
    listening: `http://${listening}`,
    badge: badgeFor(badge, origin),
  };
};
