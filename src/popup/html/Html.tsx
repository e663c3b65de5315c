/** Renders owner HTML, sanitized (src/popup/html/sanitize.ts), into an element Preact owns but never fills. */
import { createElement, useLayoutEffect, useRef } from 'react';
import { sanitize } from './sanitize';

/** Props of `Html`. */
export interface HtmlProps {
  /** Owner HTML from the settings or a submit response. */
  html: string;
  /** Wrapper element, 'div' by default ('span' inside labels). */
  tag?: string;
  className?: string;
  id?: string;
  role?: string;
}

/**
 * Owner HTML as sanitized DOM nodes. The nodes are built in the wrapper's own document, which is the popup frame's,
 * not the host page's; they are replaced whenever `html` changes.
 */
export const Html = ({ html, tag = 'div', ...rest }: HtmlProps) => {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.replaceChildren(sanitize(html, el.ownerDocument));
  }, [html]);
  return createElement(tag, { ref, ...rest });
};
