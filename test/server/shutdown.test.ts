/**
 * Provider.close() (what SIGTERM runs, issue 8): new connections are refused, idle ones end, a request in flight is
 * answered with Connection: close, and only a client still sending its request after the request timeout is cut.
 * test/server/hardening-durability.test.ts does the same to the real process under a stream of subscribes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type Socket } from 'node:net';
import { callQuery, form, parseJsonp, startTest } from './helpers';

/** A raw connection that keeps what arrives and when the server ended it. */
const open = (port: number) => {
  const sock: Socket = connect(port, '127.0.0.1');
  const state = { data: '', error: null as string | null, closedAt: 0 };
  sock.setEncoding('utf8');
  sock.on('data', (d: string) => (state.data += d));
  sock.on('error', (e: NodeJS.ErrnoException) => (state.error = e.code || e.message));
  const closed = new Promise<void>((r) => sock.on('close', () => r(void (state.closedAt = performance.now()))));
  const connected = new Promise<void>((r, j) => {
    sock.once('connect', r);
    sock.once('error', j);
  });
  return { sock, state, closed, connected };
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `ok()` holds, failing after `ms`. */
const until = async (ok: () => boolean, what: string, ms = 2000) => {
  for (const end = performance.now() + ms; !ok(); await wait(5))
    if (performance.now() > end) assert.unreachable(`timed out: ${what}`);
};

test(`close(): refused at the door, idle ends, in-flight answered with Connection: close, \
a stalled client cut after the request timeout`, async () => {
  const t = await startTest({ timeouts: { headersMs: 300, requestMs: 900 } });
  const port = Number(new URL(t.origin).port);
  const head = `GET /subscribe/form-settings?${callQuery(form('modal'))} HTTP/1.1\r\nHost: ${t.host}\r\n`;
  try {
    // A keep-alive connection that has been answered once and is idle.
    const idle = open(port);
    idle.sock.write(`${head}\r\n`);
    await until(() => idle.state.data.includes('});'), 'the first answer');
    assert.match(idle.state.data, /\r\nConnection: keep-alive\r\n/i);
    // A request whose head is half sent, and one whose client stalls for good.
    const inflight = open(port);
    const stalled = open(port);
    await Promise.all([inflight.connected, stalled.connected]);
    inflight.sock.write(head);
    stalled.sock.write(head);
    await wait(50);

    const t0 = performance.now();
    const closing = t.close();
    await idle.closed;
    assert.ok(idle.state.closedAt - t0 < 200, 'the idle connection ends at once');
    const late = open(port);
    await late.connected.then(
      () => assert.unreachable('a connection after close() was accepted'),
      (e: NodeJS.ErrnoException) => assert.is(e.code, 'ECONNREFUSED'),
    );
    // Longer than Node's own head timeout (300 ms), which it stops enforcing once closed: still answered.
    await wait(400);
    inflight.sock.write('X-Late: 1\r\n\r\n');
    await inflight.closed;
    const [headers, body] = inflight.state.data.split('\r\n\r\n');
    assert.match(headers, /^HTTP\/1\.1 200 /);
    assert.match(headers, /\r\nConnection: close/i);
    assert.is(parseJsonp(body).modalVariation, 'modal');
    assert.is(Buffer.byteLength(body), Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1]));
    // The stalled client holds the close until the request timeout, then is cut; then the database closes.
    await closing;
    const took = performance.now() - t0;
    assert.ok(took >= 850 && took < 1800, `close() took ${took.toFixed(0)} ms for a 900 ms request timeout`);
    assert.is(stalled.state.data, '');
    assert.ok(t.store.closed, 'the store is closed');
  } finally {
    await t.cleanup();
  }
});

test(`close() closes the store only after every handler has finished, \
also one whose client hung up while it waited on the store`, async () => {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const seen: string[] = [];
  const t = await startTest({
    routes: [
      async (_req, res, url, ctx) => {
        if (url.pathname !== '/slow') return false;
        seen.push('started');
        await gate;
        // The client is gone by now; the handler's store work must still find the store open.
        const r = await ctx.store.get<{ ok: number }>('SELECT 1 AS ok');
        seen.push(`queried ${r?.ok}`);
        res.end('late');
        return true;
      },
    ],
  });
  try {
    const sock = open(Number(new URL(t.origin).port));
    await sock.connected;
    sock.sock.write(`GET /slow HTTP/1.1\r\nHost: ${t.host}\r\n\r\n`);
    await until(() => seen.length === 1, 'the handler started');
    sock.sock.destroy();
    await sock.closed;
    const closing = t.close();
    await wait(100);
    assert.not.ok(t.store.closed, 'the store is still open while a handler runs');
    release();
    await closing;
    assert.equal(seen, ['started', 'queried 1']);
    assert.ok(t.store.closed);
  } finally {
    release();
    await t.cleanup();
  }
});

test('close() with nothing open resolves at once', async () => {
  const t = await startTest();
  const t0 = performance.now();
  await t.close();
  assert.ok(performance.now() - t0 < 200);
  await t.cleanup();
});

test.run();
