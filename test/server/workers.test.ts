/**
 * PROVIDER_WORKERS=N (issue 15 item 3): `npm start` (dist-node/main.mjs) as a primary and N provider processes on one
 * port and one store. The banner names the processes; subscribes through the port land in the store; a worker killed
 * with SIGKILL is replaced while the others keep answering; SIGTERM stops every process and exits 0. The start
 * warnings are the primary's, printed once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listSubscribers } from '../../src/server/db/subscribers';
import { openStore } from '../../src/server/store/open';
import { form, freshTarget, type TestTarget } from './helpers';
import { alive, runMain, startMain, subscribeFresh as subscribe } from './processes';

let dir = '';
let place: TestTarget;
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'workers-'));
  place = await freshTarget(dir);
});
test.after(async () => {
  await place?.drop();
  rmSync(dir, { recursive: true, force: true });
});

test('two workers on one port and one store; one killed is replaced; SIGTERM stops all, exit 0', async () => {
  const { child, out, until, exit } = startMain({
    ...place.env,
    PORT: '0',
    PROVIDER_WORKERS: '2',
    PROVIDER_RATE_LIMIT: 'off',
  });
  let pids: number[] = [];
  try {
    const origin = (await until(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 'no address'))[1];
    pids = (await until(/Processes +2 \(pids (\d+) (\d+)\)/, 'no process list')).slice(1).map(Number);
    assert.is(new Set(pids).size, 2);
    assert.ok(pids.every(alive) && !pids.includes(child.pid as number));
    for (let i = 0; i < 6; i++) assert.is((await subscribe(origin, `w.${i}@example.com`)).result, 'success');
    process.kill(pids[0], 'SIGKILL');
    const next = Number((await until(/provider process (\d+) replaces it/, 'no replacement'))[1]);
    assert.ok(alive(next) && !pids.includes(next));
    for (let i = 6; i < 12; i++) assert.is((await subscribe(origin, `w.${i}@example.com`)).result, 'success');
    child.kill('SIGTERM');
    assert.is(await exit, 0, out());
    await new Promise((r) => setTimeout(r, 100));
    assert.not.ok([pids[1], next].some(alive), 'a worker outlived the primary');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  const store = await openStore(place.target);
  try {
    const emails = (await listSubscribers(store, form('modal').lid)).map((r) => r.email);
    assert.equal(emails.sort(), Array.from({ length: 12 }, (_, i) => `w.${i}@example.com`).sort());
  } finally {
    await store.close();
  }
});

test('with two workers beyond loopback, the demo warning is printed once, by the primary (issue 32)', async () => {
  const { code, out } = await runMain('main.mjs', {
    ...place.env,
    PORT: '0',
    HOST: '0.0.0.0',
    PROVIDER_WORKERS: '2',
    PROVIDER_MODE: '',
  });
  assert.is(code, 0, out);
  assert.match(out, /Processes +2 \(pids \d+ \d+\)/);
  assert.is(out.match(/DEMO MODE listening on 0\.0\.0\.0:\d+/g)?.length, 1, out);
});

test.run();
