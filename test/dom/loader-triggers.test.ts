/**
 * The loader's triggers on linkedom (issue 2, spec 4.2, 9.1): `arm` from src/loader/triggers.ts with real event
 * targets (window for scrolling, the root element for exit intent). Every listener it adds is passive, it fires once
 * when the trigger happens and never again, and its listener is removed once fired (or when disarmed); the exit-intent
 * fallback (Edge, narrow screens) uses one timer and no listener. linkedom has no layout: scroll positions and sizes
 * are set by the tests.
 */
import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { window, document } = parseHTML(
  '<!doctype html><html lang="en"><head></head><body><main><p id="child">Text</p></main></body></html>',
);
// linkedom's window is a proxy whose listener methods cannot be wrapped; the window `arm` scrolls is a plain
// EventTarget (Node's, which honours `passive`) carrying the two sizes it reads.
const win = Object.assign(new EventTarget(), { scrollY: 0, innerHeight: 800 });
const g = globalThis as unknown as Record<string, unknown>;
g.window = win;
g.document = document;
const nav = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};
const scr = { width: 1280 };
Object.defineProperty(globalThis, 'navigator', { value: nav, configurable: true, writable: true });
Object.defineProperty(globalThis, 'screen', { value: scr, configurable: true, writable: true });

const { arm } = await import('../../src/loader/triggers');
const { EXIT_FALLBACK_MS } = await import('../../src/loader/constants');

const root = document.documentElement as unknown as EventTarget;

/** One addEventListener call seen. */
interface Added {
  target: string;
  type: string;
  fn: unknown;
  options: unknown;
}
let added: Added[] = [];
let removed: Omit<Added, 'options'>[] = [];

/** Records every add and remove on `target` (named `name`) and passes them on to linkedom. */
const spy = (target: EventTarget, name: string) => {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  Object.defineProperty(target, 'addEventListener', {
    configurable: true,
    value: (type: string, fn: EventListener, options?: unknown) => {
      added.push({ target: name, type, fn, options });
      add(type, fn, options as AddEventListenerOptions);
    },
  });
  Object.defineProperty(target, 'removeEventListener', {
    configurable: true,
    value: (type: string, fn: EventListener, options?: unknown) => {
      removed.push({ target: name, type, fn });
      remove(type, fn, options as EventListenerOptions);
    },
  });
};
spy(win, 'window');
spy(root, 'root');
spy(document as unknown as EventTarget, 'document');

/** Listeners added and not removed since (the same target, type and function). */
const live = () =>
  added.filter((a) => !removed.some((r) => r.target === a.target && r.type === a.type && r.fn === a.fn));

/** Timers `arm` asked for, run by hand. */
let timers: { fn: () => void; ms: number; id: number }[] = [];
let nextId = 0;
/** Timer ids cleared since the test began. */
let cleared: unknown[] = [];
const realClearTimeout = globalThis.clearTimeout;
const realSetTimeout = globalThis.setTimeout;

/** Sets the page geometry linkedom does not compute: scroll position, viewport height, page height. */
const geometry = (scrollY: number, innerHeight = 800, scrollHeight = 3000) => {
  win.scrollY = scrollY;
  win.innerHeight = innerHeight;
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: scrollHeight,
    configurable: true,
    writable: true,
  });
};
/**
 * Runs the timers of no delay `arm` asked for: a trigger fires in a task of its own, not inside the scroll or
 * mouseleave event (src/loader/triggers.ts).
 */
const tick = () => {
  const now = timers.filter((t) => !t.ms);
  timers = timers.filter((t) => t.ms);
  for (const t of now) t.fn();
};
/** Scrolls to `y`, then runs the task that event queued, if any. */
const scrollTo = (y: number) => {
  geometry(y);
  win.dispatchEvent(new Event('scroll'));
  tick();
};
/** The pointer leaves `target` (the root element: the window), then the task that event queued runs. */
const leave = (target: EventTarget = root) => {
  target.dispatchEvent(new window.Event('mouseleave') as unknown as Event);
  tick();
};

/** Arms `trigger` with a counting `fire`; returns the count. */
const armed = (trigger: Parameters<typeof arm>[0]) => {
  const n = { fired: 0 };
  arm(trigger, () => n.fired++);
  tick();
  return n;
};

test.before.each(() => {
  added = [];
  removed = [];
  timers = [];
  nav.userAgent =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  scr.width = 1280;
  geometry(0);
  nextId = 0;
  g.setTimeout = (fn: () => void, ms: number) => {
    timers.push({ fn, ms, id: ++nextId });
    return nextId;
  };
  cleared = [];
  g.clearTimeout = (id: unknown) => {
    cleared.push(id);
    timers = timers.filter((t) => t.id !== id);
  };
});
test.after.each(() => {
  g.setTimeout = realSetTimeout;
  g.clearTimeout = realClearTimeout;
  // No test leaves a listener behind for the next one.
  const targets: Record<string, EventTarget> = { window: win, root, document: document as unknown as EventTarget };
  for (const a of live()) targets[a.target].removeEventListener(a.type, a.fn as EventListener);
});

for (const [kind, short, reached] of [
  ['middle', 1099, 1100],
  ['bottom', 2197, 2198],
] as const)
  test(`'${kind}': one passive scroll listener on window; fires once at ${reached} px of 2200, \
then it is removed`, () => {
    const n = armed(kind);
    assert.is(n.fired, 0, 'not at the top of the page');
    assert.equal(
      added.map((a) => [a.target, a.type, a.options]),
      [['window', 'scroll', { passive: true }]],
    );
    assert.is(timers.length, 0, 'no timer');
    scrollTo(300);
    scrollTo(short);
    assert.is(n.fired, 0, `not yet at ${short} px`);
    assert.is(live().length, 1, 'still listening');
    geometry(reached);
    win.dispatchEvent(new Event('scroll'));
    assert.is(n.fired, 0, 'not inside the scroll event');
    assert.equal(
      timers.map((t) => t.ms),
      [undefined],
      'a task of its own',
    );
    tick();
    assert.is(n.fired, 1, `fires at ${reached} px`);
    assert.equal(live(), [], 'the listener is removed once fired');
    assert.equal(
      removed.map((r) => [r.target, r.type, r.fn === added[0].fn]),
      [['window', 'scroll', true]],
    );
    scrollTo(3000);
    scrollTo(reached);
    scrollTo(0);
    scrollTo(reached);
    assert.is(n.fired, 1, 'once, whatever the scrolling after');
  });

test(`'middle' and 'bottom' armed past their point (a reload restoring the scroll position): fire at once, once, \
nothing left`, () => {
  for (const kind of ['middle', 'bottom'] as const) {
    added = [];
    removed = [];
    geometry(2200);
    const n = armed(kind);
    assert.is(n.fired, 1, kind);
    assert.equal(live(), [], `${kind}: no listener left`);
    scrollTo(2200);
    assert.is(n.fired, 1, `${kind}: once`);
  }
});

test('a page too short to scroll has reached both points at once', () => {
  geometry(0, 800, 600);
  const n = armed('bottom');
  assert.is(n.fired, 1);
  assert.equal(live(), []);
});

test(`'exit' on a desktop browser: one passive mouseleave listener on the root element; \
fires once when the pointer leaves`, () => {
  const n = armed('exit');
  assert.equal(
    added.map((a) => [a.target, a.type, a.options]),
    [['root', 'mouseleave', { passive: true }]],
  );
  assert.is(timers.length, 0, 'no timer');
  // Scrolling and a pointer leaving a child (mouseleave does not bubble) are not exit intent.
  scrollTo(2200);
  leave(document.getElementById('child')! as unknown as EventTarget);
  assert.is(n.fired, 0);
  leave();
  assert.is(n.fired, 1, 'fires when the pointer leaves the window');
  assert.equal(live(), [], 'the listener is removed once fired');
  leave();
  leave();
  assert.is(n.fired, 1, 'once');
});

test(`'exit' on Edge or a screen under 640 px: a ${EXIT_FALLBACK_MS} ms timer instead, no listener; fires once`, () => {
  const cases: [string, string, number][] = [
    [
      'Edge',
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      1920,
    ],
    ['a phone-sized screen', nav.userAgent, 375],
  ];
  for (const [name, ua, width] of cases) {
    added = [];
    timers = [];
    nav.userAgent = ua;
    scr.width = width;
    const n = armed('exit');
    assert.equal(added, [], `${name}: no listener`);
    assert.equal(
      timers.map((t) => t.ms),
      [EXIT_FALLBACK_MS],
      name,
    );
    leave();
    assert.is(n.fired, 0, `${name}: the pointer does not fire it`);
    timers[0].fn();
    assert.is(n.fired, 1, name);
  }
});

test('disarming before the trigger removes its listener or timer: it never fires (an open on demand, issue 14)', () => {
  for (const trigger of ['middle', 'bottom', 'exit'] as const) {
    added = [];
    removed = [];
    geometry(0);
    const n = { fired: 0 };
    const off = arm(trigger, () => n.fired++);
    assert.is(live().length, 1, `${trigger}: armed`);
    off();
    assert.equal(live(), [], `${trigger}: no listener left`);
    scrollTo(2200);
    leave();
    assert.is(n.fired, 0, trigger);
  }
  // The exit-intent fallback's timer is cleared.
  nav.userAgent += ' Edg/120.0';
  timers = [];
  const n = { fired: 0 };
  arm('exit', () => n.fired++)();
  assert.equal(
    cleared.filter((id) => id !== undefined),
    [1],
  );
  assert.is(n.fired, 0);
});

test('disarmed after the trigger but before its task runs (an open on demand, a destroy): it never fires', () => {
  geometry(0);
  const n = { fired: 0 };
  const off = arm('middle', () => n.fired++);
  geometry(2200);
  win.dispatchEvent(new Event('scroll'));
  off();
  tick();
  assert.is(n.fired, 0);
  assert.equal(live(), []);
});

/** Arms `trigger` with counting `fire` and `ahead` (issue 37); returns the counts and the disarm. */
const armedAhead = (trigger: Parameters<typeof arm>[0]) => {
  const n = { fired: 0, ahead: 0, off: () => {} };
  n.off = arm(
    trigger,
    () => n.fired++,
    () => n.ahead++,
  );
  tick();
  return n;
};

/** A mousemove on the document at `clientY`, having moved by `movementY`. */
const move = (clientY: number, movementY: number) => {
  const e = new window.Event('mousemove') as unknown as Event;
  Object.defineProperties(e, { clientY: { value: clientY }, movementY: { value: movementY } });
  document.dispatchEvent(e);
};

for (const [kind, point] of [
  ['middle', 1100],
  ['bottom', 2198],
] as const)
  test(`'${kind}' on the way (issue 37): ahead once past a third of the ${point} px, before the trigger`, () => {
    const n = armedAhead(kind);
    const third = Math.ceil(point / 3);
    assert.equal(
      added.map((a) => [a.target, a.type, a.options]),
      [['window', 'scroll', { passive: true }]],
      'the trigger’s one scroll listener serves both',
    );
    scrollTo(third - 1);
    assert.equal([n.ahead, n.fired], [0, 0], `not at ${third - 1} px`);
    scrollTo(third);
    assert.equal([n.ahead, n.fired], [1, 0], `on the way at ${third} px`);
    scrollTo(third + 100);
    scrollTo(0);
    scrollTo(third);
    assert.is(n.ahead, 1, 'once');
    scrollTo(point);
    assert.equal([n.ahead, n.fired], [1, 1], 'then the trigger');
    assert.equal(live(), []);
  });

test("'middle' reached in one jump: the trigger fires, ahead is never called (the show fetches what it needs)", () => {
  const n = armedAhead('middle');
  scrollTo(2200);
  assert.equal([n.ahead, n.fired], [0, 1]);
  assert.equal(live(), []);
});

test("'middle' armed on the way (a reload restoring the scroll position): ahead at once, not the trigger", () => {
  geometry(500);
  const n = armedAhead('middle');
  assert.equal([n.ahead, n.fired], [1, 0]);
  assert.is(live().length, 1, 'the trigger still listens');
});

test("'middle' and 'exit' disarmed before the trigger: ahead is never called after", () => {
  for (const trigger of ['middle', 'exit'] as const) {
    added = [];
    removed = [];
    const n = armedAhead(trigger);
    n.off();
    assert.equal(live(), [], `${trigger}: no listener left`);
    scrollTo(600);
    move(10, -20);
    assert.equal([n.ahead, n.fired], [0, 0], trigger);
    geometry(0);
  }
});

test(`'exit' on the way (issue 37): ahead once on upward pointer movement in the top quarter of the window; its \
listener then goes`, () => {
  const n = armedAhead('exit');
  assert.equal(
    added.map((a) => [a.target, a.type, a.options]),
    [
      ['root', 'mouseleave', { passive: true }],
      ['document', 'mousemove', { passive: true }],
    ],
  );
  move(100, 30);
  assert.is(n.ahead, 0, 'moving down in the top quarter');
  move(400, -30);
  assert.is(n.ahead, 0, 'moving up, below the top quarter (800 px high: 200 px)');
  move(199, 0);
  assert.is(n.ahead, 0, 'still in the top quarter');
  move(150, -49);
  assert.is(n.ahead, 1, 'moving up in the top quarter');
  assert.equal(
    live().map((a) => [a.target, a.type]),
    [['root', 'mouseleave']],
    'the pointer listener is gone, the trigger stays',
  );
  move(100, -50);
  assert.is(n.ahead, 1, 'once');
  leave();
  assert.equal([n.ahead, n.fired], [1, 1]);
  assert.equal(live(), []);
});

test("'exit' left without a sign on the way: the trigger fires, ahead is never called, no listener left", () => {
  const n = armedAhead('exit');
  leave();
  assert.equal([n.ahead, n.fired], [0, 1]);
  assert.equal(live(), []);
});

test(`'exit' as the ${EXIT_FALLBACK_MS} ms fallback (a delay, certain to come): ahead at once`, () => {
  scr.width = 375;
  const n = armedAhead('exit');
  assert.equal([n.ahead, n.fired], [1, 0]);
  assert.equal(added, [], 'no listener');
  timers[0].fn();
  assert.equal([n.ahead, n.fired], [1, 1]);
});

test.run();
