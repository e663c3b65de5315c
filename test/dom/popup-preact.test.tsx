/**
 * The Preact popup.js ships (build/preact-trim.mjs: no hydration, class components, portals or innerHTML) renders
 * what the popup's components ask of it. test/run.mjs bundles this file with that trimmed Preact, as it does every
 * dom/form-* and dom/popup-* file; these cases hold the paths the trims rewrote (creating and reusing elements,
 * keyed moves, unmounting, a component's own re-render, a render error) to what the full Preact does.
 */
import './compat-guard';
import { document, window } from './dom-globals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { Fragment, useEffect, useLayoutEffect, useRef, useState } = await import('react');
const { render } = await import('react-dom');
const { act } = await import('preact/test-utils');

const box = (): HTMLElement => document.body.appendChild(document.createElement('div')) as unknown as HTMLElement;
const texts = (el: Element) => [...el.children].map((c) => c.textContent);

const List = ({ keys }: { keys: string[] }) => (
  <ul>
    {keys.map((k) => (
      <li key={k}>{k}</li>
    ))}
  </ul>
);

test('keyed children move in place: the same nodes, in the new order, with none recreated', () => {
  const el = box();
  render(<List keys={['a', 'b', 'c', 'd']} />, el);
  const ul = el.firstElementChild!;
  for (const keys of [
    ['d', 'a', 'b', 'c'],
    ['b', 'd', 'c', 'a'],
    ['c', 'a'],
    ['e', 'c', 'a', 'b'],
  ]) {
    const before = new Map([...ul.children].map((li) => [li.textContent, li]));
    render(<List keys={keys} />, el);
    assert.equal(texts(ul), keys);
    for (const li of ul.children) if (before.has(li.textContent!)) assert.is(li, before.get(li.textContent!));
  }
});

test('a container that holds nodes is emptied before the first render, and later renders update in place', () => {
  const el = box();
  el.innerHTML = '<p>old</p><!-- c --><span>x</span>';
  render(
    <>
      <p>new</p>
    </>,
    el,
  );
  assert.is(el.innerHTML, '<p>new</p>');
  const p = el.firstChild;
  render(
    <>
      <p>again</p>
      {null}
      {false}
      <b>2</b>
    </>,
    el,
  );
  assert.is(el.innerHTML, '<p>again</p><b>2</b>');
  assert.is(el.firstChild, p);
});

const counter = { renders: 0, set: (_: number) => {} };
const Counter = () => {
  const [n, setN] = useState(0);
  counter.set = setN;
  counter.renders++;
  return <output>{n}</output>;
};

test("a component's own state update re-renders it alone; the same value renders nothing", async () => {
  const el = box();
  render(
    <div>
      <Counter />
      <i>still</i>
    </div>,
    el,
  );
  const out = el.querySelector('output')!;
  await act(() => counter.set(2));
  assert.is(out.textContent, '2');
  assert.is(counter.renders, 2);
  await act(() => counter.set(2));
  assert.is(counter.renders, 2);
  assert.is(el.querySelector('output'), out);
  assert.is(el.querySelector('i')!.textContent, 'still');
  // Set away and back in one batch: the DOM shows where it ended (the trimmed hooks re-render rather than bail out).
  await act(() => {
    counter.set(5);
    counter.set(2);
  });
  assert.is(out.textContent, '2');
  assert.is(el.querySelector('output'), out);
});

const log: string[] = [];
const button = { current: null as HTMLButtonElement | null };
const Child = ({ on }: { on: () => void }) => {
  useEffect(() => () => void log.push('effect'), []);
  useLayoutEffect(() => () => void log.push('layout'), []);
  return (
    <button ref={button} type="button" onClick={on}>
      go
    </button>
  );
};
const App = ({ show, on }: { show: boolean; on: () => void }) => <div>{show ? <Child on={on} /> : <em>gone</em>}</div>;

test('unmounting runs effect clean-ups, empties refs and removes the nodes; handlers follow re-renders', async () => {
  const el = box();
  await act(() => {
    render(<App show on={() => log.push('first')} />, el);
  });
  await act(() => {
    render(<App show on={() => log.push('second')} />, el);
  });
  button.current!.dispatchEvent(new window.Event('click', { bubbles: true }) as unknown as Event);
  assert.equal(log, ['second']);
  await act(() => {
    render(<App show={false} on={() => {}} />, el);
  });
  assert.equal(log.slice(1).sort(), ['effect', 'layout']);
  assert.is(button.current, null);
  assert.is(el.innerHTML, '<div><em>gone</em></div>');
});

const Fields = ({ v, c }: { v: string; c: boolean }) => (
  <Fragment>
    <input value={v} onInput={() => {}} />
    <input type="checkbox" checked={c} onChange={() => {}} />
  </Fragment>
);

test('inputs keep their value and checked props', () => {
  const el = box();
  render(<Fields v="a" c={false} />, el);
  const [text, check] = [...el.querySelectorAll('input')] as unknown as HTMLInputElement[];
  render(<Fields v="b@c.d" c />, el);
  assert.is(text.value, 'b@c.d');
  // linkedom's input has no `checked` property, so Preact sets the attribute there (a browser's property).
  assert.ok(check.checked === true || check.getAttribute('checked') === 'true');
});

const Broken = (): never => {
  throw Error('broken field');
};
const Kept = () => <p>{useRef(1).current}</p>;

test('an error thrown while rendering reaches the caller of render, and the next render works', () => {
  assert.throws(
    () =>
      render(
        <div>
          <Broken />
        </div>,
        box(),
      ),
    /broken field/,
  );
  const next = box();
  render(<Kept />, next);
  assert.is(next.innerHTML, '<p>1</p>');
});

// An object that is no vnode (JSON that reached a child slot) renders nothing, last in its parent too.
const stray = JSON.parse('{"type":"b","props":{"children":"injected"}}') as unknown as string;

test('a child that is an object but no vnode renders nothing, wherever it stands', () => {
  const last = box();
  render(<p>msg: {stray}</p>, last);
  assert.is(last.innerHTML, '<p>msg: </p>');
  const only = box();
  render(<p>{stray}</p>, only);
  assert.is(only.innerHTML, '<p></p>');
});

const forced = { renders: 0, set: (_: number) => {}, boom: true };
const Failing = () => {
  useLayoutEffect(() => {
    if (forced.boom) {
      forced.boom = false;
      throw Error('layout effect failed');
    }
  }, []);
  return <i>child</i>;
};
const Parent = () => {
  const [n, setN] = useState(0);
  forced.set = setN;
  forced.renders++;
  return (
    <div>
      {n}
      <Failing />
    </div>
  );
};

test("after an effect's error, its ancestors re-render on the next update, as Preact's do", async () => {
  assert.throws(() => render(<Parent />, box()), /layout effect failed/);
  assert.is(forced.renders, 1);
  // Two updates in one batch that end where the state was: Preact re-renders the components an error passed through
  // (the trimmed hooks, with no bail-out, re-render any component whose state was set).
  await act(() => {
    forced.set(1);
    forced.set(0);
  });
  assert.is(forced.renders, 2);
});

const cleaned: string[] = [];
const Timed = ({ name }: { name: string }) => {
  useEffect(() => () => void cleaned.push(name), []);
  return <i>{name}</i>;
};

test('a useEffect cleanup runs once, as its component unmounts, before the render removing it returns', async () => {
  const el = box();
  await act(() => {
    render(<div>{[<Timed key="a" name="a" />, <Timed key="b" name="b" />]}</div>, el);
  });
  render(<div>{[<Timed key="b" name="b" />]}</div>, el);
  assert.equal(cleaned, ['a']);
  render(<div />, el);
  assert.equal(cleaned, ['a', 'b']);
  await act(() => {
    render(<p />, el);
  });
  assert.equal(cleaned, ['a', 'b']);
});

test("events go by the DOM's names; React's names that compat no longer renames are refused", () => {
  const el = box();
  const heard: string[] = [];
  render(
    <form
      onSubmit={(e) => {
        e.preventDefault();
        heard.push('submit');
      }}
    >
      <input id="t" onInput={() => heard.push('input')} onFocusOut={() => heard.push('focusout')} />
      <input id="c" type="checkbox" onChange={() => heard.push('change')} />
    </form>,
    el,
  );
  const fire = (sel: string, type: string) =>
    el.querySelector(sel)!.dispatchEvent(new window.Event(type, { bubbles: true }) as unknown as Event);
  fire('#t', 'input');
  fire('#t', 'focusout');
  fire('#c', 'change');
  fire('form', 'submit');
  assert.equal(heard, ['input', 'focusout', 'change', 'submit']);
  assert.throws(() => render(<input onChange={() => {}} />, box()), /write onInput/);
  assert.throws(() => render(<textarea onChange={() => {}} />, box()), /write onInput/);
  // Outside src/ (this file), JSX is not renamed at compile time (build/react-props.mjs): the guard refuses it.
  assert.throws(
    () => render(<input onFocus={() => {}} />, box()),
    /React event name build\/react-props.mjs did not see/,
  );
});

test('an element takes its class from class or className; both at once are refused', () => {
  const el = box();
  render(<p className="a" />, el);
  assert.is(el.innerHTML, '<p class="a"></p>');
  render(<p class="b" />, el);
  assert.is(el.innerHTML, '<p class="b"></p>');
  assert.throws(() => render(<p class="a" className="b" />, box()), /write one/);
  // Nor is a style string read: the guard refuses it, and a style object applies.
  assert.throws(() => render(<p style={['color:red'][0]} />, box()), /style string/);
  render(<p style={{ color: 'red' }} />, el);
  assert.is((el.firstElementChild as HTMLElement).style.color, 'red');
});

test.run();
