/**
 * popup.js's side of form-extras.js (src/popup/form/extras.ts): which settings need it, loading it once, and stand-ins
 * that render its components once it has loaded.
 */
import { createElement, Fragment, useEffect, useState } from 'react';
import { addScript } from '../../loader/jsonp';
import { beside } from '../beside';
import { Html } from '../html/Html';
import type { Settings } from '../settings';
import type { EXTRAS } from './extras';

/** The components form-extras.js provides. */
export type Extras = typeof EXTRAS;

/**
 * Whether a form needs form-extras.js: any field but a single input (text, e-mail, number, URL, plain phone), or a
 * GDPR block. Pure.
 */
export const needsExtras = (s: Settings): boolean =>
  s.gdpr || s.fields.some((f) => !/^(text|email|number|url|image|phone)$/.test(f.type) || (f.type == 'phone' && f.usPhone));

let loading: Promise<void> | undefined;

/**
 * Loads form-extras.js once per page; resolves when it has run, or failed (then a console warning, and those parts
 * stay empty rather than keep the popup from showing). First publishes the runtime the file is built against.
 */
export const loadExtras = (): Promise<void> => {
  const g = (window.__mcsf ||= {});
  g.rt = { createElement, Fragment, useState, useEffect, Html };
  return (loading ||= g.extras
    ? Promise.resolve()
    : new Promise<void>((done) => {
        const url = beside('form-extras.js');
        if (!url) return done();
        const el = addScript(url);
        el.onload = () => done();
        el.onerror = () => {
          console.warn('signup popup: form-extras.js did not load from', url);
          done();
        };
      }));
};

/** What form-extras.js provides, once it has run. */
export const extras = (): Extras | undefined => window.__mcsf?.extras as Extras | undefined;

/** A stand-in for one component of form-extras.js: renders it once loaded, nothing before. */
export const extra =
  <K extends keyof Extras>(k: K) =>
  (props: Parameters<Extras[K]>[0]) => {
    const C = extras()?.[k] as ((p: Parameters<Extras[K]>[0]) => ReturnType<Extras[K]>) | undefined;
    return C ? C(props) : null;
  };
