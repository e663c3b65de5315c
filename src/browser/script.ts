/**
 * Script tags, shared by the loader (popup.js, embed-extras.js, the JSONP calls) and the popup (files beside popup.js,
 * the submit's call). Every script URL goes through the one Trusted Types policy.
 */
import { policy } from './trusted';

/** Appends a script tag for `src` to the head and returns it (also how the loader adds popup.js). */
export const addScript = (src: string): HTMLScriptElement => {
  const el = document.createElement('script');
  const p = policy();
  el.src = p ? p.createScriptURL(src) : src;
  return document.head.appendChild(el);
};
