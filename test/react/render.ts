/**
 * The react layer's renderer (issue 34 item 2): test/run.mjs bundles the popup's component tests (test/dom/form-*,
 * test/dom/popup-shell) with this module in place of test/dom/render.ts and no alias, so their components render on
 * react-dom 19's client (createRoot) on linkedom, and React's own warnings fail the test that caused them: a prop
 * React does not know, a controlled input it cannot drive, an update outside act.
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';

// Type-checking reads preact/compat's types for 'react' (tsconfig.json paths), which have no act and no Root; these are
// React 19's, which this module runs on.
type ReactNode = React.ReactNode;
interface Root {
  render(node: ReactNode): void;
  unmount(): void;
}
const reactAct = (React as unknown as { act: (f: () => void | Promise<void>) => Promise<void> }).act;

const g = globalThis as unknown as Record<string, unknown>;
// React's act flushes renders and effects only in an environment that says it is a test's.
g.IS_REACT_ACT_ENVIRONMENT = true;
// react-dom reads the user agent when it loads; Node 20 has no navigator.
g.navigator ??= { userAgent: 'node' };

// A warning React prints is a difference between React and the Preact the popup ships: it fails the test.
console.error = (format: unknown, ...a: unknown[]) => {
  throw Error(`React warned: ${String(format).replace(/%s/g, () => String(a.shift()))} ${a.join(' ')}`);
};

const roots = new WeakMap<Element, Root>();

/** Runs `f`, then flushes the renders and effects it caused. */
export const act = (f: () => void): void => {
  void reactAct(f);
};

/**
 * Waits `ms` real milliseconds inside act: what the popup's timers, promises and loaded scripts render meanwhile is an
 * update React sees as the test's, and is flushed when the wait ends.
 */
export const pass = (ms: number): Promise<void> =>
  reactAct(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });

/** Renders `node` into `el` (again: an update of what is there). */
export const show = (node: ReactNode, el: Element): void => {
  let root = roots.get(el);
  if (!root) roots.set(el, (root = createRoot(el)));
  act(() => root.render(node));
};

/** Unmounts what `el` holds. */
export const clear = (el: Element): void => {
  const root = roots.get(el);
  roots.delete(el);
  if (root) act(() => root.unmount());
};

/** The renderer under test. */
export const RENDERER = 'react';
