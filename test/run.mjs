// Runs the test layers: unit (pure, uvu), dom (components on linkedom, on the Preact popup.js ships), react
// (the popup's views and form on react-dom 19 itself: see docs/testing.md), server (the reference provider over
// real HTTP and SQLite), server-pg (the same files on PostgreSQL, when DATABASE_URL is set: each test makes its own
// schema and drops it), browser (Chromium through playwright-core against the built dist/). Each test file is bundled
// by esbuild (TypeScript, TSX, react → preact/compat) and run in its own node process; uvu's totals are read from its
// output. Prints the counts per layer and a closing 'N passed, N failed' line; exits non-zero on any failure.
// DATABASE_URL reaches the server-pg pass only: every other layer runs on SQLite whatever the environment holds.
//
// The browser and server layers run two files at a time, and layers that leave the cores idle run together (issue 34
// item 6: see JOBS and STAGES); each file's output is held and printed whole when it ends, so files never interleave.
// TEST_JOBS=n sets how many browser files at a time (1: every layer alone, one file after another, output as it
// comes).
//
//   node test/run.mjs                 every layer
//   node test/run.mjs unit dom        some layers
//   node test/run.mjs --grep loader   only files whose path under test/ contains 'loader'
//   TEST_JOBS=1 node test/run.mjs     one file at a time in every layer
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { alias } from '../build.mjs';
import { preactTrimForTests } from '../build/preact-trim.mjs';
import { reactProps } from '../build/react-props.mjs';
import { CHROMIUM, CHROMIUM_ARGS, SHARED_BROWSER } from './browser/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LAYERS = ['unit', 'dom', 'react', 'server', 'server-pg', 'browser'];
/** The folder of a layer's files: server-pg runs server's. */
const FOLDER = { 'server-pg': 'server' };
const PG_URL = process.env.DATABASE_URL || '';

const argv = process.argv.slice(2);
const grepAt = argv.indexOf('--grep');
const grep = grepAt >= 0 ? argv[grepAt + 1] : '';
const chosen = argv.filter((a, i) => LAYERS.includes(a) && !(grepAt >= 0 && i === grepAt + 1));
const layers = chosen.length ? chosen : LAYERS;

/**
 * The react layer (issue 34 item 2) runs its own files (test/react) and these of the dom layer: the popup's views and
 * the form, rendered on react-dom 19 itself instead of the Preact popup.js ships (see `reactOnly`).
 */
const ON_REACT = /^dom[\\/](form-|popup-shell)/;

/** A layer's test files: its folder's, and for the react layer the dom files ON_REACT names. */
function layerFiles(layer) {
  const own = testFiles(join(root, 'test', FOLDER[layer] || layer));
  if (layer !== 'react') return own;
  return [...own, ...testFiles(join(root, 'test/dom')).filter((f) => ON_REACT.test(relative(join(root, 'test'), f)))];
}

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...testFiles(p));
    else if (/\.test\.tsx?$/.test(name) && (!grep || relative(join(root, 'test'), p).includes(grep))) out.push(p);
  }
  return out;
}

/**
 * The popup's component tests (dom/form-*, dom/popup-*) render on the Preact popup.js ships: bundled, trimmed as the
 * build trims it (build/preact-trim.mjs; only the scheduling options preact/test-utils' `act` needs are kept), instead
 * of loaded from node_modules as every other test file loads its packages. The blog's page tests keep the untrimmed
 * Preact the server renders with.
 */
const SHIPPED_PREACT = /^dom[\\/](form|popup)-/;

/** Bare imports stay external except Preact's (and react's, aliased to it), which are bundled and trimmed. */
const bundlePreact = {
  name: 'bundle-preact',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) =>
      /^(preact|react|react-dom)(\/|$)/.test(a.path) ? undefined : { path: a.path, external: true },
    );
    preactTrimForTests.setup(b);
  },
};

/**
 * The react layer's bundles: no alias (react and react-dom are React's own, loaded from node_modules), no renaming of
 * React's props (React reads them itself), and test/react/render.ts in place of test/dom/render.ts, the dom layer's
 * Preact renderer. A file that still reaches Preact does not build: the test of the source's React is then void.
 */
const reactOnly = {
  name: 'react-only',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    const preact = join(root, 'test/dom/render.ts');
    b.onResolve({ filter: /\/render$/ }, (a) =>
      join(a.resolveDir, `${a.path}.ts`) === preact ? { path: join(root, 'test/react/render.ts') } : undefined,
    );
    b.onResolve({ filter: /^preact(\/|$)/ }, (a) => ({ errors: [{ text: `${a.importer} reaches ${a.path}` }] }));
    b.onResolve({ filter: /^[^./]/ }, (a) => ({ path: a.path, external: true }));
  },
};

/**
 * Files run at once, per layer. Two at a time where a file waits on more than the cores: the browser layer (Chromium,
 * the network, timers) and the server layers (HTTP, the store's disk writes, PostgreSQL, SMTP, child processes; each
 * file has its own store, schema and ports). The pure layers run one at a time. TEST_JOBS overrides the browser
 * layer's number; TEST_JOBS=1 runs every layer one file at a time.
 */
const JOBS = { browser: Math.max(1, Math.floor(Number(process.env.TEST_JOBS)) || 2), server: 2, 'server-pg': 2 };

/** Output as it comes only when one file runs at a time in the whole run; otherwise each file's is printed whole. */
const LIVE = process.env.TEST_JOBS === '1';

/** The esbuild options that set a test file's renderer and packages, by its layer. */
const options = (layer, rel) =>
  layer === 'react'
    ? { plugins: [reactOnly] }
    : {
        alias,
        // React's prop names renamed to the DOM's as the build renames them (build/react-props.mjs).
        ...(SHIPPED_PREACT.test(rel)
          ? { plugins: [bundlePreact, reactProps(root)] }
          : { packages: 'external', plugins: [reactProps(root)] }),
      };

/** Bundles one test file into the cache; returns the bundle's path, or '' when it does not build. */
async function bundle(file, layer, rel) {
  const outfile = join(cache, layer, rel.replace(/\.tsx?$/, '.mjs'));
  try {
    await esbuild.build({
      entryPoints: [file],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      ...options(layer, rel),
      jsx: 'automatic',
      jsxImportSource: 'react',
      sourcemap: 'inline',
      define: { __DEV__: 'false', __FULL__: 'true', __SIDE_ID__: '""', __POPUP_ID__: '""' },
      logLevel: 'error',
    });
    return outfile;
  } catch {
    return '';
  }
}

/**
 * Runs a bundled test file in its own node process, with `more` added to its environment. `live`: its output goes
 * straight through; otherwise it is held, in order and by stream, in `held` for the caller to print whole.
 */
function run(file, layer, live, more) {
  const env = { ...process.env, ...more, NO_COLOR: '1', FORCE_COLOR: '0' };
  if (layer === 'server-pg') env.DATABASE_URL = PG_URL;
  else delete env.DATABASE_URL;
  /** @type {[NodeJS.WriteStream, Buffer][]} */
  const held = [];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', file], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const pass = (to) => (d) => (live ? to.write(d) : held.push([to, d]));
    child.stdout.on('data', (d) => (text += d));
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    child.on('close', (code) => resolve({ code, text, held }));
  });
}

const cache = join(root, '.cache/test');
rmSync(cache, { recursive: true, force: true });
const totals = {};
let passed = 0;
let failed = 0;
let skipped = 0;

/** Adds one file's uvu totals (read from its output) to its layer's and the run's. */
function count(layer, rel, { code, text }) {
  const num = (label) => Number((text.match(new RegExp(label + ':\\s+(\\d+)')) || [])[1] || 0);
  const total = num('Total');
  const ok = num('Passed');
  const skip = num('Skipped');
  // uvu's Total leaves out the tests it skipped (test.skip, or those left out by test.only).
  let bad = total - ok;
  // A file that crashed before uvu could count, or exited non-zero with nothing failed, is one failure.
  if (code !== 0 && bad === 0) bad = 1;
  if (total === 0 && skip === 0 && code === 0) {
    console.error(`✘ ${rel}: ran no test`);
    bad = 1;
  }
  totals[layer].passed += ok;
  totals[layer].failed += bad;
  totals[layer].skipped += skip;
  passed += ok;
  failed += bad;
  skipped += skip;
}

/**
 * Bundles, runs and counts one file, `more` added to its environment; with `live` false its output is printed whole
 * once it has ended.
 */
async function runOne(layer, file, live, more) {
  const rel = relative(join(root, 'test'), file);
  const outfile = await bundle(file, layer, rel);
  if (!outfile) {
    console.error(`✘ ${rel}: does not build`);
    totals[layer].failed++;
    failed++;
    return;
  }
  const header = `\n# ${layer === 'server-pg' ? `${rel} (PostgreSQL)` : rel}`;
  if (live) console.log(header);
  const t0 = Date.now();
  const result = await run(outfile, layer, live, more);
  if (!live) {
    console.log(`${header} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    for (const [to, d] of result.held) to.write(d);
  }
  count(layer, rel, result);
}

/**
 * Runs a layer's files, `jobs` at a time, in order of the list. Each browser worker starts one Chromium (a playwright
 * browser server) that the files it runs connect to in turn, instead of one each: a Chromium's start and end cost
 * about as much machine time as a short test file (docs/testing.md). Every file still makes its own contexts, and
 * closing its browser closes them.
 */
async function runLayer(layer, files, jobs) {
  const queue = [...files];
  const worker = async () => {
    /** @type {import('playwright-core').BrowserServer | null} */
    let server = null;
    try {
      for (let file = queue.shift(); file; file = queue.shift()) {
        // A file that brought its worker's Chromium down leaves the next one a new Chromium, not its failure.
        if (
          layer === 'browser' &&
          (!server || server.process().exitCode !== null || server.process().signalCode !== null)
        )
          server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
        await runOne(layer, file, LIVE, server ? { [SHARED_BROWSER]: server.wsEndpoint() } : {});
      }
    } finally {
      await server?.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
}

/**
 * The layers that run at once (issue 34 item 6): the pure ones together (one file at a time each, three processes on
 * two cores), then the server layers together (two files at a time each: most of their time is waiting on sockets,
 * disks and PostgreSQL), then the browser layer alone, which keeps both cores busy by itself.
 */
const STAGES = [['unit', 'dom', 'react'], ['server', 'server-pg'], ['browser']];

const seconds = {};
/** Runs one layer: its files, or why it is skipped. */
async function runLayerOf(layer) {
  const files = layerFiles(layer);
  totals[layer] = { passed: 0, failed: 0, skipped: 0, files: files.length };
  if (!files.length) return;
  if (layer === 'server-pg' && !PG_URL) {
    totals[layer].files = 0;
    console.error(
      '\n!!! server-pg layer SKIPPED: DATABASE_URL is not set (test/pg.sh starts a throwaway PostgreSQL)\n',
    );
    return;
  }
  if (layer === 'browser' && !existsSync(CHROMIUM)) {
    if (process.env.CI === 'true') {
      console.error(
        `\n!!! browser layer: ${CHROMIUM} is missing and CI=true: failing. Install it: apt-get install chromium\n`,
      );
      totals[layer].failed = 1;
      failed++;
    } else {
      console.error(`\n!!! browser layer SKIPPED: ${CHROMIUM} is missing. Install it: apt-get install chromium\n`);
    }
    return;
  }
  const jobs = process.env.TEST_JOBS === '1' ? 1 : JOBS[layer] || 1;
  console.log(`\n## ${layer} (${files.length} files${jobs > 1 ? `, ${jobs} at a time` : ''})`);
  const t0 = Date.now();
  await runLayer(layer, files, jobs);
  seconds[layer] = Math.round((Date.now() - t0) / 1000);
}

const started = Date.now();
// One stage after another; the layers of a stage at once (TEST_JOBS=1: every layer alone, in order).
for (const stage of process.env.TEST_JOBS === '1' ? LAYERS.map((l) => [l]) : STAGES) {
  const chosenHere = stage.filter((l) => layers.includes(l));
  for (const layer of chosenHere) totals[layer] = { passed: 0, failed: 0, skipped: 0, files: 0 };
  await Promise.all(chosenHere.map(runLayerOf));
}
seconds.all = Math.round((Date.now() - started) / 1000);

console.log(
  `\ntime: ${Object.entries(seconds)
    .map(([layer, s]) => `${layer} ${s} s`)
    .join(', ')}`,
);
console.log('\nlayer     files  passed  failed  skipped');
for (const [layer, t] of Object.entries(totals)) {
  console.log(
    `${layer.padEnd(9)} ${String(t.files).padStart(5)}  ${String(t.passed).padStart(6)}  ` +
      `${String(t.failed).padStart(6)}  ${String(t.skipped).padStart(7)}`,
  );
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
