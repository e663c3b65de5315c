/**
 * Yielding to the browser between the pieces of the popup's work (docs/decisions/no-long-tasks.md: no task over 50 ms
 * at 4x CPU), so input and the host page's own work run in between: `scheduler.yield` where it exists (the continuation
 * keeps its place ahead of other tasks), else a MessageChannel message, a task without setTimeout's clamping.
 */
export const pause = (): Promise<unknown> => {
  // No optional chaining: the bundles' targets (chrome80) would spell it out at length.
  const s = (window as { scheduler?: { yield?(): Promise<unknown> } }).scheduler;
  return s && s.yield
    ? s.yield()
    : new Promise((done) => {
        const c = new MessageChannel();
        c.port1.onmessage = done;
        c.port2.postMessage(0);
      });
};
