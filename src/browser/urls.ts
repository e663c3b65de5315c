/**
 * Addresses on the provider (spec 7.1) and the content host (spec 7.2), shared by the loader, the popup and the
 * owner preview page.
 */
import { DEFAULT_VERSION, JS_PATH, UNIQUE_METHODS_DIR } from '../constants';
import type { LoaderParams } from '../types';

/**
 * A provider call's URL, protocol-relative as in spec 7.1: `//{baseUrl}/subscribe/{path}?u=…&id=…[&f_id=…]&…`.
 * The JSONP callback parameter is added by the caller.
 */
export const providerUrl = (p: LoaderParams, path: string, extra?: Record<string, string>): string => {
  const q = new URLSearchParams({ u: p.uuid, id: p.lid, ...(p.fId && { f_id: p.fId }), ...extra });
  return `//${p.baseUrl}/subscribe/${path}?${q}`;
};

/**
 * The settings' version as a path segment: dotted digits with at least one dot (the content host's folders are
 * "major.minor", spec 7.2), else the default, so that a hostile or broken settings object cannot point the script tag
 * elsewhere (spec 3.2: default "1.0"). A provider that writes `"version": 1.0` as a JSON number sends 1: read as "1"
 * it named a folder that does not exist and popup.js 404ed without a word; it now reads as the default.
 */
export const safeVersion = (v: unknown): string =>
  // test() reads its argument as a string: undefined, null and objects fail, numbers such as 1.1 pass.
  /^\d+(\.\d+)+$/.test(v as string) ? v + '' : DEFAULT_VERSION;

/**
 * Where the versioned popup script lives on the content host (spec 7.2), asked for with this build's id
 * (docs/decisions/release-names.md, build/release.mjs): the content host ignores the query, but every cache keys by it,
 * so a loader never meets a cached popup.js of another build. None in embed.dev.js, which carries its popup.
 */
export const popupUrl = (p: LoaderParams, version: unknown): string =>
  `${p.cdn}${JS_PATH}${p.uniqueMethods ? UNIQUE_METHODS_DIR : ''}${safeVersion(version)}/popup.js` +
  (__POPUP_ID__ && '?b=' + __POPUP_ID__);
