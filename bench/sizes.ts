/**
 * Bytes of every output beside its peers, built or read in the same run (issue 7):
 * - popup.js built again with real react and react-dom instead of preact/compat (what the aliasing saves);
 * - the UMD bundle of @tryghost/signup-form from npm (Ghost's signup form);
 * - jQuery 1.12.4 + jQuery Migrate 1.4.1 from npm, the base of the blog theme blog.js replaces.
 */
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readMangle } from '../build/mangle.mjs';
import { squeeze } from '../build/minify.mjs';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';

/** Raw, gzip (level 9) and brotli (quality 11) bytes. */
export interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The three sizes of a buffer or string. */
export const bytesOf = (data: Buffer | string): Bytes => {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

/** One row of the byte table. */
export interface SizeRow extends Bytes {
  name: string;
  /** 'ours' or 'peer'. */
  kind: 'ours' | 'peer';
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/**
 * build.mjs's browser options for a production bundle (target, minify, defines), without the react aliases. The ids
 * of a release (build/release.mjs) stand in as ids of their length, as stamped ones would.
 */
const browserOptions = (root: string, entry: string): esbuild.BuildOptions => ({
  entryPoints: [join(root, entry)],
  bundle: true,
  write: false,
  format: 'iife',
  target: ['es2020', 'chrome80', 'firefox78', 'safari14.1'],
  minify: true,
  jsx: 'automatic',
  jsxImportSource: 'react',
  legalComments: 'none',
  define: {
    __DEV__: 'false',
    __FULL__: 'true',
    __SIDE_ID__: '"00000000"',
    __POPUP_ID__: '"00000000"',
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'error',
});

/**
 * React 19's `react-dom` has no `render` (it moved to `react-dom/client` as `createRoot`), so a plain build against
 * it would leave the renderer out and not work. This stands in for `react-dom` in the peer build: the same
 * `render(vnode, container)` our code calls, on a React root kept per container, plus the rest of react-dom.
 */
const REACT_DOM_SHIM = `
import { createRoot } from 'react-dom/client';
export * from 'react-dom-real';
const roots = new WeakMap();
export function render(vnode, el) {
  let root = roots.get(el);
  if (!root) roots.set(el, (root = createRoot(el)));
  root.render(vnode);
}
`;

/** popup.js bundled with the real React 19 packages, built and minified like ours: the cost of not aliasing. */
async function popupWithReact(root: string): Promise<Buffer | null> {
  const entry = 'src/popup/index.tsx';
  if (!existsSync(join(root, entry))) return null;
  const realDom = join(root, 'node_modules/react-dom/index.js');
  const r = await esbuild.build({
    ...browserOptions(root, entry),
    plugins: [
      {
        name: 'react-dom-render',
        setup(b) {
          b.onResolve({ filter: /^react-dom$/ }, (a) =>
            a.importer.includes('node_modules') ? { path: realDom } : { path: 'shim', namespace: 'react-dom-shim' },
          );
          b.onResolve({ filter: /^react-dom-real$/ }, () => ({ path: realDom }));
          b.onLoad({ filter: /.*/, namespace: 'react-dom-shim' }, () => ({
            contents: REACT_DOM_SHIM,
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
    ],
  });
  // Minified as popup.js is (build/minify.mjs), our private names renamed alike.
  return Buffer.from(await squeeze(r.outputFiles![0].text, { mangle: readMangle(root) }));
}

/** Bytes of popup.js's minified bundle by where they come from (esbuild's metafile, before terser). */
export interface Part {
  name: string;
  bytes: number;
}

/** Groups an input path into a readable part: a package, or an area of src/ (src/popup/form, src/popup/html, …). */
const partOf = (input: string): string => {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1];
  const m = /^src\/(popup\/(form|html)\/|popup\/|[^/]+\/|[^/]+$)/.exec(input);
  return m ? 'src/' + m[1].replace(/\/$/, '') + (m[1] === 'popup/' ? ' (shell)' : '') : input;
};

/** Where popup.js's bytes come from, largest first (the aliased build, as shipped). */
export async function popupComposition(root: string): Promise<Part[]> {
  const r = await esbuild.build({ ...browserOptions(root, 'src/popup/index.tsx'), alias: ALIAS, metafile: true });
  const out = Object.values(r.metafile!.outputs)[0];
  const parts = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs))
    parts.set(partOf(input), (parts.get(partOf(input)) || 0) + bytesInOutput);
  return [...parts].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** build.mjs's aliases (React APIs shipped as preact/compat), repeated here: build.mjs is untyped JavaScript. */
const ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** Every dist/ output (versioned duplicates folded into one row) and, unless `peers` is false, the peers. */
export async function sizeTable(root: string, dist = join(root, 'dist'), peers = true): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  const seen = new Set<string>();
  for (const f of files(dist)) {
    const rel = relative(dist, f);
    // 1.1/ and unique-methods/ copies are byte-identical to 1.0/: one row each. A file beside popup.js is named for
    // its build (build/release.mjs): its row takes its plain name, so builds before and after compare.
    const name = rel.replace(/\.[0-9a-f]{8}(\.(?:js|css))$/, '$1');
    const key = name.replace(/unique-methods\//, '').replace(/\/1\.1\//, '/1.0/');
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ name, kind: 'ours', ...bytesOf(readFileSync(f)) });
  }
  if (!peers) return rows;
  const react = await popupWithReact(root);
  if (react)
    rows.push({
      name: 'popup.js built with react + react-dom 19 (same build, no aliases)',
      kind: 'peer',
      ...bytesOf(react),
    });
  const nm = (p: string) => readFileSync(join(root, 'node_modules', p));
  rows.push({
    name: '@tryghost/signup-form UMD (Ghost)',
    kind: 'peer',
    ...bytesOf(nm('@tryghost/signup-form/umd/signup-form.min.js')),
  });
  const jq = nm('jquery/dist/jquery.min.js');
  const migrate = nm('jquery-migrate/dist/jquery-migrate.min.js');
  rows.push({ name: 'jQuery 1.12.4 (min)', kind: 'peer', ...bytesOf(jq) });
  rows.push({
    name: 'jQuery 1.12.4 + Migrate 1.4.1 (min)',
    kind: 'peer',
    ...bytesOf(Buffer.concat([jq, Buffer.from('\n'), migrate])),
  });
  return rows;
}
