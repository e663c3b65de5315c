/**
 * The pieces of the form-settings path made cheap for issue 8's load target, held to what they did before: the forms
 * cache sees every change, the request log's plain-path shortcut logs what the full masking would, the cached answer's
 * Content-Length counts bytes, and the callback is checked first whatever else is repeated.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findForm } from '../../src/server/db/forms';
import { openDb } from '../../src/server/db/open';
import { logPath } from '../../src/server/http/log';
import { openStore } from '../../src/server/store/open';
import type { Queryable } from '../../src/server/store/types';
import { callQuery, DEMO_UUID, form, freshTarget, parseJsonp, request, startTest, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const nextTurn = () => new Promise((r) => setImmediate(r));

test(`forms cache: a write through the store shows at once, \
one from another connection from the next turn`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'forms-cache-'));
  const place = await freshTarget(dir, 'p.sqlite');
  const db = await openDb(place.target);
  const other = await openStore(place.target);
  try {
    const f = form('template-3');
    const msg = async () => (await findForm(db, DEMO_UUID, f.lid, f.fId))?.settings.successMsg;
    const edit = async (q: Queryable, text: string) => {
      const row = await q.get<{ settings: string }>('SELECT settings FROM forms WHERE list_id = ? AND f_id = ?', [
        f.lid,
        f.fId,
      ]);
      const settings = { ...(JSON.parse(row!.settings) as Record<string, unknown>), successMsg: text };
      await q.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [
        JSON.stringify(settings),
        f.lid,
        f.fId,
      ]);
    };
    assert.is(await msg(), f.settings.successMsg);
    // Through the same store: its write count moved, so the revision is read again at once.
    const writes = db.writes;
    await edit(db, 'Own edit');
    assert.ok(db.writes > writes);
    assert.is(await msg(), 'Own edit');
    assert.is(
      await findForm(db, DEMO_UUID, f.lid, f.fId),
      await findForm(db, DEMO_UUID, f.lid, f.fId),
      'kept while nothing changes',
    );
    // Another connection (a second process, an owner's shell): seen once the turn it committed in has ended.
    await edit(other, 'Other edit');
    await nextTurn();
    assert.is(await msg(), 'Other edit');
    await other.run('DELETE FROM forms WHERE list_id = ? AND f_id = ?', [f.lid, f.fId]);
    await nextTurn();
    assert.is(await findForm(db, DEMO_UUID, f.lid, f.fId), null);
    // Ids whose characters could blur a joined key still find only their own form.
    const m = form('modal');
    assert.ok(await findForm(db, DEMO_UUID, m.lid, m.fId));
    assert.is(await findForm(db, `${DEMO_UUID}${m.lid.length}:${m.lid}`, '', m.fId), null);
    assert.is(await findForm(db, DEMO_UUID.slice(0, 5), DEMO_UUID.slice(5) + m.lid, m.fId), null);
  } finally {
    await other.close();
    await db.close();
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('log paths: plain ones as they are, anything else through the masking', () => {
  const cases: [string, string][] = [
    ['/subscribe/form-settings?u=1&c=cb', '/subscribe/form-settings'],
    ['/js/signup-forms/popup/1.0/popup.js', '/js/signup-forms/popup/1.0/popup.js'],
    ["/posts/a-b_c~d!$&'()*+,;=:", "/posts/a-b_c~d!$&'()*+,;=:"],
    ['/a#frag?x', '/a'],
    ['/a?x#frag', '/a'],
    ['', '/'],
    ['?only=query', '/'],
    ['/mail/someone@example.com/x', '/mail/[address]/x'],
    ['/mail/someone%40example.com', '/mail/[address]'],
    ['/mail/SOMEONE%40EXAMPLE.COM/y?z', '/mail/[address]/y'],
    ['/bad%zz@x/y', '/[address]/y'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/tab\there', '/tabhere'],
    ['/sp ace\u007f\u0000', '/space'],
    ['/' + 'x'.repeat(300), '/' + 'x'.repeat(199)],
  ];
  for (const [raw, want] of cases) assert.is(logPath(raw), want, JSON.stringify(raw));
});

test(`a cached settings answer with non-ASCII text: Content-Length counts bytes, \
HEAD sends the same length`, async () => {
  const f = form('template-5');
  const settings = { ...f.settings, successMsg: 'Grüße, 登録ありがとう 🎉' };
  await p.store.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [
    JSON.stringify(settings),
    f.lid,
    f.fId,
  ]);
  for (const cb of ['cb', 'window.__mcsf.cb_1']) {
    const get = await request(p.origin, `/subscribe/form-settings?${callQuery(f, {}, cb)}`);
    assert.is(Number(get.headers['content-length']), get.body.length);
    assert.is(parseJsonp(get.text, cb).successMsg, settings.successMsg);
    const head = await request(p.origin, `/subscribe/form-settings?${callQuery(f, {}, cb)}`, { method: 'HEAD' });
    assert.is(head.headers['content-length'], get.headers['content-length']);
    assert.is(head.body.length, 0);
  }
});

test('the callback is checked first even when another parameter is repeated before it', async () => {
  const f = form('modal');
  const rep = `u=${DEMO_UUID}&u=x&id=${f.lid}&f_id=${f.fId}`;
  for (const path of ['form-settings', 'is-email-subscribed', 'form-post-json']) {
    assert.is((await request(p.origin, `/subscribe/${path}?${rep}&c=a&c=b`)).status, 400, path);
    assert.is(
      (await request(p.origin, `/subscribe/${path}?${rep}&c=${encodeURIComponent('alert(1)//')}`)).status,
      400,
      path,
    );
    assert.is((await request(p.origin, `/subscribe/${path}?${rep}`)).status, 400, path);
    const ok = await request(p.origin, `/subscribe/${path}?${rep}&c=cb`);
    assert.is(ok.status, 200, path);
    parseJsonp(ok.text);
  }
});

test.run();
