/**
 * Builds a popup frame's document (spec 2.2: the banner and the modal each live in their own frame). The frame's
 * document comes from srcdoc, same-origin with the host, so Preact renders straight into it; the stylesheets of spec
 * 7.2 are linked into its head.
 */
import { ERR_NO_IFRAME } from '../constants';

/**
 * A built frame document, and a promise that settles when each of its stylesheets has loaded or failed. The time-out
 * after which the popup shows anyway (SHEETS_TIMEOUT_MS) is the session's (src/popup/session.tsx), so that its
 * teardown clears it with its other timers.
 */
export interface FrameDoc {
  doc: Document;
  ready: Promise<unknown>;
}

/** Options of `buildFrame`. (The banner adds its own viewport meta: src/popup/banner-piece.tsx.) */
export interface FrameOptions {
  /** The document's title (the frame element carries its own `title` attribute too). */
  title: string;
  /** Absolute or protocol-relative stylesheet addresses. */
  sheets: string[];
  /** The form's language and direction (src/form-model/language.ts); none or '' for the host page's. */
  lang?: string;
  dir?: string;
}

/**
 * Completes the document of `el`, a loaded frame (src/popup/piece.ts gives it its standards-mode document through
 * srcdoc), and links its stylesheets.
 * @throws Error "You must specify an iframe attribute to an iframe element" (spec 8) when `el` is not an iframe
 *   element attached to a document.
 */
export const buildFrame = (el: unknown, o: FrameOptions): FrameDoc => {
  const doc = el && (el as Element).tagName === 'IFRAME' ? (el as HTMLIFrameElement).contentDocument : null;
  if (!doc) throw Error(ERR_NO_IFRAME);
  // The form's language, else the host page's, so screen readers read the popup in it, and its direction, so a
  // right-to-left form reads and aligns right to left (its stylesheets align text to the start; issue 35 item 5). DOM
  // properties, never parsed: whatever the settings or the page say, they can only be a language tag and a direction.
  const host = (el as Element).ownerDocument;
  doc.documentElement.lang = o.lang || host.documentElement.lang || 'en';
  doc.dir = o.dir || host.dir;
  doc.title = o.title;
  const ready = Promise.all(
    o.sheets.map(
      (href) =>
        new Promise<void>((done) => {
          const link = Object.assign(doc.createElement('link'), { rel: 'stylesheet', href });
          link.onload = link.onerror = () => done();
          doc.head.append(link);
        }),
    ),
  );
  return { doc, ready };
};
