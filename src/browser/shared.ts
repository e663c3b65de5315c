/**
 * The shared namespace (./shared-now.ts), reached once at import: for the modules that run only on a page, the
 * loader's and popup.js's entry points and the files beside them.
 */
import type { Shared } from '../types';
import { sharedNow } from './shared-now';

export const shared: Shared = sharedNow();
