// Builds dist/ laid out as the content host (spec 7.2), and dist-node/ (the reference provider), then prints the
// raw, gzip and brotli bytes of every output. `node build.mjs --watch` rebuilds on change; `--quiet` skips the table.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zc } from 'node:zlib';
import { boundaryListed, leftOver, pinCollisions, readMangle } from './build/mangle.mjs';
import { trimProblems } from './build/compat-trim.mjs';
import { preactTrim, trimmedProblems } from './build/preact-trim.mjs';
import { squeeze, tightestCss } from './build/minify.mjs';
import { reactDialect, reactProps } from './build/react-props.mjs';
import { FRAME_SHEETS, frameSheetEntry } from './build/frame-sheets.mjs';
import { BUILD_MARK, SIDE_MARK, stamp } from './build/release.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes('--watch');
const quiet = process.argv.includes('--quiet');

/** React APIs are written against `react` and shipped as preact/compat. */
export const alias = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** Popup versions the content host serves (spec 7.2); settings name one in `version`. 1.1 shows the rewards badge. */
export const VERSIONS = ['1.0', '1.1'];

const POPUP_JS = 'dist/js/signup-forms/popup/';
const POPUP_CSS = 'dist/css/signup-forms/popup/';

/**
 * Options every browser bundle shares. `__DEV__` is the compile-time flag of the dev loader; `__FULL__` keeps the
 * loader's API for only some sites (destroy, consent first, scoped cookies: issue 14), on in every bundle but embed.js.
 * `__SIDE_ID__` and `__POPUP_ID__` are the ids of a release (build/release.mjs), placeholders until stamped; empty in
 * the dev bundles and under --watch (which stamps nothing), whose files keep plain names.
 */
const browser = (dev, full = true) => ({
  bundle: true,
  format: 'iife',
  // Safari 14.0 has a destructuring bug esbuild cannot work around; 14.1 fixed it.
  target: ['es2020', 'chrome80', 'firefox78', 'safari14.1'],
  minify: !dev,
  alias,
  legalComments: 'none',
  define: {
    __DEV__: String(dev),
    __FULL__: String(full),
    __SIDE_ID__: JSON.stringify(dev || watch ? '' : SIDE_MARK),
    __POPUP_ID__: JSON.stringify(dev || watch ? '' : BUILD_MARK),
    'process.env.NODE_ENV': dev ? '"development"' : '"production"',
  },
  logLevel: 'warning',
});

/**
 * Options of the bundles that render JSX (popup.js, embed.dev.js): classic JSX on an injected createElement
 * (src/jsx.ts), smaller call sites than the automatic runtime. tsconfigRaw replaces tsconfig.json's "jsx": "react-jsx"
 * for these bundles only (type-checking keeps it). Not for embed.js or the blog script:
 * the inject would pull Preact in. Preact comes without what the popup never asks of it (build/preact-trim.mjs: no
 * hydration, class components, portals; compat without its run-time renaming of React's props, which
 * build/react-props.mjs does at compile time instead), in the dev popup too, so both render alike.
 */
const withJsx = (dev) => ({
  ...browser(dev),
  plugins: [preactTrim, reactProps(root)],
  tsconfigRaw: { compilerOptions: { jsx: 'react' } },
  jsx: 'transform',
  jsxFactory: '_h',
  jsxFragment: '_F',
  inject: [join(root, 'src/jsx.ts')],
});

/**
 * The modules popup.js lends the files beside it, and the names it lends of each, read from the imports of
 * src/popup/runtime.ts (the one list): absolute path (or a bare package name) → names.
 * @returns {Map<string, string[]>}
 */
function lentModules() {
  const file = join(root, 'src/popup/runtime.ts');
  const text = readFileSync(file, 'utf8');
  const lent = new Map();
  for (const [, names, from] of text.matchAll(/^import \{([^}]*)\} from '([^']+)';$/gm)) {
    const list = names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    lent.set(from.startsWith('.') ? join(dirname(file), from) : from, list);
  }
  // Every name imported there is in the object popup.js publishes, and nothing else: a name missing from it would
  // read as undefined in the files beside popup.js.
  const keys = (/export const RUNTIME = \{([^}]*)\}/.exec(text) || ['', ''])[1].split(/[\s,]+/).filter(Boolean);
  const names = [...lent.values()].flat();
  if (keys.sort().join() !== names.sort().join())
    throw Error(`src/popup/runtime.ts: RUNTIME holds ${keys.join(', ')} but the imports are ${names.join(', ')}`);
  return lent;
}

/**
 * form-extras.js and form-actions.js run on what popup.js lends them (src/popup/runtime.ts, `window.__mcsf.rt`): an
 * import that resolves to a lent module becomes a read of that object, so no second copy of Preact (hooks must run on
 * the renderer that renders them), the sanitizer or the shared helpers ships. 'react' and 'react-dom' are Preact's.
 */
const popupRuntime = {
  name: 'popup-runtime',
  setup(b) {
    const lent = lentModules();
    const bare = (p) => (p === 'react-dom' ? 'react' : p);
    b.onResolve({ filter: /.*/ }, async (a) => {
      if (a.pluginData === 'plain' || a.kind === 'entry-point' || a.namespace === 'rt') return undefined;
      if (lent.has(bare(a.path))) return { path: bare(a.path), namespace: 'rt' };
      if (!a.path.startsWith('.')) return undefined;
      const r = await b.resolve(a.path, { kind: a.kind, resolveDir: a.resolveDir, pluginData: 'plain' });
      const key = r.path.replace(/\.tsx?$/, '');
      return lent.has(key) ? { path: key, namespace: 'rt' } : r;
    });
    // One read of the lent object for the whole file (`rt:` below), through the namespace module the file has anyway.
    b.onResolve({ filter: /^rt:$/, namespace: 'rt' }, () => ({ path: 'rt:', namespace: 'rt-object' }));
    b.onLoad({ filter: /.*/, namespace: 'rt-object' }, () => ({
      loader: 'js',
      resolveDir: join(root, 'src/browser'),
      contents: "import { shared } from './shared'; export const r = shared.rt;",
    }));
    b.onLoad({ filter: /.*/, namespace: 'rt' }, (a) => ({
      loader: 'js',
      contents:
        "import { r } from 'rt:'; export const " +
        lent
          .get(a.path)
          .map((n) => `${n} = r.${n}`)
          .join(', ') +
        ';',
    }));
  },
};

/**
 * @typedef {object} Job
 * @property {string} in The source; for a frame sheet (`parts`), the folder of its parts.
 * @property {string[]} out
 * @property {string[]} [parts] A frame sheet's parts (build/frame-sheets.mjs), bundled in order from `in`.
 * @property {import('esbuild').BuildOptions} opts
 * @property {{ mangle?: boolean, internals?: boolean, unsafe?: boolean }} [terser]
 * @property {boolean} [tighten] A popup stylesheet: build/minify.mjs tightenCss after esbuild.
 * @property {boolean} [compileAll] Open with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136):
 *   every function is compiled while the file streams in, off the main thread, instead of lazily when first called.
 * @property {'side' | 'popup' | 'loader'} [release] Its part in a release (build/release.mjs, issue 32): a file
 *   popup.js loads beside it (its versioned copies named with the side id), popup.js, or a loader asking for popup.js.
 */

/**
 * Every output: source, destinations, esbuild options, and for the budgeted bundles the terser pass and its extras
 * (build/minify.mjs: `mangle` renames mangle.json's names, `internals` Preact's, `unsafe` where it pays). Sources that
 * do not exist yet are skipped.
 * @type {Job[]}
 */
export const jobs = [
  {
    in: 'src/loader.ts',
    out: [POPUP_JS + 'embed.js', POPUP_JS + 'unique-methods/embed.js'],
    opts: browser(false, false),
    terser: { mangle: true },
    release: 'loader',
  },
  {
    // The same loader with destroy, consent first and scoped cookies, for the sites that ask for them (issue 14):
    // embed.js, on every page of every existing snippet, does not carry them.
    in: 'src/loader.ts',
    out: [POPUP_JS + 'embed-full.js'],
    opts: browser(false),
    terser: { mangle: true },
    release: 'loader',
  },
  {
    // What only some visitors need (src/loader/embed-extras.ts), beside embed.js; unversioned like it.
    in: 'src/loader/embed-extras.ts',
    out: [POPUP_JS + 'embed-extras.js'],
    opts: browser(false),
    terser: { mangle: true },
  },
  {
    // The display rules (src/loader/rules.ts, issue 36 part 1), beside embed.js; fetched only for settings with showOn.
    in: 'src/loader/rules.ts',
    out: [POPUP_JS + 'embed-rules.js'],
    opts: browser(false),
    terser: { mangle: true },
  },
  { in: 'src/dev.ts', out: [POPUP_JS + 'embed.dev.js'], opts: withJsx(true) },
  {
    in: 'src/popup/index.tsx',
    out: VERSIONS.flatMap((v) => [`${POPUP_JS}${v}/popup.js`, `${POPUP_JS}unique-methods/${v}/popup.js`]),
    opts: withJsx(false),
    // popup.js carries Preact: its internals are renamed here too (build/mangle.mjs).
    terser: { mangle: true, internals: true },
    // Nearly all of popup.js runs while it prepares the popup: compiled lazily, its first render was one task of 40 to
    // 57 ms at 4x CPU when the trigger fires as it arrives (issue 12.2, bench/long-tasks.ts MODE=cold); +28 B brotli.
    compileAll: true,
    release: 'popup',
  },
  {
    in: 'src/popup/form/form-extras.ts',
    out: VERSIONS.flatMap((v) => [`${POPUP_JS}${v}/form-extras.js`, `${POPUP_JS}unique-methods/${v}/form-extras.js`]),
    opts: { ...withJsx(false), alias: {}, plugins: [popupRuntime, reactProps(root)] },
    terser: { mangle: true, unsafe: true },
    release: 'side',
  },
  // Beside embed.dev.js (unversioned): its popup's names are not renamed (it has no terser pass), so neither are the
  // names of these copies, or they would read properties the dev popup never wrote (a blur judged nothing).
  {
    in: 'src/popup/form/form-extras.ts',
    out: [POPUP_JS + 'form-extras.js'],
    opts: { ...withJsx(true), alias: {}, plugins: [popupRuntime, reactProps(root)] },
  },
  {
    // The rules and the submit (src/popup/form/actions.ts), beside every popup.js; fetched on the visitor's first
    // press in the form.
    in: 'src/popup/form/actions.ts',
    out: VERSIONS.flatMap((v) => [`${POPUP_JS}${v}/form-actions.js`, `${POPUP_JS}unique-methods/${v}/form-actions.js`]),
    opts: { ...browser(false), plugins: [popupRuntime] },
    terser: { mangle: true },
    release: 'side',
  },
  {
    in: 'src/popup/form/actions.ts',
    out: [POPUP_JS + 'form-actions.js'],
    opts: { ...browser(true), plugins: [popupRuntime] },
  },
  {
    // The address field's country list, beside every popup.js (and unversioned beside embed.dev.js).
    in: 'src/popup/countries-file.ts',
    out: [
      POPUP_JS + 'countries.js',
      ...VERSIONS.flatMap((v) => [`${POPUP_JS}${v}/countries.js`, `${POPUP_JS}unique-methods/${v}/countries.js`]),
    ],
    opts: browser(false),
    terser: { mangle: true },
    release: 'side',
  },
  {
    // The counts' beacon (src/popup/counts.ts), beside every popup.js (and unversioned beside embed.dev.js); fetched
    // only when the settings say the provider counts (issue 36 item 2).
    in: 'src/popup/counts.ts',
    out: [
      POPUP_JS + 'counts.js',
      ...VERSIONS.flatMap((v) => [`${POPUP_JS}${v}/counts.js`, `${POPUP_JS}unique-methods/${v}/counts.js`]),
    ],
    opts: browser(false),
    terser: { mangle: true },
    release: 'side',
  },
  { in: 'src/blog/script.ts', out: ['dist/blog/blog.js'], opts: browser(false), terser: { unsafe: true } },
  { in: 'src/blog/blog.css', out: ['dist/blog/blog.css'], opts: { bundle: true, minify: true, logLevel: 'warning' } },
  {
    // The owner's studio (issue 33), on its own pages only: the whole of preact/compat through the React aliases (not
    // the popup's trim, nor its renaming) and the rich-text editor, squire-rte. Not budgeted tightly: it is never on a
    // visitor's page.
    in: 'src/studio/index.tsx',
    out: ['dist/studio/studio.js'],
    opts: browser(false),
  },
  {
    in: 'src/studio/studio.css',
    out: ['dist/studio/studio.css'],
    opts: { bundle: true, minify: true, target: ['chrome80', 'firefox78', 'safari14.1'], logLevel: 'warning' },
  },
  ...cssJobs(),
  // main.ts composes the provider and the blog, so it sits above both (issue 34 item 3).
  ...['main', 'server/subscribers'].map((name) => ({
    in: `src/${name}.ts`,
    out: [`dist-node/${name.replace('server/', '')}.mjs`],
    opts: {
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      alias,
      jsx: 'automatic',
      jsxImportSource: 'react',
      // The blog's pages and the hosted subscribe page: React's prop names in the source, the DOM's in the bundle
      // (build/react-props.mjs).
      plugins: [reactProps(root)],
      logLevel: 'warning',
    },
  })),
];

/**
 * The popup stylesheets (spec 7.2), then each frame's own sheet made of them (build/frame-sheets.mjs): versioned for
 * production, unversioned for dev's appDomain. The sheets the popup links (src/popup/sheets.ts: the frame sheets,
 * form-extras.css, fonts.css) are its side files; the spec 7.2 parts keep their names (the popup links none of them).
 */
function cssJobs() {
  const dir = 'src/popup/css';
  if (!existsSync(join(root, dir))) return [];
  const opts = { bundle: true, minify: true, target: ['chrome80', 'firefox78', 'safari14.1'], logLevel: 'warning' };
  const outs = (f) => [...VERSIONS.map((v) => `${POPUP_CSS}${v}/${f}`), POPUP_CSS + f];
  /** @type {(f: string) => 'side' | undefined} */
  const linked = (f) => (f === 'form-extras.css' || f === 'fonts.css' || f in FRAME_SHEETS ? 'side' : undefined);
  return [
    ...readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.css'))
      .map((f) => ({ in: `${dir}/${f}`, out: outs(f), opts, tighten: true, release: linked(f) })),
    ...Object.entries(FRAME_SHEETS).map(([f, parts]) => ({
      in: dir,
      parts,
      out: outs(f),
      opts,
      tighten: true,
      release: linked(f),
    })),
  ];
}

/** esbuild's entry options of a job: its file, or a frame sheet's parts. @param {Job} job */
const entry = (job) =>
  job.parts ? { stdin: frameSheetEntry(job.parts, join(root, job.in)) } : { entryPoints: [join(root, job.in)] };

/** esbuild's output of one job (before terser). @param {Job} job @returns {Promise<string>} */
export async function bundle(job) {
  const result = await esbuild.build({ ...job.opts, ...entry(job), write: false });
  return result.outputFiles[0].text;
}

/**
 * Builds every job: esbuild for all, then checks that mangle.json lists no raw or boundary name and that no property
 * of the renamed bundles is already called by a short name it pins (it would merge with the renamed one), then terser
 * (build/minify.mjs) and a check that nothing listed survived it, then the release's ids stamped in and the side
 * files named with theirs (build/release.mjs). Writes the outputs and returns what failed, each with why.
 */
async function buildAll(active) {
  const failed = [];
  const texts = await Promise.allSettled(active.map(bundle));
  const renamed = {};
  texts.forEach((t, i) => {
    if (t.status === 'rejected') failed.push(`${active[i].in}: ${t.reason?.message || t.reason}`);
    else if (active[i].terser?.mangle) renamed[active[i].out[0]] = t.value;
  });
  const mangle = readMangle(root);
  failed.push(...(await boundaryListed(root, mangle)), ...(await pinCollisions(mangle, renamed)));
  failed.push(
    ...trimProblems(root, ['src/popup']),
    ...trimmedProblems(root, ['src/popup'], ['src/jsx.ts', 'src/dev.ts']),
    ...reactDialect(root, ['src/popup', 'src/blog', 'src/studio', 'src/server']),
  );
  /** @type {import('./build/release.mjs').Output[]} */
  const outputs = [];
  await Promise.all(
    active.map(async (job, i) => {
      if (texts[i].status === 'rejected') return;
      let text = texts[i].value;
      if (job.terser) {
        const t = job.terser;
        text = await squeeze(text, { mangle: t.mangle ? mangle : undefined, internals: t.internals, unsafe: t.unsafe });
        if (t.mangle) failed.push(...(await leftOver(mangle, job.out[0], text, !!t.internals)));
      }
      if (job.tighten) text = tightestCss(text, brotliBytes);
      if (job.compileAll) text = '//# allFunctionsCalledOnLoad\n' + text;
      outputs.push({ out: job.out, text, release: job.release });
    }),
  );
  // Stamped and written even when a bundle failed, as every entry is built (the build fails all the same).
  const release = stamp(outputs);
  for (const [out, text] of release.files) {
    const file = join(root, out);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return [...failed, ...release.failed];
}

/** Brotli bytes at the content host's quality (11, as size-limit measures). @param {Buffer | string} b */
const brotliBytes = (b) => brotliCompressSync(b, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length;

function sizes(file) {
  const buf = readFileSync(file);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliBytes(buf),
  };
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

function printTable() {
  const rows = [];
  for (const top of ['dist', 'dist-node']) {
    const dir = join(root, top);
    if (existsSync(dir)) for (const f of walk(dir)) rows.push([relative(root, f), sizes(f)]);
  }
  rows.sort((a, b) => a[0].localeCompare(b[0]));
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'output'.padEnd(w)}  ${'raw'.padStart(8)}  ${'gzip'.padStart(8)}  ${'brotli'.padStart(8)}`);
  for (const [f, s] of rows) {
    console.log(
      `${f.padEnd(w)}  ${String(s.raw).padStart(8)}  ${String(s.gzip).padStart(8)}  ${String(s.brotli).padStart(8)}`,
    );
  }
}

const active = jobs.filter((j) => existsSync(join(root, j.in)));

if (watch) {
  for (const job of active) {
    const ctx = await esbuild.context({
      ...job.opts,
      ...entry(job),
      outfile: join(root, job.out[0]),
      // The job's own plugins first (form-extras.js needs popupRuntime, or it would bundle a second Preact).
      plugins: [
        ...(job.opts.plugins || []),
        {
          name: 'copies',
          setup(b) {
            b.onEnd(() => {
              const text = readFileSync(join(root, job.out[0]));
              for (const out of job.out.slice(1)) {
                mkdirSync(dirname(join(root, out)), { recursive: true });
                writeFileSync(join(root, out), text);
              }
            });
          },
        },
      ],
    });
    await ctx.watch();
  }
  console.log(`watching ${active.length} entries`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  rmSync(join(root, 'dist-node'), { recursive: true, force: true });
  // Every entry is built even when another fails, so one broken area does not hide the state of the rest.
  const failed = await buildAll(active);
  if (!quiet) printTable();
  if (failed.length) {
    console.error(`build failed:\n  ${failed.join('\n  ')}`);
    process.exit(1);
  }
}
