/**
 * The one Trusted Types policy of the embed (docs/decisions/strict-csp.md), shared by embed.js and popup.js: the loader
 * and the popup's frame builder (src/popup/frame.ts) both write through it.
 */
import { FRAME_HTML, TT_POLICY } from '../constants';
import type { ScriptUrlPolicy } from '../types';
import { sharedNow } from './shared-now';

/**
 * Our Trusted Types policy, created once per page and shared (./shared.ts) by every loader copy and popup.js;
 * undefined where the browser has no Trusted Types. Under `require-trusted-types-for 'script'` a script URL must come
 * from a policy: ours passes only http(s) and protocol-relative URLs. Its createHTML ignores its input and returns
 * the popup frames' empty skeleton, so it can never launder anyone's markup.
 */
export const policy = (): ScriptUrlPolicy | undefined => {
  const t = window.trustedTypes;
  // Reached when called: this module is also imported where there is no window until then (unit tests).
  const g = sharedNow();
  return t
    ? (g.tt ||= t.createPolicy(TT_POLICY, {
        // Anything else becomes '': a script with an empty src fetches nothing and fires error (HTML's "prepare the
        // script element"), which every caller handles as a failed load.
        createScriptURL: (u) => (/^(https?:)?\/\//.test(u) ? u : ''),
        createHTML: () => FRAME_HTML,
      }))
    : undefined;
};
