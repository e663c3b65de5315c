import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyTrims, featureProblems, trimCompat, trimCore, trimHooks } from '../../build/preact-trim.mjs';

const core = readFileSync('node_modules/preact/dist/preact.mjs', 'utf8');
const compat = readFileSync('node_modules/preact/compat/dist/compat.mjs', 'utf8');
const hooks = readFileSync('node_modules/preact/hooks/dist/hooks.mjs', 'utf8');

test('applyTrims: a text found once is replaced; none or two fail the build, naming the trim', () => {
  assert.is(applyTrims('a(b)c', [['x', '(b)', '$&']], 'f.mjs'), 'a$&c');
  assert.throws(() => applyTrims('abc', [['gone', 'x', '']], 'f.mjs'), /f\.mjs: "gone" found 0 times/);
  assert.throws(() => applyTrims('xax', [['twice', 'x', '']], 'f.mjs'), /"twice" found 2 times/);
});

test('the trims fit the installed Preact, and what they leave parses and holds none of the removed features', () => {
  const c = trimCore(core);
  const k = trimCompat(compat);
  const h = trimHooks(hooks);
  for (const text of [c, k, h]) transformSync(text, { format: 'esm', loader: 'js' });
  for (const gone of [
    'dangerouslySetInnerHTML',
    '"$s"',
    'getDerivedStateFromProps',
    'componentDidCatch',
    'i.componentWillUnmount()',
    'forceUpdate',
    'MathML',
    'popover',
    'xlink',
    '"rowSpan"',
    '"download"',
    'd.shouldComponentUpdate(',
    'function D(',
    'n.vnode',
    'n.event',
    'debounceRendering',
    'foreignObject',
  ])
    assert.not.ok(c.includes(gone), gone);
  for (const gone of [
    'UNSAFE_',
    'persist',
    'defaultProps',
    't.$$typeof=P',
    '"noscript"',
    'u.multiple',
    '+="px"',
    '"ondoubleclick"',
    '"onfocusin"',
    'u.vnode=',
  ])
    assert.not.ok(k.includes(gone), gone);
  for (const gone of [
    'a.__h&&',
    'a.__s',
    'shouldComponentUpdate',
    'e.shift()',
    '__N',
    'requestAnimationFrame)',
    'i?i(',
  ])
    assert.not.ok(h.includes(gone), gone);
  // The hooks still skip a state set to the value it holds.
  assert.ok(h.includes('o(t,r)||'));
  // No SVG: popup.js makes none (its one icon is CSS), so the core keeps no namespace: every element is HTML.
  for (const ns of ['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml', 'createElementNS'])
    assert.not.ok(c.includes(ns), ns);
  // What the popup still needs is kept: the same-vnode bail-out, moveBefore, the event proxy.
  for (const kept of ['r.__v==u.__v', 'moveBefore', 'addEventListener']) assert.ok(c.includes(kept), kept);
  assert.ok(c.length < core.length - 2500, `${core.length} → ${c.length}`);
});

test("the dom layer's Preact keeps the scheduling options preact/test-utils' act sets; popup.js's has none", () => {
  const [c, h] = [trimCore(core, false), trimHooks(hooks, false)];
  for (const text of [c, h]) transformSync(text, { format: 'esm', loader: 'js' });
  assert.ok(c.includes('n.debounceRendering'));
  assert.ok(h.includes('a.requestAnimationFrame'));
  // Everything else is trimmed alike.
  assert.not.ok(c.includes('n.vnode'));
  assert.not.ok(h.includes('i?i('));
  assert.not.ok(trimCore(core).includes('debounceRendering'));
  assert.not.ok(trimHooks(hooks).includes('requestAnimationFrame)'));
});

test('featureProblems: React APIs outside the served list and removed features are named; the rest pass', () => {
  const cases: [string, number][] = [
    ["import { useEffect, useState } from 'react';", 0],
    // React 19's root, not its removed render.
    ["import { createRoot } from 'react-dom/client';", 0],
    ["import { render } from 'react-dom';", 1],
    ["import { createElement as h, Fragment } from 'react';", 0],
    ["import type { ComponentChildren } from 'preact';", 0],
    ["import { type VNode, useRef } from 'preact/hooks';", 0],
    ["import { createPortal } from 'react-dom';", 1],
    ["import { memo, forwardRef, useState } from 'react';", 2],
    // useReducer's init function is trimmed: useState is the one state hook served.
    ["import { useReducer } from 'react';", 1],
    ['<foreignObject><p /></foreignObject>', 1],
    ["import { createContext, useContext } from 'preact/compat';", 2],
    // No render, from anywhere: React 19 has none (createRoot), and the core's would not empty its container first.
    ["import { render } from 'preact';", 1],
    ['import { render } from "react-dom"', 1],
    ["import {\n  useEffect,\n  useMemo as memo2,\n  createRef,\n} from 'react';", 1],
    ["import * as React from 'react';", 1],
    ["import React, { useState } from 'react';", 1],
    ["export { createElement as _h, Fragment as _F } from 'react';", 0],
    ["export { cloneElement } from 'react';", 1],
    ["import type { FunctionComponent } from 'preact';", 0],
    ["import { useState } from './state';", 0],
    ['<div dangerouslySetInnerHTML={{ __html: x }} />', 1],
    ['class Box extends Component {}', 1],
    ['Field.defaultProps = { a: 1 };', 1],
    ['<button popover="auto" />', 1],
    ['<template><p /></template>', 1],
    ['<svg viewBox="0 0 8 8"><path d="M0 0h8" /></svg>', 1],
    ['<noscript>x</noscript>', 1],
    ['<select defaultValue="a" />', 1],
    ['<select multiple value={v} />', 1],
    ['<a href={u} download>', 1],
    ['<td rowSpan={2} colSpan={3} />', 1],
    ['<use xlinkHref="#i" />', 1],
    ['<use xlink:href="#i" />', 1],
    ['<td rowspan="2" />', 0],
    ['onClick={(e) => e.persist()}', 1],
    ['const t = e.nativeEvent;', 1],
    ['<div className="popup" onInput={f} />', 0],
    ['<input type="checkbox" defaultChecked />', 1],
    // React's event names: build/react-props.mjs renames them to the DOM's.
    ['<input onFocus={f} onBlur={g} />', 0],
    ['<div onBlurCapture={g} />', 0],
    ['<p onDoubleClick={f} />', 0],
    ['<div onFocusOut={f} onFocusIn={g} onDblClick={h} />', 0],
    ['<p style="color:red" />', 1],
    ["<p style={'color:red'} />", 1],
    ['<p style={{ color: c }} />', 0],
    ['<button is="fancy-button" />', 1],
    ['// this is a comment', 0],
  ];
  for (const [text, n] of cases) assert.is(featureProblems(text).length, n, text);
});

test.run();
