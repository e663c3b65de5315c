/**
 * popup.js (spec 4.1 step 3, 7.2): loaded by embed.js, warmed while the page is idle before the trigger or on it
 * (docs/decisions/work-waits-for-intent.md). It publishes `show` (the loader's one call) and `mount` (the owner preview
 * and the dev build) on the shared global, and takes what the loader handed over before it ran (`handoff`,
 * src/types.ts): the popup prepared hidden, revealed at once when the trigger already fired.
 */
import { shared } from '../browser/shared';
import { mount, show } from './mount';
import { RUNTIME } from './runtime';

// Lent to form-extras.js and form-actions.js before either can run (src/popup/runtime.ts).
shared.rt = RUNTIME;
shared.show = show;
shared.mount = mount;
const h = shared.handoff;
if (h) {
  shared.handoff = undefined;
  show(h.params, h.settings, h.show);
}
