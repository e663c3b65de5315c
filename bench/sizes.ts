/**
 * Bytes of every output beside its peers, built or read in the same run (issue 7):
 * - popup.js built again with real react and react-dom instead of preact/compat (what the aliasing saves);
 * - the UMD bundle of @tryghost/signup-form from npm (Ghost's signup form);
 * - jQuery 1.12.4 + jQuery Migrate 1.4.1 from npm, the base of the blog theme blog.js replaces.
 */
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** popup.js bundled with the real React 19 packages, minified like ours: the cost of not aliasing. */
async function popupWithReact(root: string): Promise<Buffer | null> {
  const entry = join(root, 'src/popup/index.tsx');
  if (!existsSync(entry)) return null;
  const r = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'react',
    // No alias: react, react-dom and react/jsx-runtime resolve to the real packages.
    define: { __DEV__: 'false', 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return Buffer.from(r.outputFiles[0].contents);
}

/** Every dist/ output (versioned duplicates folded into one row) and the peers. */
export async function sizeTable(root: string): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  const seen = new Set<string>();
  const dist = join(root, 'dist');
  for (const f of files(dist)) {
    const rel = relative(dist, f);
    // 1.1/ and unique-methods/ copies are byte-identical to 1.0/: one row each.
    const key = rel.replace(/unique-methods\//, '').replace(/\/1\.1\//, '/1.0/');
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ name: rel, kind: 'ours', ...bytesOf(readFileSync(f)) });
  }
  const react = await popupWithReact(root);
  if (react) rows.push({ name: 'popup.js built with react + react-dom 19', kind: 'peer', ...bytesOf(react) });
  const nm = (p: string) => readFileSync(join(root, 'node_modules', p));
  rows.push({ name: '@tryghost/signup-form UMD (Ghost)', kind: 'peer', ...bytesOf(nm('@tryghost/signup-form/umd/signup-form.min.js')) });
  const jq = nm('jquery/dist/jquery.min.js');
  const migrate = nm('jquery-migrate/dist/jquery-migrate.min.js');
  rows.push({ name: 'jQuery 1.12.4 (min)', kind: 'peer', ...bytesOf(jq) });
  rows.push({ name: 'jQuery 1.12.4 + Migrate 1.4.1 (min)', kind: 'peer', ...bytesOf(Buffer.concat([jq, Buffer.from('\n'), migrate])) });
  return rows;
}
