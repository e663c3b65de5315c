/**
 * Preparing and mounting the popup (spec 4.1 step 4: one popup at a time; issue 12: prepared hidden, then revealed).
 * `prepare` makes a popup session (src/popup/session.tsx) and starts preparing it hidden, in pieces; `mount` is prepare
 * and reveal at once. Preparing again (the owner preview mounts on every change) destroys the session on the page
 * first; in preview, closing mounts again (spec 4.3). Neither throws into the host page: normalize reads any value,
 * and a piece that fails leaves nothing on the page and one console warning (the session's `fail`).
 */
import type { LoaderParams, PopupHandle, RawSettings } from '../types';
import { createSession, type Session } from './session';
import { normalize } from './settings';

/** The session on the page, if any. */
let current: Session | undefined;

/** Prepares the popup for these parameters and raw settings, hidden, replacing any popup on the page. */
export const prepare = (p: LoaderParams, raw: RawSettings): PopupHandle => {
  if (current) current.destroy();
  (current = createSession(p, normalize(raw), () => p.isPreview && mount(p, raw))).prepare();
  return current;
};

/** Prepares the popup and reveals it as soon as it is prepared (the owner preview, embed.dev.js). */
export const mount = (p: LoaderParams, raw: RawSettings): void => prepare(p, raw).reveal();
