/**
 * The studio's live region (issue 33: "Saved", "Refused: …", "Copied", the number of accessibility warnings, a
 * subscriber erased): one `role="status"` element on every page. The same words said twice are said again (the
 * element is emptied first).
 */
import { useCallback, useState } from 'react';

export function useLive(): [text: string, say: (t: string) => void] {
  const [text, setText] = useState('');
  const say = useCallback((t: string) => {
    setText('');
    // The next frame: a screen reader hears a change, even to the same words.
    requestAnimationFrame(() => setText(t));
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
