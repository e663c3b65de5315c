// @ts-check
/**
 * Property mangling of the popup bundles' private names (issue 12 item 5), after preact's mangle.json: the names
 * to shorten and what each becomes are pinned in /mangle.json, one list for embed.js, popup.js, form-extras.js and
 * countries.js, so an object made in one bundle and read in another (form-extras.js renders popup.js's Settings and
 * Fields) reads the same short names. Preact's own internal names (its build already shortened them to `__k`, `__e`…)
 * are shortened again inside popup.js only, the one bundle that carries Preact.
 *
 * A name may be listed only when nothing outside our bundles can see it. The rules (`listProblems`, run by
 * test/unit/build-mangle.test.ts and by `npm run mangle`) refuse a name that
 * - is not a member of an interface or object type declared in the bundles' sources (src/, less src/server,
 *   src/blog and src/studio), so gone after a rewrite, or never ours;
 * - is a raw settings, styles, field, response or call name (spec 3.2–3.8, 7.1; mangle.json `reserved`) or a key of
 *   the seeded demo forms: raw objects are read with dots (`r.modalVariation`), and a renamed read finds nothing;
 * - is a member of an interface in a boundary file (mangle.json `boundary`: LoaderParams, Shared, StartOptions), read
 *   by the owner preview, the bench, the tests and other copies of the loader;
 * - occurs as a word in any string, template or regular expression literal of the sources: a name spelled as a
 *   string may be a dynamic key (`x[k]`, `'k' in o`, a lookup table keyed by field type);
 * - is a JSX attribute anywhere, or starts with `on` and a capital: a prop that may reach a DOM element;
 * - is a property Preact reads (found in its dist files): props it interprets (`children`, `ref`, `key`…);
 * - is one terser keeps anyway (DOM and builtin names): build.mjs fails when a listed name survives in an output.
 * A pinned short name must be an identifier, unique, not a listed name, not a Preact internal, and not a property
 * anywhere in the bundles before minifying (build.mjs checks every build: a collision would merge two properties).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { minify } from 'terser';

/**
 * @typedef {object} MangleConfig
 * @property {string} internals Regular expression of Preact's internal names, renamed inside popup.js only.
 * @property {string[]} boundary Files whose interfaces cross a bundle boundary: their members are never renamed.
 * @property {Record<string, string[]>} reserved Raw names by spec section: never renamed.
 * @property {Record<string, string>} props Our private names, each pinned to its short name.
 * @property {Record<string, string>} [unlisted] Names that may be listed but are left out, each with why (renamed,
 *   they made the bundles larger by brotli): `npm run mangle` does not offer them.
 */

/** Reads /mangle.json. @param {string} root @returns {MangleConfig} */
export const readMangle = (root) => JSON.parse(readFileSync(join(root, 'mangle.json'), 'utf8'));

/** @param {string} s */
const esc = (s) => s.replace(/[$]/g, '\\$');

/**
 * One regular expression for a list of names, and optionally another expression's alternatives (Preact's internals).
 * @param {string[]} names
 * @param {string | null} also A regular expression source anchored with ^ and $.
 */
export const nameRegex = (names, also) => {
  const alternatives = names.map(esc);
  if (also) alternatives.push(also.replace(/^\^|\$$/g, ''));
  return new RegExp(`^(?:${alternatives.join('|')})$`);
};

/**
 * Terser's property options and name cache for one bundle: the pinned names everywhere, Preact's internals where
 * `internals` is set (popup.js). Null when nothing is to be renamed. A fresh cache each call: terser writes into it.
 * @param {MangleConfig} config
 * @param {boolean} internals
 * @returns {{ properties: { regex: RegExp }, nameCache: { props: { props: Record<string, string> } } } | null}
 */
export const terserMangle = (config, internals) => {
  const names = Object.keys(config.props);
  if (!names.length && !internals) return null;
  return {
    properties: { regex: nameRegex(names, internals ? config.internals : null) },
    nameCache: { props: { props: Object.fromEntries(names.map((n) => ['$' + n, config.props[n]])) } },
  };
};

/**
 * @typedef {{ type?: string, [key: string]: unknown }} Node
 * A SpiderMonkey (ESTree) node as terser prints it.
 */

/** @param {unknown} n @returns {n is Node} */
const isNode = (n) => !!n && typeof n === 'object' && typeof (/** @type {Node} */ (n).type) === 'string';

/** Every node of a tree, depth first. @param {unknown} root @param {(n: Node) => void} visit */
const walk = (root, visit) => {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) stack.push(...n);
    else if (isNode(n)) {
      visit(n);
      for (const k in n) if (k !== 'loc' && n[k] && typeof n[k] === 'object') stack.push(n[k]);
    }
  }
};

/** @param {unknown} n @returns {string | null} */
const keyName = (n) => {
  if (!isNode(n)) return null;
  if (n.type === 'Identifier') return /** @type {string} */ (n.name);
  return n.type === 'Literal' && typeof n.value === 'string' ? n.value : null;
};

/**
 * What a piece of JavaScript says about names: properties read, written or declared (with counts), words of its
 * string, template and regular expression literals, and the keys of the props given to `_h(type, props)` calls
 * (JSX, as build.mjs compiles it).
 * @typedef {{ props: Map<string, number>, words: Set<string>, jsx: Set<string> }} CodeFacts
 */

/**
 * Scans JavaScript with terser's parser (no minifying).
 * @param {string} code
 * @returns {Promise<CodeFacts>}
 */
export const codeFacts = async (code) => {
  // terser prints an ESTree tree with `spidermonkey`, which its typings leave out.
  const options = /** @type {import('terser').MinifyOptions} */ (
    /** @type {unknown} */ ({ compress: false, mangle: false, format: { spidermonkey: true } })
  );
  const r = /** @type {{ ast: unknown }} */ (/** @type {unknown} */ (await minify(code, options)));
  /** @type {CodeFacts} */
  const f = { props: new Map(), words: new Set(), jsx: new Set() };
  /** @param {string | null} name */
  const prop = (name) => name && f.props.set(name, (f.props.get(name) || 0) + 1);
  /** @param {unknown} s */
  const words = (s) => {
    if (typeof s === 'string') for (const w of s.match(/[A-Za-z_$][\w$]*/g) || []) f.words.add(w);
  };
  walk(r.ast, (n) => {
    if (n.type === 'MemberExpression') {
      if (!n.computed || (isNode(n.property) && n.property.type === 'Literal')) prop(keyName(n.property));
    } else if (n.type === 'Property' || n.type === 'MethodDefinition' || n.type === 'PropertyDefinition') {
      if (!n.computed) prop(keyName(n.key));
    } else if (n.type === 'Literal') {
      words(n.value);
      if (n.regex) words(/** @type {{ pattern: string }} */ (n.regex).pattern);
    } else if (n.type === 'TemplateElement') words(/** @type {{ raw: string }} */ (n.value).raw);
    else if (n.type === 'CallExpression' && keyName(n.callee) === '_h') {
      const props = /** @type {unknown[]} */ (n.arguments)[1];
      if (isNode(props) && props.type === 'ObjectExpression')
        for (const p of /** @type {Node[]} */ (props.properties)) {
          const k = p.type === 'Property' && keyName(p.key);
          if (k) f.jsx.add(k);
        }
    }
  });
  return f;
};

/**
 * Member names of every interface and object type literal in TypeScript source (`name: T`, `name?: T`, `name(): T`,
 * nested literals included), comments dropped first.
 * @param {string} ts
 * @returns {Set<string>}
 */
export const declaredMembers = (ts) => {
  const text = ts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const out = new Set();
  const starts = /\binterface\s+\w+(?:<[^{]*>)?(?:\s+extends\s+[^{]+)?\s*\{|\btype\s+\w+(?:<[^=]*>)?\s*=\s*\{/g;
  for (const m of text.matchAll(starts)) {
    let depth = 1;
    let i = (m.index || 0) + m[0].length;
    const from = i;
    while (i < text.length && depth) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    for (const d of text.slice(from, i - 1).matchAll(/(?:^|[{;,\n])\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*[:(<]/g))
      out.add(d[1]);
  }
  return out;
};

/** @param {string} dir @returns {Generator<string>} */
function* tree(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* tree(p);
    else yield p;
  }
}

/**
 * The sources of the bundles that get renamed: src/ without the provider (src/server), the host blog (src/blog) and
 * the studio (src/studio, a bundle of its own never renamed), which never enter embed.js, popup.js, form-extras.js or
 * countries.js. Paths relative to root.
 * @param {string} root
 */
export const bundleSources = (root) =>
  [...tree(join(root, 'src'))]
    .map((p) => relative(root, p))
    // src/main.ts is npm start's entry above the provider and the blog: Node's, never a visitor's.
    .filter((p) => /\.tsx?$/.test(p) && !/^src\/(server|blog|studio)\//.test(p) && p !== 'src/main.ts');

/**
 * @typedef {object} SourceFacts
 * @property {Set<string>} declared Interface and type literal members of the bundle sources.
 * @property {Set<string>} boundary Members of the interfaces in mangle.json's boundary files.
 * @property {Set<string>} words Words of every string, template and regular expression literal.
 * @property {Set<string>} jsx JSX attribute names.
 * @property {Map<string, number>} props Property names of the sources (compiled), with counts.
 * @property {Set<string>} preact Properties Preact's dist files read or write.
 * @property {Set<string>} kept Declared names terser never renames (DOM and builtin names: `cookie`, `show`…).
 */

/** The objects our bundles lend each other, as [file, exported const]: their keys may be renamed. */
const LENT = [
  ['src/popup/runtime.ts', 'RUNTIME'],
  ['src/popup/form/actions.ts', 'ACTIONS'],
];

/**
 * Gathers what the rules need from the repository.
 * @param {string} root
 * @param {MangleConfig} config
 * @returns {Promise<SourceFacts>}
 */
export const sourceFacts = async (root, config) => {
  /** @type {SourceFacts} */
  const f = {
    declared: new Set(),
    boundary: new Set(),
    words: new Set(),
    jsx: new Set(),
    props: new Map(),
    preact: new Set(),
    kept: new Set(),
  };
  for (const file of bundleSources(root)) {
    const ts = readFileSync(join(root, file), 'utf8');
    for (const d of declaredMembers(ts)) (config.boundary.includes(file) ? f.boundary : f.declared).add(d);
    const js = await esbuild.transform(ts, {
      loader: file.endsWith('x') ? 'tsx' : 'ts',
      jsx: 'transform',
      jsxFactory: '_h',
      jsxFragment: '_F',
      tsconfigRaw: { compilerOptions: {} },
    });
    const c = await codeFacts(js.code);
    for (const w of c.words) f.words.add(w);
    for (const j of c.jsx) f.jsx.add(j);
    for (const [k, n] of c.props) f.props.set(k, (f.props.get(k) || 0) + n);
  }
  // The keys of what our bundles lend each other on window.__mcsf: popup.js to the files beside it (RUNTIME, `rt`),
  // form-actions.js to popup.js (ACTIONS, `fa`). No type declares them, yet only our renamed bundles read them, so
  // they may be renamed like members.
  for (const [file, name] of LENT) {
    const keys = new RegExp(`export const ${name} = \\{([^}]*)\\}`).exec(readFileSync(join(root, file), 'utf8'));
    for (const entry of (keys ? keys[1] : '').split(',')) if (entry.trim()) f.declared.add(entry.split(':')[0].trim());
  }
  for (const p of ['preact/dist/preact.mjs', 'preact/hooks/dist/hooks.mjs', 'preact/compat/dist/compat.mjs'])
    for (const k of (await codeFacts(readFileSync(join(root, 'node_modules', p), 'utf8'))).props.keys())
      f.preact.add(k);
  f.kept = await keptByTerser(f.declared);
  return f;
};

/**
 * The names terser will not rename whatever the list says (its DOM and builtin names).
 * @param {Iterable<string>} names
 * @returns {Promise<Set<string>>}
 */
export const keptByTerser = async (names) => {
  const list = [...names];
  if (!list.length) return new Set();
  const code = 'var x={};' + list.map((n) => `x.${n};`).join('');
  const regex = new RegExp(`^(?:${list.map(esc).join('|')})$`);
  const r = await minify(code, { compress: false, mangle: { properties: { regex } } });
  const left = (await codeFacts(r.code || '')).props;
  return new Set(list.filter((n) => left.has(n)));
};

/**
 * Why a name may not be renamed, or null when it may. `raw` is every reserved raw name (mangle.json's lists and the
 * seeded forms' keys).
 * @param {string} name
 * @param {SourceFacts} f
 * @param {Set<string>} raw
 * @returns {string | null}
 */
export const refusal = (name, f, raw) => {
  if (!f.declared.has(name)) return 'not a member of any interface or type in the bundle sources';
  if (raw.has(name)) return 'a raw name (spec 3.2–3.8, 7.1, or a key of the seeded forms)';
  if (f.boundary.has(name)) return 'a member of a boundary interface (mangle.json boundary)';
  if (f.words.has(name)) return 'spelled in a string, template or regular expression literal (a dynamic key?)';
  if (f.jsx.has(name) || /^on[A-Z]/.test(name)) return 'a JSX attribute or event prop (may reach the DOM)';
  if (f.preact.has(name)) return 'a property Preact reads';
  if (f.kept.has(name)) return 'a DOM or builtin name, which terser never renames';
  return null;
};

/**
 * Every problem of the checked-in list, as sentences; empty when the list is sound.
 * @param {MangleConfig} config
 * @param {SourceFacts} f
 * @param {Set<string>} raw
 * @returns {string[]}
 */
export const listProblems = (config, f, raw) => {
  const out = [];
  const internals = new RegExp(config.internals);
  const seen = new Map();
  for (const [name, short] of Object.entries(config.props)) {
    const why = refusal(name, f, raw);
    if (why) out.push(`${name}: ${why}`);
    if (!/^[A-Za-z_$][\w$]*$/.test(short)) out.push(`${name}: short name ${JSON.stringify(short)} is no identifier`);
    if (seen.has(short)) out.push(`${name}: short name ${short} is ${seen.get(short)}'s too`);
    seen.set(short, name);
    if (Object.hasOwn(config.props, short)) out.push(`${name}: short name ${short} is a listed name`);
    if (internals.test(short)) out.push(`${name}: short name ${short} looks like a Preact internal`);
    if (f.props.has(short) || f.preact.has(short))
      out.push(`${name}: short name ${short} is a property in the sources or Preact already`);
  }
  return out;
};

/**
 * Property names of several bundles' code before minifying that equal a pinned short name: each would merge with
 * the renamed property. Checked by build.mjs on every build.
 * @param {MangleConfig} config
 * @param {Record<string, string>} codes Bundle name → code.
 * @returns {Promise<string[]>}
 */
export const pinCollisions = async (config, codes) => {
  const shorts = new Map(Object.entries(config.props).map(([n, s]) => [s, n]));
  const out = [];
  for (const [file, code] of Object.entries(codes))
    for (const k of (await codeFacts(code)).props.keys())
      if (shorts.has(k)) out.push(`${file}: property ${k} already exists, pinned for ${shorts.get(k)} in mangle.json`);
  return out;
};

/**
 * Listed names (and Preact internals in a bundle that does not rename them) still present as properties in a
 * minified output: terser kept them (a DOM or builtin name), or a bundle that does not carry Preact now reads its
 * internals. Either way the list is wrong for this code. Checked by build.mjs on every build.
 * @param {MangleConfig} config
 * @param {string} file
 * @param {string} code
 * @param {boolean} internals Whether this bundle renamed Preact's internals (then their new names are not checked).
 * @returns {Promise<string[]>}
 */
export const leftOver = async (config, file, code, internals) => {
  const preact = new RegExp(config.internals);
  const out = [];
  for (const k of (await codeFacts(code)).props.keys()) {
    if (Object.hasOwn(config.props, k))
      out.push(`${file}: listed name ${k} was not renamed (terser keeps DOM and builtin names)`);
    if (!internals && preact.test(k))
      out.push(`${file}: Preact internal ${k} in a bundle whose internals are not renamed`);
  }
  return out;
};

/**
 * Every key (at any depth) of the seeded demo forms' settings (src/server/seed/forms.ts): raw names the provider
 * really sends, beside the spec's lists.
 * @param {string} root
 * @returns {Promise<Set<string>>}
 */
export const seedKeys = async (root) => {
  const r = await esbuild.build({
    entryPoints: [join(root, 'src/server/seed/forms.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const url = 'data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64');
  const { DEMO_FORMS } = /** @type {{ DEMO_FORMS: { settings: unknown }[] }} */ (await import(url));
  const out = new Set();
  walkKeys(
    DEMO_FORMS.map((f) => f.settings),
    out,
  );
  return out;
};

/** @param {unknown} v @param {Set<string>} out */
const walkKeys = (v, out) => {
  if (Array.isArray(v)) for (const x of v) walkKeys(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      walkKeys(x, out);
    }
};

/**
 * Every raw name never to rename: mangle.json's reserved lists and the seeded forms' keys.
 * @param {string} root
 * @param {MangleConfig} config
 */
export const rawNames = async (root, config) =>
  new Set([...Object.values(config.reserved).flat(), ...(await seedKeys(root))]);

/**
 * The quick part of the rules, run by build.mjs on every build: listed names that are raw names or members of a
 * boundary interface. (The unit test runs them all.)
 * @param {string} root
 * @param {MangleConfig} config
 * @returns {Promise<string[]>}
 */
export const boundaryListed = async (root, config) => {
  const raw = await rawNames(root, config);
  const boundary = new Set(config.boundary.flatMap((f) => [...declaredMembers(readFileSync(join(root, f), 'utf8'))]));
  return Object.keys(config.props)
    .filter((n) => raw.has(n) || boundary.has(n))
    .map((n) => `mangle.json: ${n} is a raw or boundary name and may never be renamed`);
};
