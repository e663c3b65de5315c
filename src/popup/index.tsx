/**
 * popup.js (spec 4.1 step 3, 7.2): loaded by embed.js, warmed before the trigger or on it (issue 12). It publishes
 * `prepare` and `mount` on the shared global (the owner preview and the dev build mount directly) and takes what the
 * loader handed over (`handoff`, src/types.ts): the popup prepared hidden, published as `popup` for the loader to
 * reveal on the trigger, revealed at once when the trigger already fired.
 */
import { shared } from '../browser/shared';
import { mount, prepare } from './mount';

shared.prepare = prepare;
shared.mount = mount;
const h = shared.handoff;
if (h) {
  shared.handoff = undefined;
  const popup = (shared.popup = prepare(h.params, h.settings));
  if (h.show !== false) popup.reveal();
}
