// @ts-check
/**
 * Preact 11.2.0 without what popup.js never asks of it (issue 12.5: bytes in the build, not in the source). popup.js
 * renders function components with hooks into elements it created empty, through compat's `render`. So, in the core:
 * - no hydration and no Suspense: `hydrate` is never called and nothing throws a promise, so the excess-DOM list
 *   and the `<!--$s-->` comment markers are never read (compat's `render` empties a container before its first render,
 *   so even `render` never hands the core existing children);
 * - no class components, context or error boundaries: every component is a function, so the class lifecycles,
 *   `forceUpdate`, `contextType`, `getChildContext`, `getDerivedStateFromError` and `componentDidCatch` are never
 *   present;
 * - no portals, no `dangerouslySetInnerHTML` (owner HTML is built by src/popup/html/sanitize.ts), no SVG (the GDPR
 *   link's icon is CSS: src/popup/form/Gdpr.tsx), no MathML (every element is HTML, made without a namespace),
 *   `<template>`, `<progress>`, `<foreignObject>`, no `popover`, `download`, `rowSpan` or `colSpan` props;
 * - no option hooks but the ones the hooks set: nothing sets `vnode` or `event` now that compat's are gone; and in
 *   popup.js only (the dom layer's `act` needs them), none of the scheduling options no one sets (`debounceRendering`,
 *   the hooks' `requestAnimationFrame`), nor the test of whether requestAnimationFrame exists.
 * compat loses its vnode hook (React's names for the DOM's: `className`, camelCase SVG names and React's focus events,
 * renamed at compile time by build/react-props.mjs; numeric styles, build/compat-trim.mjs's guard; `defaultValue`,
 * `<select multiple>`, onChange on text inputs; class refs, `defaultProps`, React 19's ref prop) and what only class
 * components and synthetic-event methods need. The hooks lose what only devtools, `useId` and server rendering read,
 * the bail-out that skips a re-render when a batch of updates ends where the state was (a re-render with an unchanged
 * state renders the same DOM; the setter still skips a state set to the value it holds), and the deferral of
 * `useEffect` cleanups at unmount to after the next paint (they run as the component unmounts, as in React 17: the
 * popup's only such cleanup clears its timers). Without that bail-out nothing defines `shouldComponentUpdate`, so the
 * core's call of it and the marks that skip it go too, with setState's callback, uncontrolled inputs, React 19's ref
 * cleanups, style strings, `is` and render into a Document,
 * none of which the popup uses.
 *
 * Each trim is an exact text and its replacement; the build fails when a text is not found exactly once (a new
 * Preact: look again). `trimmedProblems` fails it when our sources import a React API outside `REACT_API` or write
 * a removed feature, and the dom layer renders the popup's components on this trimmed Preact, holding every vnode to
 * the same rules (test/dom/compat-guard.ts). popup.js is 12,079 B brotli with the trims, 14,999 B without them
 * (and without build/compat-trim.mjs's, which they took over).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sources } from './compat-trim.mjs';

/** [what, before, after] in preact.mjs. Each `before` occurs exactly once. */
const CORE = [
  ['MathML pattern', 'v=/^m(i|n|o|s|text|space)$/,', ''],
  // diff(): resuming a suspended hydration.
  [
    'resume hydration',
    '128&u.__u&&(c=32&u.__u,s=u.__c.__z)&&(r.__u|=c,p=o=[],8==s.nodeType?l=B(s,o):o.push(s),l=o[0]||l),(s=n.__b)',
    '(s=n.__b)',
  ],
  // diff(): a function component only; the class lifecycles, contextType and state merging go.
  [
    'class components',
    'if(M=r.props,C=(s=V.prototype)&&s.render,j=(s=V.contextType)&&i[s.__c],L=s?j?j.props.value:s.__:i,(d=u.__c)?' +
      '(r.__c=d,2&d.__g&&(d.__g|=1)):(C?r.__c=d=new V(M,L):(r.__c=d=new x(M,L),d.constructor=V,d.render=K),' +
      'j&&j.sub(d),d.state||(d.state={}),d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),C&&(d.__s||(d.__s=d.state),' +
      'V.getDerivedStateFromProps&&(d.__s==d.state&&(d.__s=_({},d.__s)),' +
      '_(d.__s,V.getDerivedStateFromProps(M,d.__s)))),k=d.props,b=d.state,d.__v=r,u.__c){' +
      'if(M!==k&&C&&!V.getDerivedStateFromProps&&d.componentWillReceiveProps&&' +
      'd.componentWillReceiveProps(M,L),r.__v==u.__v',
    'if(M=r.props,L=i,(d=u.__c)?(r.__c=d,2&d.__g&&(d.__g|=1)):(r.__c=d=new x(M,L),d.constructor=V,d.render=K,' +
      'd.state={},d.__n=i,d.__g|=8,d.__h=[],d.__k=[]),d.__v=r,u.__c&&(r.__v==u.__v',
  ],
  [
    'class update lifecycles',
    'l=S(u);break n}d.componentWillUpdate&&d.componentWillUpdate(M,d.__s,L),C&&d.componentDidUpdate&&' +
      'd.__h.push(function(){d.componentDidUpdate(k,b,m)})}else C&&!V.getDerivedStateFromProps&&d.componentWillMount' +
      '&&d.componentWillMount(),C&&d.componentDidMount&&d.__h.push(d.componentDidMount);',
    'l=S(u);break n}',
  ],
  ['bail-out condition', '!1===d.shouldComponentUpdate(M,d.__s,L)){', '!1===d.shouldComponentUpdate(M,d.__s,L))){'],
  ['class re-render count', 'q=C?25:0;', 'q=0;'],
  [
    'class callbacks, child context, snapshot',
    'C&&(y.push.apply(d.__h,d.__k),d.__k=[]),d.state=d.__s,d.getChildContext&&(i=_({},i,d.getChildContext())),' +
      'C&&u.__c&&d.getSnapshotBeforeUpdate&&(m=d.getSnapshotBeforeUpdate(k,b)),',
    'd.state=d.__s,',
  ],
  [
    'portal into',
    'M.__P&&(s=l,f=(t=M.__P).namespaceURI,c=o=null,u.props&&u.props.__P!=t&&(u.__k.some(function(n){n&&J(n,n)}),' +
      'u.__k=null),l=u.__k?S(u,0):null),',
    '',
  ],
  ['portal after', 'M.__P&&(r.__e=null,l=s),r.__u&=-161,p&&p.some(g),', 'r.__u&=-161,'],
  // diff()'s catch: a thrown promise (Suspense) and a hydration's excess DOM.
  [
    'suspended render',
    'catch(t){if(e.length=v,r.__v=null,c||o)if(t&&t.then){if(r.__u|=128|c,o){for(~(T=o.indexOf(l||void 0))||' +
      '(T=o.length);(N=o[T-1])&&8==N.nodeType;)T--;for(;T<o.length;T++)if(N=o[T])if(o[T]=null,O){if(N==P)break}' +
      'else{if(8!=N.nodeType)break;N.data.startsWith("$s")&&(P=B(O=N))}}if(!O){for(;l&&8==l.nodeType&&' +
      'l.nextSibling;)l=l.nextSibling;O=l}(s=B(O=r.__c.__z||(r.__c.__z=O)))?(r.__e=O,l=s):r.__e=l,l=l&&l.nextSibling}' +
      'else o&&o.some(g);else r.__e=u.__e;r.__k||(r.__k=u.__k||[]),t&&t.then||D(r),n.__e(t,r,u)}',
    'catch(t){e.length=v,r.__v=null,r.__e=u.__e,r.__k||(r.__k=u.__k||[]),D(r),n.__e(t,r,u)}',
  ],
  [
    'Suspense markers',
    'function B(n,t){if(n&&8==n.nodeType&&n.data.startsWith("$s"))for(var r=1;n=n.nextSibling;){if(8==n.nodeType)' +
      'if(n.data.startsWith("$s"))r++;else if(n.data.startsWith("/$s")&&!--r)return n;t&&t.push(n)}}',
    '',
  ],
  ['unmount Suspense markers', '!u&&(i=t.__c)&&(i=i.__z)&&(f=B(i,o=[]))&&(i==t.__e&&o.some(g),g(f),g(i)),', ''],
  ['unmount portal', '"function"!=typeof t.type||u&&!t.props.__P)', '"function"!=typeof t.type||u)'],
  [
    'dom sibling portal',
    'return"function"!=typeof n.type||n.props.__P?null:S(n)}',
    'return"function"!=typeof n.type?null:S(n)}',
  ],
  ['parent dom portal', 'if((n=n.__)&&n.__c&&!n.props.__P)', 'if((n=n.__)&&n.__c)'],
  // insert(): no comment nodes to step over.
  ['insert past comments', 'if(n.props.__P)return t;if(i=n.__k)', 'if(i=n.__k)'],
  [
    'insert comments',
    'for(t&&!t.parentNode&&(t=S(n))&&!t.parentNode&&(t=null),o=n.__e,e=t;e&&8==e.nodeType;)e=e.nextSibling;' +
      'for(o!=e&&(!u&&r.moveBefore&&o.parentNode?r.moveBefore(o,t):r.insertBefore(o,t||null)),t=o;' +
      '(t=t&&t.nextSibling)&&8==t.nodeType&&!t.data.startsWith("$s"););return t}',
    'return t&&!t.parentNode&&(t=S(n))&&!t.parentNode&&(t=null),(o=n.__e)!=t&&(!u&&r.moveBefore&&o.parentNode?' +
      'r.moveBefore(o,t):r.insertBefore(o,t||null)),o&&o.nextSibling}',
  ],
  // diffElementNodes(): a new element is always created; no innerHTML, MathML, template or progress.
  [
    'element reuse',
    'if("svg"==C?f="http://www.w3.org/2000/svg":"math"==C?f="http://www.w3.org/1998/Math/MathML":f||' +
      '(f="http://www.w3.org/1999/xhtml"),o)for(s=0;s<o.length;s++)if((k=o[s])&&(C?k.localName==C:3==k.nodeType))' +
      '{t=k,o[s]=null;break}if(!t){if(M=a.ownerDocument||document,!C)return M.createTextNode(x);' +
      't=M.createElementNS(f,C,x.is?x:a),l&&(n.__m&&n.__m(r,o),l=!1),o=null}if(C){if(a="template"==C&&t.content||t,' +
      'o="textarea"==C&&null!=x.defaultValue?null:o&&d.call(a.childNodes),!l&&o)for($={},s=0;s<t.attributes.length;' +
      's++)$[(k=t.attributes[s]).name]=k.value;for(s in $)k=$[s],"dangerouslySetInnerHTML"==s?y=k:"children"==s',
    'f||(f="http://www.w3.org/1999/xhtml");if(!t){' +
      'if(M=a.ownerDocument||document,!C)return M.createTextNode(x);t=M.createElementNS(f,C,x.is?x:a)}' +
      'if(C){for(s in $)k=$[s],"children"==s',
  ],
  [
    'element props',
    '"children"==s?_=k:"dangerouslySetInnerHTML"==s?h=k:"value"==s?b=k:"checked"==s?m=k:l&&"function"!=typeof k||' +
      '$[s]===k||N(t,s,k,$[s],f);h?(l||y&&(h.__html==y.__html||h.__html==t.innerHTML)||(t.innerHTML=h.__html),' +
      'r.__k=[]):(y&&(t.textContent=""),("foreignObject"==C||"http://www.w3.org/1998/Math/MathML"==f&&v.test(C))&&' +
      '(f="http://www.w3.org/1999/xhtml"),I(a,w(_)?_:[_],r,u,i,f,o,e,o?o[0]:u.__k&&S(u,0),l,c),o&&o.some(g)),' +
      'l&&"textarea"!=C||(s="value","progress"==C&&null==b?t.removeAttribute(s):null==b||b===t[s]&&' +
      '("progress"!=C||b)||N(t,s,b,$[s],f),s="checked",null!=m&&m!=t[s]&&N(t,s,m,$[s],f))}else $===x||' +
      'l&&t.data==x||(t.data=x);return t}',
    '"children"==s?_=k:"value"==s?b=k:"checked"==s?m=k:$[s]===k||N(t,s,k,$[s],f);' +
      'I(t,w(_)?_:[_],r,u,i,f,null,e,u.__k&&S(u,0),!1,c),s="value",null==b||' +
      'b===t[s]||N(t,s,b,$[s],f),s="checked",null!=m&&m!=t[s]&&N(t,s,m,$[s],f)}else $===x||(t.data=x);return t}',
  ],
  [
    'popover, download, rowSpan and colSpan properties',
    '"download"!=t&&"rowSpan"!=t&&"colSpan"!=t&&"role"!=t&&"popover"!=t&&t in n',
    '"role"!=t&&t in n',
  ],
  [
    'SVG attributes',
    'if("http://www.w3.org/2000/svg"==i)t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(',
    'if(',
  ],
  ['popover attribute', 'n.setAttribute(t,"popover"==t&&1==r?"":r)', 'n.setAttribute(t,r)'],
  // render() and a component's re-render: never hydrating, never handed existing children.
  [
    'render',
    'i=(u=t&&32&t.__u)?null:r.__k,r.__k=m($,{children:[t]}),f=[],o=[],z(r,r.__k,i||p,p,r.namespaceURI,i?null:' +
      'r.firstChild?d.call(r.childNodes):null,f,i?i.__e:r.firstChild,u,o)',
    'i=r.__k,r.__k=m($,{children:[t]}),f=[],o=[],z(r,r.__k,i||p,p,r.namespaceURI,null,f,i?i.__e:r.firstChild,!1,o)',
  ],
  [
    're-render',
    'z(e,r,u,t.__n,e.namespaceURI,32&u.__u?[i]:null,f,i||S(u),32&u.__u,o)',
    'z(e,r,u,t.__n,e.namespaceURI,null,f,i||S(u),!1,o)',
  ],
  // Class-only methods: forceUpdate, setState with a function, componentWillUnmount, the default render.
  ['forceUpdate', 'x.prototype.forceUpdate=function(n){this.__v&&(this.__g|=4,n&&this.__h.push(n),L(this))},', ''],
  ['default render', 'x.prototype.render=$,', ''],
  ['setState updater', '"function"==typeof n&&(n=n(_({},r),this.props)),', ''],
  ['componentWillUnmount', 'if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(t){n.__e(t,r)}', ''],
  // No error boundary: an error is thrown on, as with none. Preact marks every ancestor on its way to a boundary to
  // skip shouldComponentUpdate (COMPONENT_FORCE); with none left (below), there is nothing to skip.
  [
    'error boundaries',
    'n={__e:function(n,t,r,u){for(var i,o,e;t=t.__;)if((i=t.__c)&&!(1&i.__g)){i.__g|=4;try{if((e=(o=i.constructor)' +
      '&&o.getDerivedStateFromError)&&i.setState(o.getDerivedStateFromError(n)),i.componentDidCatch&&' +
      '(i.componentDidCatch(n,u||{}),e=1),e&&8&i.__g)return void(i.__g|=2)}catch(t){n=t}}throw f=0,n}}',
    'n={__e:function(n){throw f=0,n}}',
  ],
  // shouldComponentUpdate: only class components and the hooks' bail-out define it, and both are trimmed away.
  ['shouldComponentUpdate', '||!(4&d.__g)&&d.shouldComponentUpdate&&!1===d.shouldComponentUpdate(M,d.__s,L)', ''],
  // What marked a failed subtree to skip shouldComponentUpdate on its next render: nothing reads the mark now.
  ['force marks', 'function D(n){n&&(n.__c&&(n.__c.__g|=4),n.__k&&n.__k.some(D))}', ''],
  ['force marks, call', 'D(r),n.__e(t,r,u)', 'n.__e(t,r,u)'],
  ['force mark, cleared', 'd.__g&=-5,', ''],
  // The marks of an exception on its way to a boundary (COMPONENT_PENDING_ERROR, COMPONENT_PROCESSING_EXCEPTION):
  // nothing sets the first now, so the second is never set either.
  ['exception marks', '(r.__c=d,2&d.__g&&(d.__g|=1))', '(r.__c=d)'],
  ['exception marks, cleared', ',1&d.__g&&(d.__g&=-4)', ''],
  // setState's callback: only class components pass one; the hooks call setState({}).
  ['setState callback', 'this.__v&&(t&&this.__k.push(t),L(this))', 'this.__v&&L(this)'],
  // Uncontrolled inputs: no source writes defaultValue or defaultChecked (REMOVED_PROPS).
  ['uncontrolled inputs', '"value"==s&&"defaultValue"in x||"checked"==s&&"defaultChecked"in x||', ''],
  // React 19's ref cleanups: a callback ref is called with null again on unmount, as in React 18.
  [
    'ref cleanups',
    '"function"==typeof t?r?r.__x=t(r)||1:i&&(i=i.__c||i.__e)&&(r=i.__x)&&(i.__x=null,"function"==typeof r?r():t(' +
      'null)):t.current=r',
    '"function"==typeof t?t(r):t.current=r',
  ],
  // A style string: our JSX writes style objects (REMOVED; test/dom/compat-guard.ts).
  [
    'style strings',
    'if("style"==t)if("string"==typeof r)n.style.cssText=r;else{if("string"==typeof u&&(n.style.cssText=u=""),u)' +
      'for(t in u)',
    'if("style"==t){if(u)for(t in u)',
  ],
  // Customized built-in elements (`is`): none in the popup (REMOVED; test/dom/compat-guard.ts). And with neither SVG
  // nor MathML every element is HTML: made without a namespace.
  ['is and namespaces', 'f||(f="http://www.w3.org/1999/xhtml");', ''],
  ['is', 'M.createElementNS(f,C,x.is?x:a)', 'M.createElement(C)'],
  // The root hook, which only the trimmed useId set.
  ['root hook', 'n.__&&n.__(t,r),', ''],
  // render() into a Document: popup.js renders into its frames' bodies.
  ['render into a document', '9==r.nodeType&&(r=r.documentElement),', ''],
  // The option hooks nothing sets now that compat's vnode and event hooks are gone (the dom layer's vnode guard
  // listens on the diff hook, test/dom/compat-guard.ts).
  ['vnode option', 'return!o&&n.vnode&&n.vnode(e),e}', 'return e}'],
  ['vnode option, re-render', 'u.__v+1,n.vnode&&n.vnode(r),', 'u.__v+1,'],
  ['event option', 'return u(n.event?n.event(r):r)', 'return u(r)'],
];

/**
 * The scheduling options, in popup.js only: no popup source can set them (`options` is outside REACT_API), so a
 * re-render is queued as a microtask and effects run after the next frame, as Preact does without them. The dom
 * layer's Preact keeps them (test/run.mjs): preact/test-utils' `act` flushes renders and effects through them.
 */
const CORE_SCHEDULING = [
  [
    'debounceRendering',
    '(8&t.__g||(t.__g|=8,u.push(t),f++))&&i==n.debounceRendering||((i=n.debounceRendering)||queueMicrotask)(H)',
    '8&t.__g||(t.__g|=8,u.push(t),f++)||queueMicrotask(H)',
  ],
  ['debounceRendering, flush', '(f=u.length)&&(i||queueMicrotask)(H)', '(f=u.length)&&queueMicrotask(H)'],
];

/** [what, before, after] in compat.mjs. */
const COMPAT = [
  [
    'UNSAFE_ class lifecycles',
    't.prototype.isReactComponent=!0,["componentWillMount","componentWillReceiveProps","componentWillUpdate"]' +
      '.forEach(function(n){Object.defineProperty(t.prototype,n,{configurable:!0,get:function(){return this' +
      '["UNSAFE_"+n]},set:function(t){Object.defineProperty(this,n,{configurable:!0,writable:!0,value:t})}})});',
    '',
  ],
  [
    'synthetic event methods',
    'var J=u.event;u.event=function(n){return J&&(n=J(n)),n.persist=function(){},n.isPropagationStopped=function()' +
      '{return this.cancelBubble},n.isDefaultPrevented=function(){return this.defaultPrevented},n.nativeEvent=n};',
    '',
  ],
  // compat's vnode hook, whole. For an element it renamed React's props to the DOM's: className, camelCase SVG names,
  // numeric styles, defaultValue, select's value, download, translate, onChange on text inputs, onDoubleClick, onFocus
  // and onBlur; for a component, class refs, defaultProps and React 19's ref prop. Our JSX writes React's names, which
  // build/react-props.mjs renames to the DOM's at compile time, string style values (build/compat-trim.mjs, REMOVED)
  // and function components; the core takes class or className alike (one of them: test/dom/compat-guard.ts).
  [
    'vnode hook',
    'u.vnode=function(t){if("string"==typeof t.type)!function(t){var e=t.props,r=t.type,u={},i=-1==r.indexOf("-")' +
      ';for(var o in e){var f=e[o];if(!("value"==o&&"defaultValue"in e&&null==f||H&&"children"==o&&"noscript"==r||"' +
      'class"==o||"className"==o)){if("style"==o&&f&&f.constructor==Object){var l=void 0;for(var a in f)"number"!=t' +
      'ypeof f[a]||x.test(a)||(l||(l=f=w({},f)),f[a]+="px")}else if("defaultValue"==o&&"value"in e&&null==e.value)o' +
      '="value";else if("download"==o&&!0===f)f="";else if("translate"==o&&"no"===f)f=!1;else if("o"==o[0]&&"n"==o[' +
      '1]){var c=o.toLowerCase();"ondoubleclick"==c?o="ondblclick":"onchange"!=c||"input"!=r&&"textarea"!=r||Y(e.ty' +
      'pe)?"onfocus"==c?o="onfocusin":"onblur"==c&&(o="onfocusout"):c=o="oninput","oninput"==c&&u[o=c]&&(o="oninput' +
      'Capture")}else i&&$.test(o)?o=o.replace(z,"-$&").toLowerCase():null===f&&(f=void 0);u[o]=f}}if("select"==r){' +
      'var s=null!=u.defaultValue?u.defaultValue:u.multiple&&Array.isArray(u.value)?u.value:null;null!=s&&(u.value=' +
      'n(e.children).forEach(function(n){n.props.selected=u.multiple?-1!=s.indexOf(n.props.value):s==n.props.value}' +
      '))}e.class&&!e.className?(u.class=e.class,Object.defineProperty(u,"className",K)):e.className&&(u.class=u.cl' +
      'assName=e.className),t.props=u}(t);else if("function"==typeof t.type&&("ref"in t.props&&"prototype"in t.type' +
      '&&t.type.prototype.render&&(t.ref=t.props.ref,delete t.props.ref),t.type.defaultProps)){var e=w({},t.props);' +
      'for(var r in t.type.defaultProps)void 0===e[r]&&(e[r]=t.type.defaultProps[r]);t.props=e}t.ref&&!("ref"in t.p' +
      'rops)&&Object.defineProperty(t.props,"ref",{value:t.ref,configurable:!0,writable:!0}),t.$$typeof=P,Q&&Q(t)};',
    '',
  ],
];

/**
 * [what, before, after] in hooks.mjs: what only devtools, useId and server rendering read; the bail-out of a batch
 * that ends where the state was; the deferred unmount cleanups.
 */
const HOOKS = [
  ['devtools hook', 'a.__h&&a.__h(r,n,f||t),f=0;', ''],
  ['useId root', 'a.__=function(n,t){n&&t.__k&&t.__k.__m&&(n.__m=t.__k.__m),p&&p(n,t)},', ''],
  ['server rendering, useEffect', '!a.__s&&E(i.__H,u)&&(i.__P=!0', 'E(i.__H,u)&&(i.__P=!0'],
  ['server rendering, useLayoutEffect', '!a.__s&&E(i.__H,u)&&(i.__P=!1', 'E(i.__H,u)&&(i.__P=!1'],
  // The bail-out: useReducer no longer wraps the component's shouldComponentUpdate, and its setter stores the next
  // state itself (with 'next state' below, in place of the pending copy the bail-out compared). No init function
  // either: only useState calls it (useReducer is outside REACT_API).
  [
    'bail-out',
    'if(f.t=n,!f.__c&&(f.__=[i?i(u):G(void 0,u),function(n){var t=(f.__N||f.__)[0],r=f.t(t,n);o(t,r)||(f.__N=[r,f' +
      '.__[1]],f.__c.setState({}))}],f.__c=r,!r.__f)){r.__f=!0;var c=r.shouldComponentUpdate;r.shouldComponentUpdat' +
      'e=function(n,t,r){var u=this.__H;if(!u)return!0;var i=!1,f=this.props!=n;if(u.__.some(function(n){n.__N&&(i=' +
      '!0,o(n.__[0],n.__N[0])||(f=!0))}),c){var e=c.call(this,n,t,r);return i?e||f:e}return!i||f}}return f.__}',
    'return f.t=n,f.__c||(f.__=[G(void 0,u),function(n){var t=f.__[0],r=f.t(t,n);o(t,r)||(f.__=[r,f.__[1]]' +
      ',f.__c.setState({}))}],f.__c=r),f.__}',
  ],
  [
    'deferred unmount cleanups',
    'a.unmount=function(n){s&&s(n);var t,r,u=n.__c;u&&u.__H&&(u.__H.__.some(function(u){try{if(u.__P&&u.__c){if(v' +
      'oid 0===r){for(r=n.__;r&&(!r.__c||!r.__c.__P);)r=r.__;r=r&&r.__c}u.__P=r,B(e.push(u))}else C(u)}catch(n){t=n' +
      '}}),u.__H=void 0,t&&a.__e(t,u.__v))}',
    'a.unmount=function(n){s&&s(n);var t,u=n.__c;u&&u.__H&&(u.__H.__.some(function(u){try{C(u)}catch(n){t=n}}),u.' +
      '__H=void 0,t&&a.__e(t,u.__v))}',
  ],
  [
    'deferred unmount cleanups, flush',
    'do{for(;n=e.shift();)try{C(n)}catch(t){a.__e(t,{__:(n=n.__P)&&n.__v})}for(;n=c.shift();)',
    'for(;n=c.shift();)',
  ],
  ['deferred unmount cleanups, loop end', '}}}while(e.length)}', '}}}'],
  // The next state waited beside the committed one for the bail-out to compare them; with none, the setter stores it
  // ('bail-out' above) and a render has nothing to take over.
  ['next state', 'i.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})', 'i.__.some(function(n){n.u=void 0})'],
];

/**
 * The hooks' scheduling option, in popup.js only (see CORE_SCHEDULING); and there no test of whether
 * requestAnimationFrame exists: every browser popup.js runs in has it (linkedom, under the dom layer, does not).
 */
const HOOKS_SCHEDULING = [
  [
    'requestAnimationFrame exists',
    'var k="function"==typeof requestAnimationFrame;function z(n){var t,r=function(){clearTimeout(u),k&&' +
      'cancelAnimationFrame(t),setTimeout(n)},u=setTimeout(r,35);k&&(t=requestAnimationFrame(r))}',
    'function z(n){var t,r=function(){clearTimeout(u),cancelAnimationFrame(t),setTimeout(n)},u=setTimeout(r,35);' +
      't=requestAnimationFrame(r)}',
  ],
  [
    'requestAnimationFrame option',
    'function B(n){1!=n&&i==a.requestAnimationFrame||((i=a.requestAnimationFrame)||z)(g)}',
    'function B(n){1==n&&z(g)}',
  ],
];

/**
 * `text` with every trim applied; throws when a trim's text is not found exactly once.
 * @param {string} text
 * @param {string[][]} trims [what, before, after]
 * @param {string} file named in the error
 * @returns {string}
 */
export const applyTrims = (text, trims, file) => {
  for (const [what, before, after] of trims) {
    const n = text.split(before).length - 1;
    if (n !== 1) throw Error(`build/preact-trim.mjs: ${file}: "${what}" found ${n} times (a new Preact: look again)`);
    text = text.replace(before, () => after);
  }
  return text;
};

/**
 * preact.mjs trimmed: for popup.js, or (`scheduling` false) for the dom layer, which keeps the scheduling options.
 * @param {string} text @param {boolean} [scheduling] @returns {string}
 */
export const trimCore = (text, scheduling = true) =>
  applyTrims(text, scheduling ? [...CORE, ...CORE_SCHEDULING] : CORE, 'preact.mjs');
/** compat.mjs trimmed. @param {string} text @returns {string} */
export const trimCompat = (text) => applyTrims(text, COMPAT, 'compat.mjs');
/** hooks.mjs trimmed, likewise. @param {string} text @param {boolean} [scheduling] @returns {string} */
export const trimHooks = (text, scheduling = true) =>
  applyTrims(text, scheduling ? [...HOOKS, ...HOOKS_SCHEDULING] : HOOKS, 'hooks.mjs');

/** Preact's three built files and the trim of each. @type {[RegExp, (text: string, s: boolean) => string][]} */
const TRIMMED = [
  [/preact[\\/]dist[\\/]preact\.mjs$/, trimCore],
  [/preact[\\/]compat[\\/]dist[\\/]compat\.mjs$/, trimCompat],
  [/preact[\\/]hooks[\\/]dist[\\/]hooks\.mjs$/, trimHooks],
];

/** An esbuild plugin: the core, compat and the hooks, trimmed; with the scheduling trims or without. */
const trimPlugin = (/** @type {boolean} */ scheduling) => ({
  name: 'preact-trim',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    for (const [filter, trim] of TRIMMED)
      b.onLoad({ filter }, (a) => ({ loader: 'js', contents: trim(readFileSync(a.path, 'utf8'), scheduling) }));
  },
});

/** The build's plugin: Preact as popup.js ships it. */
export const preactTrim = trimPlugin(true);
/** The dom layer's: the same, but with the scheduling options preact/test-utils' `act` sets. */
export const preactTrimForTests = trimPlugin(false);

/**
 * The React APIs the popup may import from react or react-dom (and, by the same names, from preact/hooks): what the
 * trimmed Preact still serves, in React 19's names. A root from react-dom/client's `createRoot` (React 19 has no
 * `render`; issue 34 item 2) renders with compat's `render`, which empties the container before its first render; the
 * core's (from preact) would hand the trimmed core the nodes already there.
 */
export const REACT_API = new Set(
  'createElement Fragment createRoot useState useEffect useLayoutEffect useRef useMemo useCallback'.split(' '),
);

/**
 * Element props the trimmed Preact no longer reads (owner HTML goes through src/popup/html/Html.tsx, not
 * dangerouslySetInnerHTML), and elements it no longer makes: the build's check and the dom layer's vnode guard
 * (test/dom/compat-guard.ts) refuse them alike.
 */
export const REMOVED_PROPS = [
  'dangerouslySetInnerHTML',
  'popover',
  'defaultValue',
  'defaultChecked',
  'multiple',
  'download',
  'translate',
  'rowSpan',
  'colSpan',
  'xlinkHref',
  'xlink:href',
];
export const REMOVED_TAGS = ['svg', 'math', 'template', 'progress', 'noscript', 'foreignObject'];

/**
 * What a source may not write: the features trimmed away.
 * @type {[RegExp, string][]}
 */
const REMOVED = [
  [RegExp(`\\b(${REMOVED_PROPS.join('|')})\\b`), `a prop the trimmed Preact no longer reads (${REMOVED_PROPS})`],
  [RegExp(`<(${REMOVED_TAGS.join('|')})\\b`), `an element the trimmed Preact no longer makes (${REMOVED_TAGS})`],
  [/\bclass\s+\w+\s+extends\b/, 'a class component (write a function component)'],
  [/\bdefaultProps\b/, 'defaultProps (use default parameters)'],
  [/\.(persist|isPropagationStopped|isDefaultPrevented)\(|\.nativeEvent\b/, "a synthetic event's method"],
  [/\bstyle=(["'`]|\{\s*["'`])/, 'a style string (write a style object)'],
  [/\bis=["'{]/, 'an is prop (a customized built-in element)'],
];

/**
 * What one source asks of Preact that the trimmed one no longer serves: an import or re-export from react, react-dom
 * or preact that is a namespace or default import, or names a value outside `REACT_API` (`render` from preact's core
 * too); or a removed feature. Type-only imports pass.
 * @param {string} text the file
 * @returns {string[]} one line per problem
 */
export const featureProblems = (text) => {
  const out = [];
  const from = /\b(?:import|export)\s+(type\s+)?([^;'"]*?)\s*\bfrom\s*(['"])(react|react-dom|preact)(\/[\w/-]+)?\3/g;
  for (const [, typeOnly, clause, , pkg, sub] of text.matchAll(from)) {
    if (typeOnly) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    if (clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, ''))
      out.push(`imports ${pkg}${sub || ''} whole (${clause.trim()}): name what it uses`);
    for (const part of named ? named[1].split(',') : []) {
      const p = part.trim();
      if (!p || p.startsWith('type ')) continue;
      const name = p.split(/\s+as\s+/)[0];
      if (!REACT_API.has(name) || (name === 'render' && pkg === 'preact' && !sub))
        out.push(`imports ${name} from ${pkg}${sub || ''}, which the trimmed Preact does not serve`);
    }
  }
  for (const [re, what] of REMOVED) if (re.test(text)) out.push(`writes ${what}`);
  return out;
};

/**
 * `featureProblems` of every .ts and .tsx under `dirs` and of `files`, each line naming its file.
 * @param {string} root the project
 * @param {string[]} dirs folders whose sources render through the trimmed Preact
 * @param {string[]} files single files likewise
 * @returns {string[]}
 */
export const trimmedProblems = (root, dirs, files) =>
  [...dirs.flatMap((d) => [...sources(join(root, d), /\.tsx?$/)]), ...files.map((f) => join(root, f))].flatMap((file) =>
    featureProblems(readFileSync(file, 'utf8')).map((p) => `${file}: ${p} (build/preact-trim.mjs)`),
  );
