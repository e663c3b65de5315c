/**
 * Display rules (issue 36 part 1, settings key `showOn`): on which pages of the host site and on which devices a
 * form's popup shows. The loader's embed-rules.js judges them (src/loader/rules.ts), fetched only for settings that
 * carry rules; the studio and the owner API check them (check-show-on.ts). Pure; any JSON in, never throws.
 *
 * - `include`: paths the popup shows on; absent or empty, every path.
 * - `exclude`: paths it never shows on; exclude wins over include.
 * - `devices`: 'all' (absent), 'desktop' or 'mobile', by the mobile-view rule (view.ts, spec 9.3).
 *
 * A pattern is a path of the host site, `*` standing for any run of characters ('/' included): `/posts/*`,
 * `/checkout*`, `*`. It is matched against `location.pathname` whole, with a trailing slash on either side aside (an
 * owner writes `/pricing` for a site that serves `/pricing/`), and against the path as read (`/café` for
 * `/caf%C3%A9`).
 */
import { obj } from './raw';
import { mobileView } from './view';

/** The devices a form may be limited to. */
export const DEVICES = ['all', 'desktop', 'mobile'] as const;
export type Devices = (typeof DEVICES)[number];

/** The settings' rules as written (issue 36): each key optional. */
export interface ShowOn {
  include?: string[];
  exclude?: string[];
  devices?: Devices;
}

/** The strings of a pattern list; anything else in it is no pattern (the checks say so to the owner). */
const patterns = (v: unknown): string[] => (Array.isArray(v) ? v.filter((p) => typeof p === 'string') : []);

/** Whether `pattern` matches `path` whole, `*` any run of characters, a trailing slash on either side aside. */
export const pathMatches = (pattern: string, path: string): boolean =>
  RegExp(
    '^' +
      pattern
        .trim()
        // The pattern's own trailing slash, but the root's: the expression allows one.
        .replace(/(.)\/$/, '$1')
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '/?$',
  ).test(path);

/** `path` and, when it has percent-escapes that read as text, the path as read. */
const readings = (path: string): string[] => {
  try {
    return [path, decodeURI(path)];
  } catch {
    return [path];
  }
};

/**
 * Whether a form with rules `showOn` shows on a page at `path` (location.pathname) in a viewport `width` px wide;
 * `maxWidth` is the form's modal max_width (view.ts `maxWidthOf`). No rules (anything not an object): everywhere.
 */
export const showsOn = (showOn: unknown, maxWidth: number, path: string, width: number): boolean => {
  const r = obj(showOn);
  const include = patterns(r.include);
  const at = (list: string[]) => readings(path).some((p) => list.some((pattern) => pathMatches(pattern, p)));
  const mobile = mobileView(maxWidth, width);
  return (
    (!include.length || at(include)) &&
    !at(patterns(r.exclude)) &&
    (r.devices === 'mobile' ? mobile : r.devices === 'desktop' ? !mobile : true)
  );
};
