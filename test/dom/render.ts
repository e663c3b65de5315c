/**
 * How the popup's component tests (test/dom/form-*, test/dom/popup-*) render: here on the Preact popup.js ships
 * (react-dom aliased to the trimmed preact/compat, test/run.mjs), every vnode held to its rules (./compat-guard). The
 * react layer runs the same tests on React itself: test/run.mjs puts test/react/render.ts in this module's place.
 */
import './compat-guard';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act as preactAct } from 'preact/test-utils';

const roots = new WeakMap<Element, ReturnType<typeof createRoot>>();

/** Runs `f`, then flushes the renders and effects it caused. */
export const act = (f: () => void): void => {
  preactAct(f);
};

/** Renders `node` into `el` (again: an update of what is there). */
export const show = (node: ReactNode, el: Element): void => {
  let root = roots.get(el);
  if (!root) roots.set(el, (root = createRoot(el)));
  act(() => root.render(node));
};

/** Waits `ms` real milliseconds, then flushes the renders and effects of what happened meanwhile. */
export const pass = async (ms: number): Promise<void> => {
  await new Promise((r) => setTimeout(r, ms));
  act(() => undefined);
};

/** Unmounts what `el` holds. */
export const clear = (el: Element): void => {
  const root = roots.get(el);
  roots.delete(el);
  if (root) act(() => root.unmount());
};

/** The renderer under test. */
export const RENDERER = 'preact';
