/**
 * The studio's live region (issue 33: "Saved", "Refused: …", "Copied", the number of accessibility warnings, a
 * subscriber erased): one `role="status"` element on every page. The same words said twice are said again (the
 * element is emptied first).
 */
import { useCallback, useRef, useState } from 'react';

/** How long a message stays on screen (it is read at once; the line then leaves the page's bottom free). */
export const LIVE_MS = 10_000;

export function useLive(): [text: string, say: (t: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef(0);
  const say = useCallback((t: string) => {
    setText('');
    clearTimeout(timer.current);
    // A moment later: a screen reader hears a change, even to the same words. A timer, not an animation frame: those
    // wait while the tab is in the background, and the message would wait with them.
    setTimeout(() => setText(t), 50);
    timer.current = window.setTimeout(() => setText(''), LIVE_MS);
  }, []);
  return [text, say];
}

export function Live({ text }: { text: string }) {
  return (
    <p role="status" className="live" id="live">
      {text}
    </p>
  );
}
