/**
 * The namespace every loader copy, popup.js and the files beside them share on `window.__mcsf` (src/types.ts
 * `Shared`), made by whichever runs first. One object for the page's life: destroy clears its state, not the object
 * (src/loader/lifecycle.ts).
 */
import type { Shared } from '../types';

/** `window.__mcsf`, created if this bundle is the first. */
export const shared: Shared = (window.__mcsf ||= {});
