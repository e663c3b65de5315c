/**
 * popup.js (spec 4.1 step 3, 7.2): loaded by embed.js when the trigger fires. It publishes `mount` on the shared
 * global (the owner preview and the dev build call it directly) and mounts what the loader handed over.
 */
import { mount } from './mount';

const shared = (window.__mcsf ||= {});
shared.mount = mount;
const h = shared.handoff;
if (h) {
  shared.handoff = undefined;
  mount(h.params, h.settings);
}
