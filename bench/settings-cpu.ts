/**
 * CPU cost of one form-settings request inside the provider (issue 8 load target), without the network: the
 * provider's request listener is called in-process with Node's own IncomingMessage and ServerResponse over a socket
 * that discards what is written, so the figure is what our code and Node's HTTP response path cost per request,
 * request log included. It moves much less with other work on the machine than autocannon's requests per second do,
 * so it is the figure to compare before and after a change to that path (bench/load.ts has the whole-server run).
 *
 *   node bench/tsrun.mjs bench/settings-cpu.ts [requests=200000] [rounds=5] [requests a turn=10]
 */
import { writeSync, openSync, mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { createBlogRoute } from '../src/blog/server/routes';
import { startProvider } from '../src/server/app';
import { DEMO_UUID, demoForm } from '../src/server/seed/forms';

/** A socket that takes whatever is written and drops it, counting bytes as a net.Socket does. */
class SinkSocket extends Duplex {
  bytesWritten = 0;
  remoteAddress = '127.0.0.1';
  constructor() {
    // Strings reach _writev as strings, as they reach a net.Socket's (no conversion a real socket does not make).
    super({ decodeStrings: false });
  }
  override _read(): void {}
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.bytesWritten += chunk.length;
    cb();
  }
  override _writev(chunks: { chunk: Buffer | string }[], cb: () => void): void {
    for (const c of chunks) this.bytesWritten += c.chunk.length;
    cb();
  }
  setTimeout(): this {
    return this;
  }
}

const requests = Number(process.argv[2]) || 200_000;
const rounds = Number(process.argv[3]) || 5;
const batch = Number(process.argv[4]) || 10;
const dir = mkdtempSync(join(tmpdir(), 'settings-cpu-'));
const devNull = openSync('/dev/null', 'w');
const p = await startProvider({
  dbPath: join(dir, 'bench.sqlite'),
  distDir: 'dist',
  // As npm start runs it: the blog's route first, the request log on (written to /dev/null).
  routes: [createBlogRoute({ contentDir: 'content', distDir: 'dist' })],
  logWrite: (chunk) => void writeSync(devNull, chunk),
  rateLimit: false,
});
const listener = p.server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
const f = demoForm('modal')!;
const url = `/subscribe/form-settings?${new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, c: 'cb' })}`;
/** One socket per request of a turn, as each connection has its own. */
const sockets = Array.from({ length: batch }, () => new SinkSocket());

/** One request through the listener over `socket`; resolves when the response has finished. */
const one = (sink: SinkSocket): Promise<void> =>
  new Promise((resolve) => {
    const socket = sink as unknown as Socket;
    const req = new IncomingMessage(socket);
    req.method = 'GET';
    req.url = url;
    req.httpVersionMajor = req.httpVersionMinor = 1;
    req.headers = { host: p.host };
    const res = new ServerResponse(req);
    res.shouldKeepAlive = true;
    res.assignSocket(socket);
    res.on('finish', () => {
      res.detachSocket(socket);
      resolve();
    });
    listener(req, res);
  });

/**
 * `n` requests in turns of `batch`: each turn starts its batch together and yields to the event loop when they are
 * answered, as a poll phase reads the requests of several connections together (the provider reads the forms
 * revision once per turn, src/server/db/forms.ts).
 */
const run = async (n: number): Promise<void> => {
  for (let done = 0; done < n; done += batch) {
    await Promise.all(sockets.slice(0, Math.min(batch, n - done)).map(one));
    await new Promise((r) => setImmediate(r));
  }
};

const first = sockets[0].bytesWritten;
await one(sockets[0]);
const bytes = sockets[0].bytesWritten - first;
await run(20_000);
const figures: number[] = [];
for (let r = 0; r < rounds; r++) {
  const c0 = process.cpuUsage();
  await run(requests);
  const c = process.cpuUsage(c0);
  figures.push((c.user + c.system) / requests);
}
figures.sort((a, b) => a - b);
console.log(
  `form-settings in-process, ${bytes} bytes a response, ${batch} requests a turn: ` +
    `CPU µs/request over ${rounds} rounds of ${requests}: ` +
    `median ${figures[Math.floor(rounds / 2)].toFixed(2)}, min ${figures[0].toFixed(2)}, ` +
    `max ${figures[rounds - 1].toFixed(2)}`,
);
await p.close();
rmSync(dir, { recursive: true, force: true });
