// @ts-check
/**
 * The popup's JSX is React's (issue 34 item 2): `className`, `htmlFor`, `onBlur`, `strokeWidth`. popup.js renders it
 * on a Preact whose compat no longer renames React's props at run time (build/preact-trim.mjs, 'vnode hook'), so this
 * renames them once, in the source, before esbuild reads it: on every DOM element's JSX (a lowercase tag without a
 * dash; components keep their props as written) React's name becomes the one the DOM and Preact's core read, as
 * compat's hook did for each element on every render. React's onFocus and onBlur bubble (React listens to focusin
 * and focusout); Preact's would listen to focus and blur, which do not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compatPatterns, sources } from './compat-trim.mjs';

/** React's prop names that the DOM spells otherwise, and the DOM's. */
const RENAMED = {
  className: 'class',
  htmlFor: 'for',
  onFocus: 'onFocusIn',
  onBlur: 'onFocusOut',
  onDoubleClick: 'onDblClick',
};

/**
 * The DOM's name of a React prop on a DOM element, or the name itself: a React event, or a camelCase SVG name
 * (compat's pattern, build/compat-trim.mjs) written with dashes as compat wrote it.
 * @param {RegExp} svg @param {string} name @returns {string}
 */
const domName = (svg, name) => {
  const capture = name.endsWith('Capture') && name.startsWith('on') ? 'Capture' : '';
  const bare = name.slice(0, name.length - capture.length);
  if (Object.hasOwn(RENAMED, bare)) return RENAMED[/** @type {keyof typeof RENAMED} */ (bare)] + capture;
  return svg.test(name) ? name.replace(/[A-Z0-9]/g, '-$&').toLowerCase() : name;
};

/** Where a `<` can open JSX: after one of these characters (or `return`), not after a name (a type argument). */
const OPENS = /[(,=?:{}[!&|>;]$|(^|[^\w$.])return$|^$/;

/**
 * A reader of one TSX file that finds its JSX elements and the props of each. It knows enough JavaScript to step over
 * strings, template literals and comments, so braces and `<` inside them mislead it not.
 */
class Reader {
  /** @param {string} text @param {RegExp} svg */
  constructor(text, svg) {
    this.t = text;
    this.svg = svg;
    /** @type {[number, number, string][]} where, length, new name */
    this.edits = [];
  }

  /** Index past the string or template opening at `i`. @param {number} i */
  string(i) {
    const q = this.t[i];
    for (i++; i < this.t.length && this.t[i] !== q; i++) {
      if (this.t[i] === '\\') i++;
      else if (q === '`' && this.t.startsWith('${', i)) i = this.code(i + 2, '}') - 1;
    }
    return i + 1;
  }

  /** Index past a comment at `i`, or `i`. @param {number} i */
  comment(i) {
    if (this.t.startsWith('//', i)) return this.t.indexOf('\n', i) + 1 || this.t.length;
    if (this.t.startsWith('/*', i)) return this.t.indexOf('*/', i) + 2;
    return i;
  }

  /**
   * Reads code from `i` to the `end` bracket that closes it (or to the file's end), each JSX element in it included;
   * returns the index past that bracket.
   * @param {number} i @param {string} [end]
   */
  code(i, end) {
    let depth = 0;
    // The code before a `<`, comments and spaces left out: whether it can open JSX there (OPENS).
    let before = '';
    while (i < this.t.length) {
      const c = this.t[i];
      const past = this.comment(i);
      if (past !== i || /\s/.test(c)) {
        i = Math.max(past, i + 1);
        continue;
      }
      const at = i;
      if (c === '"' || c === "'" || c === '`') i = this.string(i);
      else if (c === '<' && /[A-Za-z>]/.test(this.t[i + 1] || '') && OPENS.test(before)) i = this.element(i) || i + 1;
      else if (c === end && !depth) return i + 1;
      else {
        if (c === '{' || c === '(' || c === '[') depth++;
        else if ((c === '}' || c === ')' || c === ']') && depth) depth--;
        i++;
      }
      // A string or an element ends as a name does: a `<` after it compares or opens type arguments.
      before = (before + (i - at > 1 ? 'x' : c)).slice(-8);
    }
    return i;
  }

  /**
   * Reads the JSX element opening at `i` (renaming its props if it is a DOM element); returns the index past it, or
   * 0 when it is not JSX after all (then no edit of it is kept).
   * @param {number} i
   */
  element(i) {
    const kept = this.edits.length;
    const end = this.tag(i);
    if (!end) this.edits.length = kept;
    return end;
  }

  /** `element` without the undo. @param {number} i */
  tag(i) {
    const name = /^<([A-Za-z_$][\w$.:-]*)?/.exec(this.t.slice(i, i + 200));
    if (!name) return 0;
    const tag = name[1] || '';
    const dom = /^[a-z][\w]*$/.test(tag);
    i += name[0].length;
    for (;;) {
      i = this.space(i);
      const c = this.t[i];
      if (this.t.startsWith('/>', i)) return i + 2;
      if (c === '>') return this.children(i + 1, tag);
      if (c === '{') {
        i = this.code(i + 1, '}');
        continue;
      }
      const prop = /^[A-Za-z_$][\w$:-]*/.exec(this.t.slice(i, i + 100));
      if (!prop) return 0;
      const to = dom ? domName(this.svg, prop[0]) : prop[0];
      if (to !== prop[0]) this.edits.push([i, prop[0].length, to]);
      i = this.space(i + prop[0].length);
      if (this.t[i] !== '=') continue;
      i = this.space(i + 1);
      const v = this.t[i];
      if (v === '"' || v === "'") i = this.t.indexOf(v, i + 1) + 1;
      else if (v === '{') i = this.code(i + 1, '}');
      else if (v === '<') i = this.element(i);
      else return 0;
      if (!i) return 0;
    }
  }

  /**
   * Reads children from `i` to the closing tag of `tag`; returns the index past it.
   * @param {number} i @param {string} tag
   */
  children(i, tag) {
    while (i < this.t.length) {
      if (this.t.startsWith('</', i)) {
        const close = this.t.indexOf('>', i);
        return this.t.slice(i + 2, close).trim() === tag ? close + 1 : 0;
      }
      const c = this.t[i];
      if (c === '{') i = this.code(i + 1, '}');
      else if (c === '<') i = this.element(i);
      else i++;
      if (!i) return 0;
    }
    return 0;
  }

  /** Index past whitespace and comments. @param {number} i */
  space(i) {
    for (let past = i; ; i = past) {
      while (/\s/.test(this.t[i] || '')) i++;
      past = this.comment(i);
      if (past === i) return i;
    }
  }
}

/**
 * `text` (a TSX file) with React's prop names on its DOM elements renamed to the DOM's.
 * @param {string} text @param {RegExp} svg compat's SVG pattern (build/compat-trim.mjs) @returns {string}
 */
export const domProps = (text, svg) => {
  const r = new Reader(text, svg);
  r.code(0);
  let out = text;
  for (const [at, length, name] of r.edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, at) + name + out.slice(at + length);
  return out;
};

/** Names a popup source must not write on a DOM element: the DOM's spellings of React's props. */
const DOM_SPELLINGS = /\s(class|for|onFocusIn|onFocusOut|onDblClick|[a-z]+-[a-z-]+)=[{"']/g;

/**
 * What a popup source writes in the DOM's dialect where React's is the rule (issue 34 item 2): `class=`, `for=`,
 * the focusin/focusout/dblclick handlers, a dashed SVG name (aria-* and data-* are React's too).
 * @param {string} text @returns {string[]}
 */
export const domSpellings = (text) =>
  [...text.matchAll(DOM_SPELLINGS)]
    .map((m) => m[1])
    .filter((n) => !/^(aria|data)-/.test(n))
    .map((n) => `writes ${n}= (React's name: className, htmlFor, onFocus, onBlur, onDoubleClick, camelCase SVG)`);

/**
 * What the sources under `dirs` write in Preact's dialect where React's API is the rule (issue 34 item 2): the DOM's
 * prop spellings in .tsx (`domSpellings`), an import from preact (React's types and APIs are the ones to name; the
 * build aliases them to preact/compat). Each line names its file.
 * @param {string} root the project @param {string[]} dirs @returns {string[]}
 */
export const reactDialect = (root, dirs) =>
  dirs.flatMap((d) =>
    [...sources(join(root, d), /\.tsx?$/)].flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const found = file.endsWith('.tsx') ? domSpellings(text) : [];
      if (/\bfrom\s*['"]preact(\/[\w/-]+)?['"]/.test(text)) found.push("imports preact (name React's API: 'react')");
      return found.map((p) => `${file}: ${p} (build/react-props.mjs)`);
    }),
  );

/**
 * An esbuild plugin: every .tsx under src/ read through `domProps`.
 * @param {string} root the project
 * @returns {import('esbuild').Plugin}
 */
export const reactProps = (root) => ({
  name: 'react-props',
  setup(b) {
    const { svg } = compatPatterns(readFileSync(join(root, 'node_modules/preact/compat/dist/compat.mjs'), 'utf8'));
    const src = join(root, 'src');
    b.onLoad({ filter: /\.tsx$/, namespace: 'file' }, (a) =>
      a.path.startsWith(src) ? { loader: 'tsx', contents: domProps(readFileSync(a.path, 'utf8'), svg) } : undefined,
    );
  },
});
