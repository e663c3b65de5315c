/** JSONP calls (spec 7.1): the loader's settings and is-subscribed calls, and the popup's submit. */
import { GLOBAL_KEY, JSONP_TIMEOUT_MS } from '../constants';
import { addScript } from './script';

/**
 * Calls a provider over JSONP (spec 7.1, callback parameter `c`), then `done` exactly once: with the reply, or with
 * undefined when the script fails to load (404, blocked, refused under nosniff) or no reply came within `timeout`.
 * The script tag is removed; the callback stays until a reply comes, so a reply after the time-out does nothing but
 * remove it, and a slow provider never throws a ReferenceError into the host page.
 */
export const jsonp = (url: string, done: (data: unknown) => void, timeout = JSONP_TIMEOUT_MS): void => {
  // Random, so that two copies of the loader on one page never share a name; an identifier, as providers require:
  // digits only (the decimals of Math.random() as text could read '1e-7', whose '-' no provider accepts).
  const name = GLOBAL_KEY + ((Math.random() * 1e9) | 0);
  const w = window as unknown as Record<string, unknown>;
  // `done` runs once: after it, whatever ends the call again (a reply after the time-out) finds a no-op.
  const end = (data?: unknown) => {
    clearTimeout(t);
    s.remove();
    const f = done;
    done = () => {};
    // Whatever JSON arrives, the callers cannot throw on it (they read properties and compare), so no try here.
    f(data);
  };
  const t = setTimeout(end, timeout);
  w[name] = (data: unknown) => {
    end(data);
    delete w[name];
  };
  const s = addScript(url + '&c=' + name);
  s.onerror = () => end();
};
