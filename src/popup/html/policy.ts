/**
 * The allow-list of owner HTML (spec 2.2 rich HTML: description, footer, bannerDescription, GDPR texts, a custom
 * success message, help texts), as pure decisions: which elements, attributes, URLs and style declarations survive.
 * src/popup/html/sanitize.ts applies them while it builds DOM nodes. The sets and their word lists are marked pure,
 * so that a bundle which only needs `safeUrl` (form-extras.js, for the SMS image) drops them.
 */

/** Elements kept (with their allowed attributes and children). */
const KEEP = /* @__PURE__ */ new Set(
  /* @__PURE__ */ (
    'a abbr b bdi bdo blockquote br caption center cite code col colgroup dd del dfn div dl dt em figcaption figure ' +
    'font h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strike strong sub sup table tbody ' +
    'td tfoot th thead tr tt u ul var wbr'
  ).split(' '),
);

/**
 * Elements dropped together with everything inside them: scripts, styles, frames, plugins, form controls, foreign
 * content (svg, math: their parsing rules differ, the root of mutation XSS), metadata, media and raw-text elements.
 * Any other unknown element (section, label, form, ...) is unwrapped: its children are kept, the element is not.
 */
const DROP = /* @__PURE__ */ new Set(
  /* @__PURE__ */ (
    'script style iframe frame frameset object embed applet template noscript noembed noframes textarea select input ' +
    'button option optgroup datalist output progress meter svg math title link meta base xmp plaintext listing audio ' +
    'video canvas dialog portal param source track keygen head'
  ).split(' '),
);

/** What to do with an element by its lower-case local name. */
export const elementAction = (tag: string): 'keep' | 'drop' | 'unwrap' =>
  KEEP.has(tag) ? 'keep' : DROP.has(tag) ? 'drop' : 'unwrap';

/** Attributes kept on any kept element; `href`, `src` and `style` have their own checks. */
const ATTRS = /* @__PURE__ */ new Set(
  /* @__PURE__ */ (
    'title alt lang dir align valign colspan rowspan ' + 'width height color size face start reversed datetime'
  ).split(' '),
);

/** Attributes whose value is a URL, by element. */
const URL_ATTRS: Record<string, string> = { a: 'href', img: 'src' };

/**
 * Whether a URL may appear in owner HTML: absolute http(s), protocol-relative, or (links only) mailto. Browsers
 * ignore ASCII whitespace and control characters around and inside a scheme ('java\tscript:'), so the check reads
 * the value with those removed. Relative URLs are refused: inside the popup frame they would resolve against the
 * host page, not the owner's site.
 */
export const safeUrl = (v: string, mailto = true): boolean => {
  const s = v.replace(/[\0- \x7f]/g, '');
  return /^(https?:|\/\/)/i.test(s) || (mailto && /^mailto:/i.test(s));
};

/**
 * Whether attribute `name` with `value` may stay on a kept `tag`. Event handlers, `style` (handled by `styleDecls`),
 * `id` and `name` (they would clash with the form's own ids and names and enable DOM clobbering), `class`,
 * `target` (links get their own), `srcset` and every other attribute are refused.
 */
export const attrAllowed = (tag: string, name: string, value: string): boolean => {
  if (URL_ATTRS[tag] === name) return safeUrl(value, tag === 'a');
  if (!ATTRS.has(name)) return false;
  // Sizes and colours are plain tokens; no markup, quotes or functions can hide in them.
  return name === 'width' || name === 'height' ? /^\d{1,4}%?$/.test(value) : true;
};

/** CSS properties owner HTML may set: text and colour only, nothing that moves or sizes a box out of its place. */
const STYLE_PROPS = /* @__PURE__ */ new Set(
  /* @__PURE__ */ (
    'color background-color font-size font-weight font-style ' + 'font-family text-align text-decoration line-height'
  ).split(' '),
);

/**
 * The allowed declarations of a style attribute, as [property, value] pairs for `style.setProperty` (CSS object
 * model: allowed under a strict Content-Security-Policy, and a value can never carry a second declaration).
 * Values with url(), expression(), var(), escapes, comments, !important, at-rules or any function other than
 * rgb/rgba/hsl/hsla are refused; quotes only in font-family.
 */
export const styleDecls = (css: string): [string, string][] =>
  css.split(';').flatMap((d): [string, string][] => {
    const i = d.indexOf(':');
    const prop = d.slice(0, i).trim().toLowerCase();
    const value = d.slice(i + 1).trim();
    const rest = value.replace(/\b(rgba?|hsla?)\([\d\s.,%]*\)/gi, '');
    const ok =
      i > 0 &&
      STYLE_PROPS.has(prop) &&
      value &&
      (prop === 'font-family' ? /^[\w\s,'"-]+$/ : /^[#\w\s.,%-]*$/).test(rest) &&
      !/url|expression|\\/i.test(value);
    return ok ? [[prop, value]] : [];
  });
