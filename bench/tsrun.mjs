// Runs a TypeScript script (bench, gallery) the way the tests run: bundled by esbuild with the react → preact/compat
// aliases, packages left external, then executed by node.   node bench/tsrun.mjs bench/gallery.ts [args…]
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alias } from '../build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [entry, ...args] = process.argv.slice(2);
const outfile = join(root, '.cache/scripts', basename(entry).replace(/\.tsx?$/, '.mjs'));
await esbuild.build({
  entryPoints: [join(root, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias,
  jsx: 'automatic',
  jsxImportSource: 'react',
  sourcemap: 'inline',
  define: { __DEV__: 'false', __FULL__: 'true', __SIDE_ID__: '""', __POPUP_ID__: '""' },
  logLevel: 'error',
});
const r = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
