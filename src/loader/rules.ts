/**
 * embed-rules.js: the display rules (issue 36 part 1; docs/decisions/display-rules.md), fetched by embed-extras.js only
 * for settings that carry `showOn`, so that embed.js and popup.js pay nothing for a form without them. It publishes
 * `window.__mcsf.lr` (src/types.ts `LoaderRules`): the gate between a start's trigger and its popup.
 *
 * - The page is judged by the form model (src/form-model/show-on.ts): its path against include and exclude, its width
 *   against devices. On a page the rules leave out nothing is prepared (the warm-up waits): no popup.js is fetched.
 * - A trigger that fires on such a page waits for one the rules take in; on one they take in while another overlay
 *   shows (src/loader/overlay.ts), it waits for that to go.
 * - After a single-page app's route change (src/loader/routes.ts) the rules are judged again: a popup on the page
 *   (prepared or shown) whose form the new path leaves out is destroyed, no closed cookie written, as the visitor did
 *   not close it; a trigger that waited may now open it.
 */
import { shared } from '../browser/shared';
import { obj } from '../form-model/raw';
import { showsOn } from '../form-model/show-on';
import { maxWidthOf } from '../form-model/view';
import type { LoaderRules } from '../types';
import { covered, watch } from './overlay';
import { onRoute } from './routes';
import { parseTrigger } from './triggers';

const arm: LoaderRules['arm'] = (s, fire, warm, armEvent) => {
  const start = shared.started;
  const ok = () => showsOn(s.showOn, maxWidthOf(obj(s.styles).modal), location.pathname, innerWidth);
  /** Disarmed: the trigger and the warm-up do nothing any more. */
  let off = false;
  /** The trigger fired and the popup has not opened yet. */
  let due = false;
  /** Stops watching for another overlay to go. */
  let unwatch: (() => void) | undefined;
  /** Opens the popup if the trigger fired, the rules take this page in and no other overlay shows; else waits. */
  const attempt = () => {
    if (due && ok()) {
      if (covered()) return void (unwatch ||= watch(attempt));
      due = false;
      fire();
    }
    if (unwatch) unwatch();
    unwatch = undefined;
  };
  // Until the start ends (the loader's destroy) or another gate replaces this one: a popup the visitor opened on
  // demand is closed on a path left out all the same.
  onRoute(() => {
    if (shared.started !== start) return onRoute();
    if (!ok() && shared.popup) shared.popup.destroy();
    attempt();
  });
  const go = () => {
    due = !off;
    attempt();
  };
  const ready = () => !off && ok() && warm && warm();
  const t = parseTrigger(s.popupDelay);
  let disarm: () => void;
  if (typeof t === 'number') {
    // As the loader does for a delay without rules (src/loader/lifecycle.ts): the warm-up when the browser is idle.
    const timer = setTimeout(go, t);
    disarm = () => clearTimeout(timer);
    (window.requestIdleCallback || setTimeout)(ready);
  } else disarm = armEvent(t, go, ready);
  return () => {
    off = true;
    due = false;
    disarm();
    attempt();
  };
};

shared.lr = { arm };
