/**
 * The built provider run as a process of its own, as a site owner runs it (`npm start` is dist-node/main.mjs, `npm run
 * subscribers` dist-node/subscribers.mjs): what only a real process shows, its banner, its exit code, its signals and
 * its worker processes. Every test that spawns one reads its output the same way, so that way lives here once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import * as assert from 'uvu/assert';
import { callQuery, form, parseJsonp } from './helpers';

/** The project, resolved at load: test/run.mjs runs every test file from it, and a test may run a script elsewhere. */
const ROOT = resolve('.');

/**
 * What main.mjs prints once it serves: the `listening on …` line, then the banner's lines down to its `Ctrl-C` hint.
 * Waiting for the hint, not the first line, lets a test read the whole banner (database, processes, warnings).
 */
const BANNER = /listening on .*\n(?:.*\n)*.*Ctrl-C/;

/** Whether process `pid` is alive (signal 0 only asks; it throws once the process is gone). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** What a run of a built script printed (stdout and stderr, interleaved as they came) and its exit code. */
export interface MainRun {
  code: number | null;
  out: string;
}

/**
 * Runs dist-node/`script` with `env` over this process's environment until it exits, or until it prints its banner
 * (then SIGTERMs it and waits for that exit): a script that refuses to start exits by itself, one that starts would
 * serve forever. `env` is the whole difference from process.env, so each caller passes its own blanks ('' for the
 * settings a developer's shell may hold). `cwd` is where it runs (default: this process's), `args` its arguments.
 */
export const runMain = (
  script: string,
  env: Record<string, string>,
  o: { cwd?: string; args?: string[] } = {},
): Promise<MainRun> =>
  new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist-node', script), ...(o.args || [])], {
      cwd: o.cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stopped = false;
    const read = (d: Buffer) => {
      out += d;
      // Once: a second SIGTERM (for the workers' lines after the banner) is the forcing one, and exits 1.
      if (!stopped && BANNER.test(out)) {
        stopped = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => done({ code, out }));
  });

/** A running dist-node/main.mjs, for a test that acts on it (its workers, its signals) while it serves. */
export interface RunningMain {
  child: ChildProcess;
  /** All it has printed so far, stdout and stderr interleaved. */
  out(): string;
  /**
   * Waits until its output matches `re` and returns that match; fails the test with `what` and the output after
   * `ms` (default 20 s). The whole output is searched, so a line already printed counts.
   */
  until(re: RegExp, what: string, ms?: number): Promise<RegExpExecArray>;
  /** Its exit code (null when a signal ended it). */
  exit: Promise<number | null>;
}

/**
 * Starts dist-node/main.mjs with `env` over this process's environment and returns at once. The caller stops it
 * (SIGTERM, and SIGKILL in a finally, with any worker pids it read) whatever the test's outcome.
 */
export function startMain(env: Record<string, string>): RunningMain {
  const child = spawn(process.execPath, [join(ROOT, 'dist-node/main.mjs')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  // Polled, not event-driven: a pattern may span several chunks (a regex over the whole output sees them joined).
  const until = async (re: RegExp, what: string, ms = 20_000) => {
    for (const end = Date.now() + ms; !re.test(out); await new Promise((r) => setTimeout(r, 20)))
      if (Date.now() > end) assert.unreachable(`${what}, in: ${out}`);
    return re.exec(out) as RegExpExecArray;
  };
  return { child, out: () => out, until, exit };
}

/**
 * Subscribes `email` through demo form `modal` at `origin` over a connection of its own (no agent): workers share
 * one port, and a kept-alive connection would stay with the worker that accepted it, so a fresh one may reach any.
 * Resolves to the parsed JSONP answer; rejects on anything else (an HTTP error's text, a refused connection), and
 * when no answer came within `timeoutMs` (default 30 s), so that a provider that hangs fails a test, never stalls it.
 */
export const subscribeFresh = (origin: string, email: string, timeoutMs = 30_000): Promise<Record<string, unknown>> =>
  new Promise((done, reject) => {
    const q = callQuery(form('modal'), { popup: 'true', EMAIL: email });
    const req = request(`${origin}/subscribe/form-post-json?${q}`, { agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        try {
          done(parseJsonp(body));
        } catch {
          reject(Error(`HTTP ${res.statusCode} ${body.slice(0, 80)}`));
        }
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
