/**
 * popup.js ships preact/compat without its vnode hook (removed by build/preact-trim.mjs, two of its patterns read by
 * build/compat-trim.mjs), so nothing converts at run time camelCase SVG attribute names, numeric style values, React's
 * event names (onDoubleClick, onFocus, onBlur, onChange on a text input) or class beside className. The JSX's SVG and
 * event names are renamed at compile time (build/react-props.mjs); one that reaches an element here escaped that
 * (a spread, a createElement call). Imported by the dom
 * layer's environments, this holds every DOM element the popup's components render, spreads included, to what the
 * trimmed Preact renders alike: a prop that compat would have converted throws, so the test rendering it fails and
 * names it. The trimmed Preact these tests render on has no class components and none of the elements and props
 * build/preact-trim.mjs lists in REMOVED_TAGS and REMOVED_PROPS: a vnode asking for one throws likewise, rather than
 * render quietly wrong.
 */
import { readFileSync } from 'node:fs';
import { options, type VNode } from 'preact';
import 'preact/compat';
import { compatPatterns } from '../../build/compat-trim.mjs';
import { REMOVED_PROPS, REMOVED_TAGS } from '../../build/preact-trim.mjs';

const { svg } = compatPatterns(readFileSync('node_modules/preact/compat/dist/compat.mjs', 'utf8'));

// On the diff hook (Preact's mangled `_diff`, `__b`, which the hooks chain too): every vnode the core diffs passes
// through it. Not on the `vnode` option: build/preact-trim.mjs takes its calls out, as nothing in popup.js sets it.
const hooks = options as typeof options & { __b?: (v: VNode) => void };
const next = hooks.__b;
hooks.__b = (v: VNode) => {
  const props = v.props as Record<string, unknown>;
  if (typeof v.type === 'function' && (v.type.prototype?.render || 'defaultProps' in v.type))
    throw Error(`<${v.type.name}>: a class component or defaultProps; build/preact-trim.mjs serves neither`);
  if (typeof v.type === 'string') {
    if (REMOVED_TAGS.includes(v.type) || REMOVED_PROPS.some((k) => k in props))
      throw Error(`<${v.type}>: trimmed from the Preact popup.js ships (build/preact-trim.mjs)`);
    for (const name in props)
      if (!v.type.includes('-') && svg.test(name))
        throw Error(`<${v.type} ${name}>: a camelCase SVG name build/react-props.mjs did not see (write JSX props)`);
    // compat no longer renames React's event names at run time (build/preact-trim.mjs 'vnode hook'; the JSX's are
    // renamed at compile time): a name the DOM spells otherwise, or an onChange where the DOM fires change only on
    // leaving the field, would listen to something else.
    for (const name in props)
      if (/^on(DoubleClick|Focus|Blur)(Capture)?$/.test(name))
        throw Error(`<${v.type} ${name}>: a React event name build/react-props.mjs did not see (write JSX props)`);
    if (typeof props.style === 'string' || 'is' in props)
      throw Error(`<${v.type}>: a style string or an is prop, which the trimmed Preact no longer reads`);
    if ('class' in props && 'className' in props)
      throw Error(`<${v.type} class className>: the core sets both, one over the other; write one`);
    const kind = String(props.type || 'text');
    if ('onChange' in props && (v.type === 'textarea' || (v.type === 'input' && !/^(checkbox|radio|file)$/.test(kind))))
      throw Error(`<${v.type} type=${kind} onChange>: the DOM's change fires on leaving the field; write onInput`);
    const style = props.style;
    if (style && typeof style === 'object')
      for (const [k, value] of Object.entries(style))
        if (typeof value === 'number') throw Error(`<${v.type} style ${k}: ${value}>: style values are strings`);
  }
  if (next) next(v);
};
