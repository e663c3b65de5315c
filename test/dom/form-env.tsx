/**
 * linkedom as the global DOM for the form's component tests (test/dom/form-*.test.tsx): document, window and the
 * constructors Preact and the sanitizer touch. Import it first.
 */
import { DOMParser, parseHTML } from 'linkedom';

const { window, document } = parseHTML('<!doctype html><html lang="en"><head></head><body></body></html>');
const g = globalThis as unknown as Record<string, unknown>;
for (const k of ['Node', 'Element', 'HTMLElement', 'Event', 'CustomEvent', 'Text', 'DocumentFragment', 'HTMLInputElement', 'HTMLSelectElement'])
  g[k] = (window as unknown as Record<string, unknown>)[k];
g.window = window;
g.document = document;
g.DOMParser = DOMParser;
g.requestAnimationFrame = (f: () => void) => setTimeout(f, 0);

/** A fresh container in the shared document. */
export const container = (): HTMLElement => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return el as unknown as HTMLElement;
};

export { document, window };
