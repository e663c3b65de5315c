/**
 * Preparing and mounting the popup (spec 4.1 step 4: one popup at a time; docs/decisions/work-waits-for-intent.md:
 * prepared hidden, then revealed). `prepare` makes a popup session (src/popup/session.tsx) and starts preparing it
 * hidden, in pieces; `mount` is prepare and reveal at once. Preparing again (the owner preview mounts on every change)
 * destroys the session on the page first; in preview, closing mounts again (spec 4.3). Neither throws into the host
 * page: normalize reads any value, and a piece that fails leaves nothing on the page and one console warning (the
 * session's `fail`).
 */
import { shared } from '../browser/shared';
import type { LoaderParams, PopupHandle, RawSettings } from '../types';
import { normalize } from './settings';
import { createSession, type Session } from './session';

/** The session on the page, if any: from its preparing until it ends (closed or destroyed). */
let current: Session | undefined;
/**
 * A session failed on this page (no frame document on a sandboxed page, form-extras.js missing, its frame hidden by
 * the page): the warm-up is not tried again, but a reveal (the trigger, a visitor's open) tries once more, so a blip
 * during the warm-up does not leave the page's openers dead.
 */
let failed = false;

/**
 * Prepares the popup for these parameters and raw settings, hidden, replacing any popup on the page. The session is
 * published as `__mcsf.popup` while it lasts, for the loader's destroy (docs/decisions/popup-session.md).
 */
export const prepare = (p: LoaderParams, raw: RawSettings): PopupHandle => {
  if (current) current.destroy();
  const ended = (f: boolean) => {
    failed ||= f;
    if (current === s) current = shared.popup = undefined;
  };
  const s: Session = createSession(p, normalize(raw), () => p.isPreview && mount(p, raw), ended);
  current = shared.popup = s;
  s.prepare();
  return s;
};

/** Prepares the popup and reveals it as soon as it is prepared (the owner preview, embed.dev.js). */
export const mount = (p: LoaderParams, raw: RawSettings): void => prepare(p, raw).reveal();

/**
 * The loader's one call (docs/decisions/work-waits-for-intent.md, src/loader/lifecycle.ts): prepares the popup hidden
 * unless one is on the page (the warm-up before the trigger), and with `reveal` shows it, focus to return on close to
 * `opener`, or with `true` (the trigger: no opener) to what has focus when it shows. The popup prepared before the
 * trigger is the one revealed; after a close a new one is prepared (an open on demand, again); one showing stays as it
 * is. After a failed session only a reveal tries again.
 */
export const show = (p: LoaderParams, raw: RawSettings, reveal: boolean, opener?: HTMLElement | true): void => {
  if (failed && !reveal) return;
  const s = current || prepare(p, raw);
  if (reveal) s.reveal(opener === true ? undefined : opener);
};
