/**
 * The stage's popup frames, watched from the editor (spec 6: the preview calls nothing, simulates). The popup's 'Join
 * via text' is an sms: link aimed at its parent, here the stage: followed, the studio's frame-src refuses it and the
 * stage becomes an error page. A capture listener in each popup frame's window cancels any sms: link and has the
 * studio say what a visitor's phone would do; the popup's own handler still runs (it closes the modal, spec 4.4).
 */
import { smsNote } from './preview';

const armedFrames = new WeakSet<HTMLIFrameElement>();
const watchedDocs = new WeakSet<Document>();

/** Listens in a popup frame's window, again after each change of its document (its srcdoc replaces about:blank). */
function armFrame(f: HTMLIFrameElement, onLink: (e: MouseEvent) => void): void {
  if (armedFrames.has(f)) return;
  armedFrames.add(f);
  const arm = () => {
    const w = f.contentWindow;
    // addEventListener ignores a listener already there: arming again is harmless.
    w?.addEventListener('click', onLink, true);
    w?.addEventListener('auxclick', onLink, true);
  };
  arm();
  f.addEventListener('load', arm);
  if (f.contentDocument) new MutationObserver(arm).observe(f.contentDocument, { childList: true, subtree: true });
}

/**
 * Arms every frame the popup adds to the stage document `doc` (once per document): an sms: link followed in one is
 * cancelled and `say` is told what it would have done.
 */
export function watchStage(doc: Document, say: (note: string) => void): void {
  if (watchedDocs.has(doc)) return;
  watchedDocs.add(doc);
  const onLink = (e: MouseEvent) => {
    // Elements of the popup frame's realm: no instanceof, only what every element has.
    const a = (e.target as Element | null)?.closest?.('a[href]');
    // Named by its own words ('Join via text', or an owner's sms: link), set as text: nothing is parsed as HTML.
    const note = smsNote(a?.getAttribute('href') || '', (a?.textContent || '').trim());
    if (!note) return;
    e.preventDefault();
    say(note);
  };
  const scan = () => {
    for (const f of doc.querySelectorAll('iframe')) armFrame(f, onLink);
  };
  scan();
  new MutationObserver(scan).observe(doc, { childList: true, subtree: true });
}
