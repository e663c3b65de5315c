/**
 * The shared namespace (./shared-now.ts), reached once at import: for the modules that run only on a page, the
 * loader's and popup.js's entry points and the files beside them. Spelled out rather than a call of `sharedNow`, which
 * cost every loader bundle a function (embed-full.js past its ceiling).
 */
import type { Shared } from '../types';

export const shared: Shared = (window.__mcsf ||= {});
