/**
 * The rich-text editor's engine: Squire (Fastmail's editor, MIT, no dependencies) on a content-editable element,
 * whose HTML goes through the popup's own sanitizer on load and paste (Squire's `sanitizeToDOMFragment`) and on every
 * change (rich-html.ts): the editor holds what the popup keeps, and the setting stores it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Squire from 'squire-rte';
import { sanitize } from '../popup/html/sanitize';
import { kept, stored } from './rich-html';

/** What the toolbar shows as pressed where the cursor is. */
export interface Formats {
  bold: boolean;
  italic: boolean;
  link: boolean;
  ul: boolean;
  ol: boolean;
}

const NONE: Formats = { bold: false, italic: false, link: false, ul: false, ol: false };

const formatsOf = (sq: Squire): Formats => {
  const path = sq.getPath();
  return {
    bold: sq.hasFormat('B'),
    italic: sq.hasFormat('I'),
    link: sq.hasFormat('A'),
    ul: /(^|>)UL\b/.test(path),
    ol: /(^|>)OL\b/.test(path),
  };
};

/**
 * Squire on the element of the returned ref, showing `value`, calling `onChange` with the stored HTML after each
 * change the owner makes (never for a value set from outside).
 */
export function useRichText(value: string, onChange: (html: string) => void) {
  const root = useRef<HTMLDivElement>(null);
  const editor = useRef<Squire | null>(null);
  /** The value last put into the editor from outside, or last sent. */
  const shown = useRef(value);
  /**
   * The editor's HTML as stored, after the value was put in: Squire writes some elements its own way (<strong> as
   * <b>), which is no change of the owner's, so only a difference from this is sent.
   */
  const normal = useRef('');
  const send = useRef(onChange);
  send.current = onChange;
  const [formats, setFormats] = useState(NONE);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one editor per element; the value is followed below
  useEffect(() => {
    const sq = new Squire(root.current!, {
      blockTag: 'P',
      // Links as the sanitizer writes them, so that a new link is already what the popup keeps.
      tagAttributes: { a: { target: '_blank', rel: 'noopener noreferrer' } },
      sanitizeToDOMFragment: (html) => sanitize(html, document),
    });
    editor.current = sq;
    // Tab and Shift+Tab leave the editor, wherever the cursor is: Squire's own indent a list item with them at its
    // start, where a keyboard user would be held (WCAG 2.1.2). The toolbar's list buttons make and end lists.
    sq.setKeyHandler('Tab', null);
    sq.setKeyHandler('Shift-Tab', null);
    sq.setHTML(value);
    normal.current = stored(sq.getHTML());
    const onInput = () => {
      const html = sq.getHTML();
      // Whatever reached the editor beyond the allow-list (a drop, an attribute Squire added) goes at once.
      if (kept(html) !== html) sq.setHTML(kept(html));
      const out = stored(html);
      if (out !== normal.current) send.current((shown.current = normal.current = out));
      setFormats(formatsOf(sq));
    };
    const onPath = () => setFormats(formatsOf(sq));
    sq.addEventListener('input', onInput);
    sq.addEventListener('pathChange', onPath);
    sq.addEventListener('cursor', onPath);
    sq.addEventListener('select', onPath);
    return () => {
      sq.destroy();
      editor.current = null;
    };
  }, []);

  // A layout effect: it runs in the task that rendered, so no keystroke comes between the render and this check. A
  // passive effect runs later, after further input may have been sent, and would put back an older value.
  useLayoutEffect(() => {
    const sq = editor.current;
    if (value !== shown.current && sq) {
      shown.current = value;
      sq.setHTML(value);
      normal.current = stored(sq.getHTML());
    }
  }, [value]);

  return { root, editor, formats };
}
