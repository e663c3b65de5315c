/**
 * The JSX factory of the browser bundles (build.mjs injects it): JSX compiles to `_h(type, props, ...children)` calls
 * on React's createElement (preact/compat after aliasing). The classic form is about 200 bytes brotli smaller in
 * popup.js than the automatic runtime's `jsx(type, { children })` calls. Type-checking still uses tsconfig's react-jsx.
 */
export { createElement as _h, Fragment as _F } from 'react';
