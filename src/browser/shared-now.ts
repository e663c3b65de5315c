/**
 * The namespace every loader copy, popup.js and the files beside them share on `window.__mcsf` (src/types.ts
 * `Shared`), made by whichever runs first; no module but this and ./shared.ts names it. One object for the page's
 * life: destroy clears its state, not the object (src/loader/lifecycle.ts).
 */
import type { Shared } from '../types';

/**
 * The namespace, reached when called: what a module imported where there is no window until it runs uses (the unit
 * and dom layers import the form's modules before they make one). Modules that run only on a page read `shared`
 * (./shared.ts).
 */
export const sharedNow = (): Shared => (window.__mcsf ||= {});
