/**
 * One piece of the popup on the host page: an iframe placed by the CSS object model (never a style attribute, so a
 * strict CSP holds), its document built (src/popup/frame.ts), the theme applied to its root, its clip fitted to its
 * content as that changes, and its removal.
 */
import { createRoot } from 'react-dom/client';
import { FRAME_HTML, SHEETS_TIMEOUT_MS, Z_TOP } from '../constants';
import { policy } from '../browser/trusted';
import { buildFrame, type FrameDoc, type FrameOptions } from './frame';

/** A piece on the page. */
export interface Piece extends FrameDoc {
  frame: HTMLIFrameElement;
  /** Shows the frame (it stays hidden until its stylesheets settle, so nothing unstyled flashes). */
  show(): void;
  /**
   * Fits a bottom-anchored, viewport-tall frame to `el`, its content root: shows only the bottom part of the frame,
   * as tall as `el`. A clip, not a height: the frame's box never moves, so content that grows or shrinks later (an
   * error, a restored form) shifts nothing on the host page (layout shift counts boxes that move), and the clipped-off
   * part takes no clicks. The frame resizes itself: a ResizeObserver of its own window refits it whenever `el` or the
   * frame's root changes size (the content changed; the window resized, and with it the frame), after the frame's
   * layout and before its paint. Returns the measure, to run at other times too.
   */
  fitTo(el: Element): () => void;
  /** React's root in the frame's body: what the piece shows. */
  view: ReturnType<typeof createRoot>;
  /** Removes the frame, the tree rendered in its body unmounted first (its effects cleaned up), and its observer. */
  remove(): void;
}

/** Options of `addPiece`: the frame document's (title, stylesheets, viewport), and the frame's on the page. */
export interface PieceOptions extends FrameOptions {
  /** Frame placement on the host page, CSS declarations applied through CSSOM. */
  place: Record<string, string>;
  /** Custom properties and classes for the frame's root (src/popup/theme.ts). */
  vars: Record<string, string>;
  classes: string;
  /** Called when the host page takes the frame away (not on `remove`). */
  lost: () => void;
}

/**
 * Appends a hidden frame to the host page's body, its removal put on `undo` (the session's list) at once, and builds
 * its document once it has loaded (or SHEETS_TIMEOUT_MS passed, timed by `later`, the session's timer), then after
 * `step`, a yield to the browser that throws when the popup ended meanwhile. Whatever fails or ends on the way, the
 * session's destroy runs `undo`: no frame and no timer is left.
 */
export const addPiece = async (
  o: PieceOptions,
  undo: (() => void)[],
  step: () => Promise<unknown>,
  later: (f: () => void, ms: number) => void,
): Promise<Piece> => {
  const frame = document.createElement('iframe');
  frame.title = o.title;
  // The frame's title is read on the host page: in the form's language when it has one (frame.ts).
  if (o.lang) frame.lang = o.lang;
  const css = frame.style;
  // cssText and setProperty are the CSS object model, which a strict style-src allows (a style attribute it would not).
  css.cssText =
    `position:fixed;border:0;margin:0;padding:0;z-index:${Z_TOP};` +
    'visibility:hidden;height:100%;color-scheme:normal';
  for (const [k, v] of Object.entries(o.place)) css.setProperty(k, v);
  // The document comes from srcdoc (never in quirks mode), made by a navigation in tasks of the browser's own
  // (docs/decisions/no-long-tasks.md: no task over 50 ms at 4x CPU). An about:blank frame made its document and window
  // inside the append, with the frame: one task of 25-80 ms at 4x CPU in the bench's traces. srcdoc is a Trusted Types
  // sink: the string comes from our policy (src/browser/trusted.ts), which only makes this one.
  const tt = policy();
  frame.srcdoc = (tt ? tt.createHTML('') : FRAME_HTML) as string;
  document.body.append(frame);
  // Removed with the session from now on, not once built: the owner preview mounts anew on every edit, and the
  // loader's destroy may come while the frame loads; a frame kept until its load would be two popups at once.
  undo.push(() => frame.remove());
  // A frame the host page took away before its load never loads: after SHEETS_TIMEOUT_MS it has no document. The
  // session's timer, so that its destroy clears it (docs/decisions/popup-session.md: nothing of the popup left
  // pending).
  await new Promise<void>((done) => {
    // Resolved with the load event, which no one reads.
    frame.onload = done as () => void;
    later(done, SHEETS_TIMEOUT_MS);
  });
  await step();
  // No document to build (a sandboxed host page, a frame taken away before its load) throws: the session's fail
  // destroys the session, and with it the frame.
  const built = buildFrame(frame, o);
  const root = built.doc.documentElement;
  for (const [k, v] of Object.entries(o.vars)) root.style.setProperty(k, v);
  root.className = o.classes;
  let removing = false;
  // A frame taken off the page (a single-page app rendering its body anew) unloads its document at once: the session
  // ends then, or a modal out of sight would keep the page inert and unscrollable, and its openers would open nothing.
  // After the page's own script: pagehide fires inside its remove(), which fails if the frame goes meanwhile. Not for
  // a page put in the back/forward cache (persisted): the popup comes back with it.
  built.doc.defaultView!.addEventListener('pagehide', (e) => removing || e.persisted || setTimeout(o.lost));
  const view = createRoot(built.doc.body);
  return {
    ...built,
    frame,
    view,
    show: () => {
      css.removeProperty('visibility');
      // The opening animation (css/modal*.css) starts now, when the piece can be seen, not while it waited hidden.
      root.classList.add('mc-shown');
    },
    fitTo: (el) => {
      // A content taller than the frame gives a negative inset: the clip is then the whole frame, as it should be.
      const measure = () =>
        css.setProperty(
          'clip-path',
          `inset(${frame.offsetHeight - Math.ceil(el.getBoundingClientRect().height)}px 0 0)`,
        );
      // The observer lives in the frame's window, so it goes with the frame. The frame's root is as tall as the frame
      // (css: html height 100%), so it resizes with the window.
      const observer = new built.doc.defaultView!.ResizeObserver(measure);
      observer.observe(root);
      observer.observe(el);
      return measure;
    },
    remove: () => {
      removing = true;
      view.unmount();
      frame.remove();
    },
  };
};
