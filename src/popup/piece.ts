/**
 * One piece of the popup on the host page: an iframe placed by the CSS object model (never a style attribute, so a
 * strict CSP holds), its document built (src/popup/frame.ts), the theme applied to its root, Escape listened to
 * inside it, and its removal.
 */
import { Z_TOP } from '../constants';
import { buildFrame, type FrameDoc } from './frame';

/** A piece on the page. */
export interface Piece extends FrameDoc {
  frame: HTMLIFrameElement;
  /** Shows the frame (it stays hidden until its stylesheets settle, so nothing unstyled flashes). */
  show(): void;
  /**
   * Shows only the bottom `px` of a bottom-anchored, full-height frame. A clip, not a height: the frame's box never
   * moves, so content that grows or shrinks later (an error, a restored form) shifts nothing on the host page (layout
   * shift counts boxes that move), and the clipped-off part takes no clicks.
   */
  fit(px: number): void;
  remove(): void;
}

/** Options of `addPiece`. */
export interface PieceOptions {
  title: string;
  sheets: string[];
  /** Frame placement on the host page, CSS declarations applied through CSSOM. */
  place: Record<string, string>;
  /** Custom properties and classes for the frame's root (src/popup/theme.ts). */
  vars: Record<string, string>;
  classes: string;
  viewport?: string;
  /** Keydown inside the frame (Escape, the Tab trap). */
  onKey(e: KeyboardEvent): void;
}

/** Appends a hidden frame to the host page's body and builds its document. */
export const addPiece = (o: PieceOptions): Piece => {
  const frame = document.createElement('iframe');
  frame.title = o.title;
  const css = frame.style;
  // cssText and setProperty are the CSS object model, which a strict style-src allows (a style attribute it would not).
  css.cssText =
    `position:fixed;border:0;margin:0;padding:0;z-index:${Z_TOP};` +
    'visibility:hidden;height:100%;color-scheme:normal';
  for (const [k, v] of Object.entries(o.place)) css.setProperty(k, v);
  document.body.append(frame);
  let built: FrameDoc;
  try {
    built = buildFrame(frame, {
      title: o.title,
      sheets: o.sheets,
      viewport: o.viewport,
      lang: document.documentElement.lang,
    });
  } catch (e) {
    // No document to build (a sandboxed host page): leave no empty frame behind.
    frame.remove();
    throw e;
  }
  const root = built.doc.documentElement;
  for (const [k, v] of Object.entries(o.vars)) root.style.setProperty(k, v);
  root.className = o.classes;
  built.doc.addEventListener('keydown', o.onKey);
  return {
    ...built,
    frame,
    show: () => {
      css.removeProperty('visibility');
      // The opening animation (css/modal*.css) starts now, when the piece can be seen, not while it waited hidden.
      root.classList.add('mc-shown');
    },
    // A content taller than the frame gives a negative inset: the clip is then the whole frame, as it should be.
    fit: (px) => css.setProperty('clip-path', `inset(${frame.offsetHeight - px}px 0 0)`),
    remove: () => frame.remove(),
  };
};
