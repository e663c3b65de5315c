/**
 * Focus that follows the owner's action (issue 33 "keyboard only"): after a move the button pressed is on another
 * item, after a removal the item is gone; the element to focus exists only once the list has rendered again.
 */
import { useEffect, useRef } from 'react';
import { controlId } from './names';

/**
 * A function that asks for focus on the first of `ids` that exists and is enabled, once the component has rendered
 * next.
 */
export function useFocusLater(): (...ids: string[]) => void {
  const want = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = want.current;
    if (!ids) return;
    want.current = null;
    for (const id of ids) {
      const el = document.getElementById(id) as HTMLButtonElement | null;
      if (el && !el.disabled) return el.focus();
    }
  });
  return (...ids) => {
    want.current = ids;
  };
}

/**
 * A ref whose element takes focus when it appears: an input shown by the button just pressed (a link's address, a new
 * name). The autofocus attribute would not do: browsers honour it on page load and in dialogs only.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** Moves focus to the control of `path` (a problem's), or to the problems beside Save when it has none. */
export function focusControl(path: string): void {
  ((path && document.getElementById(controlId(path))) || document.getElementById('form-problems'))?.focus();
}
