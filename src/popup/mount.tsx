/**
 * Mounting the popup (spec 4.1 step 4: one popup at a time): the server's cookies set, and a popup session
 * (src/popup/session.tsx) prepared and revealed at once. Mounting again (the owner preview does, on every change)
 * destroys the session on the page first; in preview, closing mounts again (spec 4.3).
 */
import type { LoaderParams, RawSettings } from '../types';
import { loadExtras } from './form/lazy';
import { createSession, type Session } from './session';
import { normalize } from './settings';

/** The session on the page, if any. */
let current: Session | null = null;

/** Removes the popup on the page at once, without setting a cookie. */
export const unmount = (): void => {
  if (current) current.destroy();
  current = null;
};

/**
 * Mounts the popup for these parameters and raw settings, replacing any popup on the page. Never throws into the
 * host page: a failure leaves nothing on the page and one console warning.
 */
export const mount = (p: LoaderParams, raw: RawSettings): void => {
  unmount();
  try {
    const s = normalize(raw);
    if (s.cookies && !p.isPreview) loadExtras().then((x) => x && x.setServerCookies(s.cookies));
    (current = createSession(p, s, () => p.isPreview && mount(p, raw))).reveal();
  } catch (e) {
    unmount();
    console.warn('signup popup:', e);
  }
};
