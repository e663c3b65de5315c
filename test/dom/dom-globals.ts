/**
 * linkedom as the global DOM of a dom-layer file: a blank English page, and the constructors Preact and the popup's
 * components touch. Import it before anything that renders (test/dom/form-env.tsx sets up its own, with more).
 */
import { parseHTML } from 'linkedom';

export const { window, document } = parseHTML('<!doctype html><html lang="en"><head></head><body></body></html>');
const g = globalThis as unknown as Record<string, unknown>;
for (const k of ['Node', 'Element', 'HTMLElement', 'Event', 'Text', 'DocumentFragment'])
  g[k] = (window as unknown as Record<string, unknown>)[k];
g.window = window;
g.document = document;
