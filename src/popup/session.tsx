/**
 * One showing of the popup on the host page (spec 4.2, 4.3) as a session of explicit steps, so that whatever shows
 * it (mount today; a trigger that only reveals what was prepared, or an owner's "open now") and whatever ends it (the
 * visitor, a new mount, a page's clean-up) each call one step:
 *
 * - `prepare()` builds the first piece (spec 4.2: the banner on a mobile view with useMobileBanner or a slide-in, else
 *   the modal) in a hidden frame: stylesheets linked, form-extras.js loaded when needed, first render done. The host
 *   page is untouched but for that hidden frame.
 * - `reveal(opener)` shows the popup as soon as it is prepared (preparing it first if need be): Escape is heard on the
 *   host page, and a modal dialog makes the host inert and unscrollable and takes focus. Focus goes back to `opener`
 *   (by default what had it at reveal) when the visitor closes.
 * - `close()` is the visitor's close (spec 4.3): the closed cookie, the animation out, then destroy, focus back and
 *   `onClosed` (the owner preview reopens there).
 * - `destroy()` undoes at once everything the session did: frames (their trees unmounted first), listeners, timers,
 *   the inert host and the root's overflow. No cookie, no focus move.
 *
 * A session goes prepared (hidden) → revealed → (banner →) modal → closing → over; destroy ends it from any stage,
 * and no step does anything after it. Every timer it starts goes through `later` and every listener through
 * `listen`, so destroy clears them all.
 */
import { loadExtras } from './form/lazy';
import { Modal } from './Modal';
import { addPiece, type Piece } from './piece';
import type { ChooseTransport } from './form/transport';
import { tabbables, trapTab } from './focus';
import { ANNOUNCE_MS, announce } from './announce';
import { needsExtras } from '../form-model/place';
import { holdHost } from './host';
import { modalSheets, needsFonts, sheetUrl } from './sheets';
import { isMobile, type Settings } from './settings';
import { CLOSE_ANIMATION_MS, FRAME_TITLE, SHEETS_TIMEOUT_MS } from '../constants';
import { closedName, setCookie } from '../browser/cookies';
import { animatesOut, closedCookieMs, setsClosedCookie } from './closing';
import type { LoaderParams, PopupHandle } from '../types';
import { pause } from './pause';
import { report } from './report';
import { themeClasses, themeVars } from './theme';
import { firstPiece, isModal, modalPlace } from './frame-place';

/** A popup session: see the module's comment for its steps. */
export interface Session extends PopupHandle {
  prepare(): void;
  close(): void;
}

/**
 * A session for these parameters and normalised settings; nothing happens on the page until a step is called.
 * `onClosed` runs after a visitor's close (the preview reopens there), `onEnd` once whatever ended it is undone, told
 * whether the session failed (a piece could not be built, or form-extras.js did not come).
 */
export const createSession = (
  p: LoaderParams,
  s: Settings,
  onClosed: () => void,
  onEnd: (failed: boolean) => void,
): Session => {
  const win = window;
  const doc = document;
  // A modal dialog holds the host page, takes focus and keeps Tab inside. Not in the owner preview: it mounts again on
  // every edit of the settings and after every close (spec 4.3), so it would take focus from the owner's editor on
  // each keystroke and never give Tab back to the page (WCAG 2.1.2, 3.2.2).
  const modalDialog = !p.isPreview && isModal(s.variation);
  const mobile = () => isMobile(s, win.innerWidth);
  const sheet = sheetUrl(p, s);
  // Every frame of the popup links fonts.css too when its style settings need it (src/popup/sheets.ts).
  const fonts = needsFonts(s);
  // The owner preview submits nowhere (spec 4.6): chosen once here, the form never asks.
  const transport: ChooseTransport = (t) => (p.isPreview ? t.previewTransport : t.providerTransport(p, s.captcha));
  const serverCookies = s.cookies && !p.isPreview;
  /** Closing or closed: no step does anything any more. */
  let over = false;
  let failed = false;
  /** What destroy undoes, last done first: the end of the session comes last. */
  const undo: (() => void)[] = [() => onEnd(failed)];
  let prepared = false;
  let revealed = false;
  let returnTo: HTMLElement | null = null;
  /** The popup was shown: told once per session, whether the banner or the modal showed first. */
  let shown = false;
  let modal: Piece | null = null;
  /**
   * Shows the piece that is up (the banner, then the modal), set once that piece is prepared. It runs then if the
   * session is revealed, else at the reveal: once per piece, as each piece is prepared once and reveal runs once.
   */
  let pending: (() => void) | null = null;

  const destroy = () => {
    over = true;
    while (undo.length) undo.pop()!();
  };
  /**
   * Yields to the browser between two pieces of preparing (docs/decisions/no-long-tasks.md: no long task); rejects with
   * `undo` itself (a value no failure has) when the session ended meanwhile, so the piece after it never runs.
   */
  const step = () =>
    pause().then(() => {
      if (over) throw undo;
    });
  /** A piece that failed (no frame document on a sandboxed page…): nothing left on the page, one warning. */
  const fail = (e: unknown) => {
    if (e !== undo) {
      failed = true;
      destroy();
      console.warn('signup popup:', e);
    }
  };
  /** Adds a listener that destroy removes. */
  const listen = <E extends Event>(t: EventTarget, type: string, f: (e: E) => void) => {
    t.addEventListener(type, f as EventListener);
    undo.push(() => t.removeEventListener(type, f as EventListener));
  };
  /** Runs `f` after `ms` unless destroy comes first. */
  const later = (f: () => void, ms: number) => {
    const t = setTimeout(f, ms);
    undo.push(() => clearTimeout(t));
  };
  /** A piece's stylesheets settled: loaded, failed, or SHEETS_TIMEOUT_MS passed (a hanging one shows unstyled). */
  const settled = (x: Piece) => Promise.race([x.ready, new Promise<void>((done) => later(done, SHEETS_TIMEOUT_MS))]);
  /** Shows the prepared piece if the session is revealed. */
  const display = () => {
    if (revealed && pending && !over) {
      pending();
      if (!shown) report(p, 'shown', s.counting);
      shown = true;
    }
  };
  /**
   * A modal dialog holds the host page (host.ts) once it shows, not before: a page frozen while nothing is in sight
   * yet (its stylesheets on their way) would have no reason a visitor could see. And in a task after the one that
   * shows it: making the page inert recalculates the style of every element of it, a long task of its own on a long
   * page (docs/decisions/no-long-tasks.md). Meanwhile the frame covers the page and holds focus. Not when the page's
   * own stylesheet hides the frame (`iframe { display: none }`): a dialog no one can see must not hold it.
   */
  const hold = (m: Piece) => {
    if (m.frame.getClientRects().length) undo.push(holdHost(doc, m.frame));
    else fail(Error('the page hides its frames'));
  };

  const close = () => {
    if (over) return;
    over = true;
    report(p, 'closed', s.counting);
    if (setsClosedCookie(p.isPreview, location.hostname, p.baseUrl)) setCookie(closedName(p), '1', closedCookieMs(s));
    const out = modal && animatesOut(s, win.matchMedia('(prefers-reduced-motion: reduce)').matches);
    if (out) modal!.doc.documentElement.classList.add('mc-out');
    later(
      () => {
        destroy();
        if (returnTo && returnTo.isConnected) returnTo.focus();
        onClosed();
      },
      out ? CLOSE_ANIMATION_MS : 0,
    );
  };

  const onKey = (e: KeyboardEvent) => {
    // An Escape the host page has used already (its own menu or panel closing, which calls preventDefault) is not
    // also the popup's: one key press closes one thing.
    if (e.key === 'Escape' && !e.defaultPrevented) close();
    else if (modal && modalDialog) trapTab(e, modal.doc.body);
  };

  const frameFor = async (title: string, sheets: string[], place: Record<string, string>) => {
    const piece = await addPiece(
      {
        title,
        lang: s.lang,
        dir: s.dir,
        sheets: (fonts ? [...sheets, 'fonts.css'] : sheets).map(sheet),
        place,
        vars: themeVars(s),
        classes: themeClasses(s, mobile()),
        lost: destroy,
      },
      undo,
      step,
      later,
    );
    undo.push(piece.remove);
    // Escape and the Tab trap inside the frame too (spec 2.2).
    listen(piece.doc, 'keydown', onKey);
    return piece;
  };

  /**
   * The modal (spec 2.2), shown once its stylesheets and the form's extras are in. In pieces, each in a task of its
   * own: the hidden frame (its stylesheets requested at once), the first render once they are in, its first style and
   * layout part by part, and the reveal.
   */
  const openModal = async () => {
    await step();
    const need = needsExtras(s.placement);
    const m = (modal = await frameFor(
      s.localized(FRAME_TITLE),
      modalSheets(s, need),
      modalPlace(s.variation, mobile()),
    ));
    let drawn = false;
    const draw = () => {
      drawn = true;
      m.view.render(<Modal s={s} p={p} transport={transport} mobile={mobile()} onClose={close} />);
    };
    // A resize can cross the mobile-view line (spec 9.3): classes, placement and the form follow it; the form only once
    // it is drawn, as before that its stylesheets or form-extras.js (the SMS step's state) may not be in yet.
    listen(win, 'resize', () => {
      m.doc.documentElement.classList.toggle('mc-mobile', mobile());
      for (const [k, v] of Object.entries(modalPlace(s.variation, mobile()))) m.frame.style.setProperty(k, v);
      if (drawn) draw();
    });
    // The form's extras (src/popup/form/form-extras.ts) load beside the stylesheets; the modal shows when both are in.
    // Without them the form would lack fields it requires: then nothing shows, as when popup.js itself fails.
    const [, x] = await Promise.all([settled(m), need && loadExtras()]);
    if (over) return;
    if (need && !x) {
      // loadExtras warned already.
      failed = true;
      return destroy();
    }
    // Rendered only now, styled: a form rendered while its stylesheets load is laid out unstyled for nothing (20 ms
    // at 4x CPU; Chromium lays a frame out when its load completes, and the frame's document loads at once).
    await step();
    draw();
    // Slide and fixed are clipped to their content, which the frame follows by itself (piece.ts fitTo).
    if (!modalDialog) m.fitTo(m.doc.querySelector('.mc-root')!);
    // The frame's first style and layout with its stylesheets, then the reveal, each in tasks of their own (issue
    // 12.2). That first layout is 25-50 ms at 4x CPU, most of it font look-ups (on Linux a synchronous call to the
    // browser process for each family, weight and size the host page has not used yet) and text shaping, so it comes
    // in parts: every part of the dialog (close control, image, description, form, badges) is hidden, then shown and
    // laid out one per task (in the bench's traces, bench/long-tasks.ts, none of their layouts passed 20 ms where the
    // whole took 25-50 ms). Left to the browser's next rendering update, style and layout would join the frame's
    // observers and the host page's own work there, in one task. Layout is forced by a layout read: a computed-style
    // read updated the hidden frame's style in some runs and not in others (Chromium 156).
    const parts = m.doc.querySelectorAll<HTMLElement>('.mc-dialog>*,.mc-content>*');
    for (const el of parts) el.hidden = true;
    for (const el of parts) {
      await step();
      el.hidden = false;
      m.doc.body.getBoundingClientRect();
    }
    await step();
    pending = () => {
      m.show();
      const dialog = m.doc.querySelector<HTMLElement>('.mc-dialog')!;
      // Focus moves into a modal dialog, and into a slide-in or fixed bar the visitor opened from the banner (`shown`:
      // the banner showed first), whose frame goes with the focus in it; one that just appears does not take focus
      // from the reader's place.
      if (modalDialog || shown) {
        m.frame.focus();
        // The first field, not the close control, so a keyboard user can type at once; the dialog when it has none.
        (tabbables(dialog).find((el) => !el.classList.contains('mc-close')) || dialog).focus();
        if (modalDialog) step().then(() => hold(m), fail);
      } else later(() => announce(m.doc, dialog), ANNOUNCE_MS);
    };
    display();
  };

  /**
   * The banner (spec 2.2, 4.2): its call to action swaps it for the modal; its close closes the popup. It comes with
   * form-extras.js (only phones with useMobileBanner see it; src/popup/banner-piece.tsx), so its frame is made once
   * that has loaded: no frame stands empty on the page meanwhile. Without form-extras.js there is no banner: the modal
   * opens instead, if its form can do without them.
   */
  const openBanner = () =>
    loadExtras().then((x) => {
      if (over) return;
      if (!x) return openModal();
      return x.openBanner({
        s,
        frameFor,
        step,
        toModal: () => openModal().catch(fail),
        close,
        settled,
        later,
        ready: (show) => {
          if (!over) {
            pending = show;
            display();
          }
        },
      });
    });

  const prepare = () => {
    if (over || prepared) return;
    prepared = true;
    // Server-provided cookies (spec 3.8: set on load) come with form-extras.js: set as soon as it is in, before the
    // trigger, so a reader who never triggers the popup has them too.
    if (serverCookies) loadExtras().then((x) => x && x.setServerCookies(s.cookies));
    // Settings without a field to fill (none, or `fields` not a list) would open a dialog with nothing to subscribe.
    if (!s.placement.main.length && !s.placement.sms) fail(Error('the form has no fields'));
    else (firstPiece(s, mobile(), p.isPreview) === 'modal' ? openModal() : openBanner()).catch(fail);
  };

  return {
    prepare,
    reveal: (opener = doc.activeElement as HTMLElement | null) => {
      if (revealed || over) return;
      returnTo = opener;
      listen(doc, 'keydown', onKey);
      revealed = true;
      if (!prepared) prepare();
      display();
    },
    close,
    destroy,
  };
};
