/**
 * The embed's long tasks as a visitor's browser runs them (issue 12.2), beside the Playwright runs of
 * bench/page-cost.ts. Playwright enables the Runtime domain and adds its own script world to every frame, so each new
 * frame gets two script contexts (the page's and Playwright's) and DevTools' context notifications the moment it is
 * made: in the popup's frame-creation task, `LocalWindowProxy::Initialize` ran twice (4-15 ms at 4x CPU) where a
 * visitor's browser runs it once, for the page's context, and never makes Playwright's (the bare runs' traces show the
 * page's context made in that same task here too, when the frame is appended, not when script first touches it).
 * Here Chromium is driven over a bare DevTools pipe with only what the figure needs: CPU and network emulation, the
 * page's load and network events, one trace, input events. No Runtime domain and no init script; script runs in the
 * page's top frame only (bench/bare-cases.ts says when).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/browser/harness';
import { EXTRA_CATEGORIES, type TraceEvent } from './page-cost';

/** The categories page-cost.ts traces (its long tasks and frames are read the same way), and TRACE_CATS's. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', ...EXTRA_CATEGORIES];

/** A call's parameters or answer. */
export type Params = Record<string, unknown>;
/** One protocol message: an answer to a call (id) or an event (method), of the browser or of a session. */
export interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
}

/** Chromium on a DevTools pipe (fd 3 in, fd 4 out, messages ended by NUL). */
export class BareChromium {
  private next = 1;
  private calls = new Map<number, { ok: (r: Params) => void; no: (e: Error) => void }>();
  private listeners = new Set<(m: Message) => void>();
  /** Settles when Chromium has exited: every call still waiting fails then. */
  private exited: Promise<void>;
  private constructor(
    private child: ChildProcess,
    private profile: string,
  ) {
    this.exited = new Promise<void>((r) =>
      child.on('exit', (code, signal) => {
        for (const c of this.calls.values()) c.no(Error(`Chromium exited (${code ?? signal})`));
        this.calls.clear();
        r();
      }),
    );
    child.on('error', (e) => process.stderr.write(`bare-cdp: ${e.message}\n`));
    const out = child.stdio[4] as Readable;
    // Decoded by the stream: a character split between two chunks stays whole.
    out.setEncoding('utf8');
    let buf = '';
    out.on('data', (d: string) => {
      buf += d;
      for (let i = buf.indexOf('\0'); i >= 0; i = buf.indexOf('\0')) {
        const text = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let m: Message;
        try {
          m = JSON.parse(text) as Message;
        } catch {
          process.stderr.write(`bare-cdp: not a protocol message: ${text.slice(0, 200)}\n`);
          continue;
        }
        const call = m.id === undefined ? undefined : this.calls.get(m.id);
        if (call) {
          this.calls.delete(m.id!);
          if (m.error) call.no(Error(m.error.message));
          else call.ok(m.result || {});
        } else for (const l of this.listeners) l(m);
      }
    });
  }

  /** Starts headless Chromium with the flags this machine needs and a throw-away profile. */
  static start(): BareChromium {
    const profile = mkdtempSync(join(tmpdir(), 'bare-cdp-'));
    const child = spawn(
      process.env.CHROME_PATH || CHROMIUM,
      ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new BareChromium(child, profile);
  }

  /** Calls `method` on the browser, or on a page's session; fails after 60 s or when Chromium exits. */
  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.next++;
    return new Promise((ok, no) => {
      const t = setTimeout(() => {
        this.calls.delete(id);
        no(Error(`${method}: no answer within 60 s`));
      }, 60000);
      const done =
        <T>(f: (v: T) => void) =>
        (v: T) => {
          clearTimeout(t);
          f(v);
        };
      this.calls.set(id, { ok: done(ok), no: done(no) });
      (this.child.stdio[3] as Writable).write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  }

  /** Resolves with the first event `method` (of `sessionId`, when given) that `when` accepts; rejects after `ms`. */
  once(method: string, sessionId: string | undefined, ms: number, when: (p: Params) => boolean = () => true) {
    return new Promise<Params>((ok, no) => {
      const t = setTimeout(() => {
        this.listeners.delete(l);
        no(Error(`no ${method} within ${ms} ms`));
      }, ms);
      const l = (m: Message) => {
        if (m.method === method && (!sessionId || m.sessionId === sessionId) && when(m.params || {})) {
          clearTimeout(t);
          this.listeners.delete(l);
          ok(m.params || {});
        }
      };
      this.listeners.add(l);
    });
  }

  /** Hears every event (of the browser and of every session). */
  listen(l: (m: Message) => void): void {
    this.listeners.add(l);
  }

  unlisten(l: (m: Message) => void): void {
    this.listeners.delete(l);
  }

  /** Collects a trace while `during` runs. */
  async trace(during: () => Promise<void>): Promise<TraceEvent[]> {
    const events: TraceEvent[] = [];
    const l = (m: Message) => {
      if (m.method === 'Tracing.dataCollected') events.push(...((m.params!.value as TraceEvent[]) || []));
    };
    this.listeners.add(l);
    try {
      await this.send('Tracing.start', {
        traceConfig: { includedCategories: CATEGORIES },
        transferMode: 'ReportEvents',
      });
      try {
        await during();
      } finally {
        const complete = this.once('Tracing.tracingComplete', undefined, 60000);
        await this.send('Tracing.end');
        await complete;
      }
    } finally {
      this.listeners.delete(l);
    }
    return events;
  }

  /** Stops Chromium and removes its profile. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    // A Chromium that does not go within 10 s is killed.
    const t = setTimeout(() => this.child.kill('SIGKILL'), 10000);
    await this.exited;
    clearTimeout(t);
    // Chromium's helper processes can still be writing to the profile when the browser has exited (ENOTEMPTY, as in
    // bench/lighthouse.ts): left behind with a line, never the measurement's failure.
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      process.stderr.write(`bare-cdp: profile ${this.profile} left behind: ${(e as Error).message}\n`);
    }
  }
}
