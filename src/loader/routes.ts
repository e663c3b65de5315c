/**
 * A single-page app's route changes (issue 36 part 1): the page's own `history.pushState` and `replaceState`, and
 * `popstate` (back, forward), after which the display rules are judged again for the new path. Part of embed-rules.js.
 */

/** What runs after a route change: the display rules' gate on the page (src/loader/rules.ts), if any. */
let listener: (() => void) | undefined;
let hooked = false;

/** Runs the listener in a task of its own: never inside the app's navigation, and after the path has changed. */
const changed = () => setTimeout(() => listener && listener());

/**
 * Makes `f` the one listener of route changes (undefined: none). The history methods are wrapped once per page and
 * stay wrapped after the listener goes (calling nothing): another script may have wrapped them after us since, and
 * putting the originals back would drop its wrapper.
 */
export const onRoute = (f?: () => void): void => {
  listener = f;
  if (hooked || !f) return;
  hooked = true;
  const h = history;
  for (const k of ['pushState', 'replaceState'] as const) {
    const original = h[k];
    h[k] = function (this: History, ...a: Parameters<History['pushState']>) {
      original.apply(this, a);
      changed();
    };
  }
  addEventListener('popstate', changed);
};
