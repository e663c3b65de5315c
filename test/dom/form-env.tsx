/**
 * linkedom as the global DOM for the form's component tests (test/dom/form-*.test.tsx): document, window and the
 * constructors Preact and the sanitizer touch, and helpers that mount <Form> with a seeded demo form's settings and act
 * as the visitor and the provider. Import it first.
 */
import { DOMParser, parseHTML } from 'linkedom';
import { JSONP_TIMEOUT_MS } from '../../src/constants';
import { COUNTRY_DATA } from '../../src/form-model/countries-data';
import { act, clear, pass, show } from './render';
import { Form } from '../../src/popup/form/Form';
import type { FormStatus } from '../../src/popup/form/contract';
import { normalize, type Settings } from '../../src/popup/settings';
import { demoForm } from '../../src/server/seed/forms';
import type { LoaderParams } from '../../src/types';
import { PARAMS as BASE_PARAMS } from '../params';

const { window, document } = parseHTML('<!doctype html><html lang="en"><head></head><body></body></html>');
const g = globalThis as unknown as Record<string, unknown>;
for (const k of [
  'Node',
  'Element',
  'HTMLElement',
  'Event',
  'CustomEvent',
  'Text',
  'DocumentFragment',
  'HTMLInputElement',
  'HTMLSelectElement',
])
  g[k] = (window as unknown as Record<string, unknown>)[k];
g.window = window;
// The host window's events (issue 36 item 3: mc-popup:subscribed), as a browser's globals reach them.
g.CustomEvent = (window as unknown as Record<string, unknown>).CustomEvent;
g.dispatchEvent = (e: Event) => window.dispatchEvent(e);
// countries.js has loaded (in a browser it is fetched beside popup.js when an address field renders).
(window as unknown as { __mcsf: object }).__mcsf = { countries: COUNTRY_DATA };
// form-extras.js has loaded too (in a browser popup.js fetches it before the modal shows); import after the globals.
await import('../../src/popup/form/form-extras');
// So has form-actions.js (fetched on the visitor's first press in the form): the form acts at once, as it does once
// the file is in.
await import('../../src/popup/form/actions');
g.document = document;
g.DOMParser = DOMParser;
g.requestAnimationFrame = (f: () => void) => setTimeout(f, 0);
// Nothing here answers a submit the test leaves unanswered, so the popup's wait for the provider (JSONP_TIMEOUT_MS,
// SUBMIT_TIMEOUT_MS: seconds, where every test here takes less) would keep the process alive long after the last test
// (issue 34 item 6). Timers that long are unref'd: they still fire while the tests run, and never hold the exit. A test
// that awaited one would end its file early, without uvu's totals: the runner counts that as a failure.
{
  const set = globalThis.setTimeout;
  globalThis.setTimeout = ((f: (...a: unknown[]) => void, ms?: number, ...a: unknown[]) => {
    const t = set(f, ms, ...a);
    if ((ms || 0) >= JSONP_TIMEOUT_MS) t.unref();
    return t;
  }) as typeof setTimeout;
}

/** A fresh container in the shared document. */
export const container = (): HTMLElement => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return el as unknown as HTMLElement;
};

export { document, window };

// popup code reads `location.protocol` (cookies: Secure on https) and `console`; give the DOM window a location.
g.location = { protocol: 'http:', href: 'http://host.test/' };

// linkedom calls a listener with `this` = the event's target, not the element it was added to (currentTarget), so a
// bubbled event would reach Preact's handler proxy with the wrong element. Call listeners as browsers do.
{
  let proto = (window as unknown as { HTMLElement: { prototype: object } }).HTMLElement.prototype;
  while (!Object.hasOwn(proto, 'addEventListener')) proto = Object.getPrototypeOf(proto);
  type Fn = (this: unknown, e: Event) => unknown;
  const p = proto as {
    addEventListener: (t: string, l: unknown, o?: unknown) => void;
    removeEventListener: (t: string, l: unknown, o?: unknown) => void;
  };
  const add = p.addEventListener;
  const remove = p.removeEventListener;
  const wrapped = new WeakMap<Fn, Fn>();
  const wrap = (l: Fn): Fn => {
    if (!wrapped.has(l)) wrapped.set(l, (e: Event) => l.call(e.currentTarget, e));
    return wrapped.get(l)!;
  };
  p.addEventListener = function (t, l, o) {
    add.call(this, t, typeof l === 'function' ? wrap(l as Fn) : l, o);
  };
  p.removeEventListener = function (t, l, o) {
    remove.call(this, t, typeof l === 'function' ? wrap(l as Fn) : l, o);
  };
}

/** Loader parameters of the mounted forms: provider p.test, uuid U, list L, form F. */
export const PARAMS: LoaderParams = { ...BASE_PARAMS, baseUrl: 'p.test', uuid: 'U', lid: 'L', fId: 'F', cdn: '' };

/** The raw settings of a seeded demo form (src/server/seed/forms.ts) with `over` merged in. */
export const demo = (key: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...demoForm(key)!.settings,
  ...over,
});

/** A mounted form and what it told the shell. */
export interface Mounted {
  el: HTMLElement;
  s: Settings;
  status: FormStatus[];
  closes: number;
  /** The first element matching `sel`, or a thrown error naming it. */
  $<E extends Element = HTMLInputElement>(sel: string): E;
  /** Every element matching `sel`. */
  $$<E extends Element = HTMLInputElement>(sel: string): E[];
  unmount(): void;
}

/** Renders `<Form>` with the normalised `raw` settings as the modal does, with the transport session.tsx chooses. */
export const mount = (raw: Record<string, unknown>, o: { mobile?: boolean; preview?: boolean } = {}): Mounted => {
  const el = container();
  const s = normalize(raw);
  const m: Mounted = {
    el,
    s,
    status: [],
    closes: 0,
    $: <E extends Element>(sel: string) => {
      const x = el.querySelector(sel);
      if (!x) throw Error('no element ' + sel);
      return x as unknown as E;
    },
    $$: <E extends Element>(sel: string) => Array.from(el.querySelectorAll(sel)) as unknown as E[],
    unmount: () => {
      clear(el);
      el.remove();
    },
  };
  show(
    <Form
      s={s}
      p={{ ...PARAMS, isPreview: !!o.preview }}
      transport={(t) => (o.preview ? t.previewTransport : t.providerTransport(PARAMS, s.captcha))}
      mobile={!!o.mobile}
      onStatus={(x) => m.status.push(x)}
      onClose={() => m.closes++}
    />,
    el,
  );
  return m;
};

const fire = (el: Element, type: string): void => {
  act(() => {
    el.dispatchEvent(new window.Event(type, { bubbles: true, cancelable: true }) as unknown as Event);
  });
};

/** Types `value` into a text input or picks it in a select, as a visitor would (input or change event). */
export const type = (el: Element, value: string): void => {
  if (el.localName === 'select') {
    // linkedom's select.value is read-only: select the option instead, as a visitor does.
    const o = Array.from(el.querySelectorAll('option')).find((x) => (x.getAttribute('value') || '') === value);
    if (!o) throw Error('no option ' + value);
    (o as HTMLOptionElement).selected = true;
    fire(el, 'change');
    return;
  }
  (el as HTMLInputElement).value = value;
  fire(el, 'input');
};
/**
 * Ticks or unticks a checkbox or radio, with the events a browser fires for the visitor's click: click, then change
 * (Preact's onChange listens to change; React's, on a checkbox or radio, to click).
 */
export const tick = (el: Element, on = true): void => {
  (el as HTMLInputElement).checked = on;
  fire(el, 'click');
  fire(el, 'change');
};
/** Focus leaves `el` for nowhere: the field's blur validation runs (spec 5.1). */
export const leave = (el: Element): void => fire(el, 'focusout');
/** Submits the form as Enter or the submit button would. */
export const submit = (m: Mounted): void => fire(m.$('form'), 'submit');
/** Clicks a button or link. */
export const click = (el: Element): void => fire(el, 'click');

/** The JSONP script tags the form added to the head for `path` (form-post-json), newest last. */
export const calls = (path = 'form-post-json'): HTMLScriptElement[] =>
  Array.from(document.head.querySelectorAll('script')).filter((s) =>
    (s.getAttribute('src') || '').includes('/subscribe/' + path),
  ) as unknown as HTMLScriptElement[];

/** The query of a JSONP call as a plain object. */
export const query = (s: HTMLScriptElement): Record<string, string> =>
  Object.fromEntries(new URL('http:' + s.getAttribute('src')).searchParams);

/** Answers the newest submit call with `data` as the provider's JSONP reply would; null: the script failed to load. */
export const reply = (data: unknown): void => {
  const s = calls().pop();
  if (!s) throw Error('no submit call to answer');
  const c = query(s).c;
  const w = window as unknown as Record<string, (d: unknown) => void>;
  act(() => {
    if (data === null) (s as unknown as { onerror(): void }).onerror();
    else w[c](data);
  });
};

/** Empties the head of earlier calls' script tags. */
export const forgetCalls = (): void => {
  for (const s of calls()) s.remove();
};

/** Waits `ms` real milliseconds, and flushes what the popup rendered meanwhile. */
export const wait = (ms: number): Promise<void> => pass(ms);

/** An attribute whatever the case the DOM kept it in (linkedom keeps autoComplete, tabIndex, maxLength as written). */
export const attr = (el: Element, name: string): string | null => {
  const a = Array.from(el.attributes).find((x) => x.name.toLowerCase() === name.toLowerCase());
  return a ? a.value : null;
};

/**
 * The text of `el` a screen reader reads: its text without the subtrees aria-hidden or hidden takes out of the
 * accessibility tree (what is merely off-screen stays), spaces collapsed.
 */
export const spoken = (el: Element): string => {
  const read = (n: Node): string =>
    n.nodeType === 3
      ? n.textContent || ''
      : n.nodeType === 1 && (attr(n as Element, 'aria-hidden') === 'true' || attr(n as Element, 'hidden') != null)
        ? ''
        : Array.from(n.childNodes).map(read).join('');
  return read(el).replace(/\s+/g, ' ').trim();
};

/** The visible text of the label of input `el` (label[for]), without the required star. */
export const labelOf = (root: Element, el: Element): string => {
  const l = root.querySelector(`label[for="${el.id}"]`);
  return l ? (l.textContent || '').replace(/\s*\*$/, '').trim() : '';
};
