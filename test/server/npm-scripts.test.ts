/**
 * The npm scripts a site owner runs beside a live server, run by npm itself in a copy of the project whose build.mjs
 * only records that it ran (the real one deletes and rebuilds dist/ and dist-node/, which a running server serves):
 * `npm run subscribers` lists the store without building when dist-node/subscribers.mjs is there (it rebuilt both
 * folders, and popup.js 404ed meanwhile), and builds only when it is missing; `npm start` execs the provider, so a
 * SIGTERM to npm stops it (sh ran it as a child, which the signal never reached: the provider kept running).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request, startTest, subscribe, type TestProvider } from './helpers';
import { alive } from './processes';

const root = resolve('.');
let dir = '';
let p: TestProvider;

/** A build.mjs that leaves a mark, and makes dist-node/ from the real one's build when it is missing. */
const FAKE_BUILD = `import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
writeFileSync('built', process.argv.slice(2).join(' '));
mkdirSync('dist-node', { recursive: true });
copyFileSync(${JSON.stringify(join(root, 'dist-node/subscribers.mjs'))}, 'dist-node/subscribers.mjs');
`;

test.before(async () => {
  p = await startTest();
  assert.is((await subscribe(p.origin, 'modal', { EMAIL: 'listed@example.com' })).data.result, 'success');
  dir = mkdtempSync(join(tmpdir(), 'npm-scripts-'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  writeFileSync(join(dir, 'build.mjs'), FAKE_BUILD);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'dist-node'));
  copyFileSync(join(root, 'dist-node/subscribers.mjs'), join(dir, 'dist-node/subscribers.mjs'));
  // Through a link, main.mjs finds its real folder (dist/, content/) as `npm start` in the project would.
  symlinkSync(join(root, 'dist-node/main.mjs'), join(dir, 'dist-node/main.mjs'));
});
test.after(async () => {
  await p.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run -s <args>` in the copy, with the store of this pass; resolves once it exits. */
const npm = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn('npm', ['run', '-s', ...args], {
      cwd: dir,
      env: { ...process.env, ...p.place.env, npm_config_update_notifier: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => done({ code, out }));
  });

test('npm run subscribers lists the store without building when dist-node has it, and builds when not', async () => {
  const listed = await npm(['subscribers', '--', '--csv']);
  assert.is(listed.code, 0, listed.out);
  assert.match(listed.out, /^email,status,list/m);
  assert.match(listed.out, /listed@example\.com/);
  assert.not.ok(existsSync(join(dir, 'built')), 'build.mjs ran under a live server');
  rmSync(join(dir, 'dist-node/subscribers.mjs'));
  const built = await npm(['subscribers']);
  assert.is(built.code, 0, built.out);
  assert.match(built.out, /listed@example\.com/);
  assert.is(readFileSync(join(dir, 'built'), 'utf8'), '--quiet', 'built once, as it was missing');
});

/** The pids of `pid`'s descendants (Linux /proc). */
const descendants = (pid: number): number[] => {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  const kids = readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  return kids.flatMap((k) => [k, ...descendants(k)]);
};

test('SIGTERM to npm start stops the provider it started', async () => {
  const child = spawn('npm', ['start', '-s'], {
    cwd: dir,
    env: { ...process.env, ...p.place.env, PORT: '0', npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise((r) => child.on('exit', r));
  let pids: number[] = [];
  try {
    for (
      const end = Date.now() + 20_000;
      !/listening on http:\/\/\S+/.test(out);
      await new Promise((r) => setTimeout(r, 20))
    )
      if (Date.now() > end) assert.unreachable(`not listening: ${out}`);
    const origin = (/listening on (http:\/\/\S+)/.exec(out) as RegExpExecArray)[1];
    assert.is((await request(origin, '/mailbox')).status, 200);
    pids = descendants(child.pid as number);
    assert.ok(pids.length > 0);
    child.kill('SIGTERM');
    await exit;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(pids.filter(alive), [], `still running after npm stopped: ${out}`);
    await request(origin, '/mailbox').then(
      () => assert.unreachable('the provider still answers'),
      (e: NodeJS.ErrnoException) => assert.is(e.code, 'ECONNREFUSED'),
    );
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});

test.run();
