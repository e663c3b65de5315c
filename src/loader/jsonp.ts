import { FRAME_HTML, GLOBAL_KEY, JSONP_TIMEOUT_MS, TT_POLICY } from '../constants';
import type { ScriptUrlPolicy } from '../types';

/**
 * Our Trusted Types policy, created once per page and shared through window.__mcsf by every loader copy and popup.js;
 * undefined where the browser has no Trusted Types. Under `require-trusted-types-for 'script'` a script URL must come
 * from a policy: ours passes only http(s) and protocol-relative URLs. Its createHTML ignores its input and returns
 * the popup frames' empty skeleton, so it can never launder anyone's markup.
 */
export const policy = (): ScriptUrlPolicy | undefined => {
  const t = window.trustedTypes;
  const g = (window.__mcsf ||= {});
  return t
    ? (g.tt ||= t.createPolicy(TT_POLICY, {
        createScriptURL: (u) => {
          if (/^(https?:)?\/\//.test(u)) return u;
          throw Error(u);
        },
        createHTML: () => FRAME_HTML,
      }))
    : undefined;
};

/** Appends a script tag for `src` to the head and returns it (also how the loader adds popup.js). */
export const addScript = (src: string): HTMLScriptElement => {
  const el = document.createElement('script');
  const p = policy();
  el.src = p ? p.createScriptURL(src) : src;
  return document.head.appendChild(el);
};

/**
 * Calls a provider over JSONP (spec 7.1, callback parameter `c`), then `done` exactly once: with the reply, or with
 * null when the script fails to load (404, blocked, refused under nosniff) or no reply came within `timeout`.
 * The script tag is removed; a reply that comes after the time-out lands on a no-op that removes itself, so a slow
 * provider never throws a ReferenceError into the host page.
 */
export const jsonp = (url: string, done: (data: unknown) => void, timeout = JSONP_TIMEOUT_MS): void => {
  // Random, so that two copies of the loader on one page never share a name; an identifier, as providers require.
  const name = GLOBAL_KEY + ('' + Math.random()).slice(2);
  const w = window as unknown as Record<string, unknown>;
  let over = 0;
  const end = (data: unknown) => {
    if (over++) return;
    clearTimeout(t);
    s.remove();
    w[name] = () => delete w[name];
    // Whatever JSON arrives, the callers cannot throw on it (they read properties and compare), so no try here.
    done(data);
  };
  const t = setTimeout(end, timeout, null);
  w[name] = (data: unknown) => {
    end(data);
    delete w[name];
  };
  const s = addScript(url + '&c=' + name);
  s.onerror = () => end(null);
};
