/**
 * What the studio's saves are across processes and restarts (issue 33 item 3), on both stores: what is saved through
 * one provider is what the next form-settings call answers through another on the same store; two saves over one
 * revision through two providers at once end with exactly one stored; an owner's save outlives a restart (the seed
 * refreshes only forms never saved), and so does the deletion of a demo form.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { call, callQuery, form, freshTarget, type TestTarget } from './helpers';
import { api, formRow, obj } from './studio-helpers';

let dir = '';
let place: TestTarget;
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-stores-'));
  place = await freshTarget(join(dir, 'data'));
});
test.after(async () => {
  await place?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const start = (o: Partial<ProviderOptions> = {}) =>
  startProvider({ ...place.options, distDir: join(dir, 'dist'), quiet: true, rateLimit: false, ...o });

const settingsOf = async (p: Provider, key: string) =>
  (await call(p.origin, 'form-settings', callQuery(form(key)))).data;

test(`a save through one provider is what the next form-settings call answers through another on the same store; \
two saves over one revision at once: one stored, one told it is stale`, async () => {
  const a = await start();
  const b = await start();
  try {
    const f = form('template-2');
    // Both have the form cached before the save.
    for (const p of [a, b]) assert.is((await settingsOf(p, 'template-2')).successMsg, f.settings.successMsg);
    const put = (p: Provider, successMsg: string, rev: number) =>
      api(
        p.origin,
        'PUT',
        `forms/${f.lid}/${f.fId}`,
        { settings: { ...f.settings, successMsg } },
        {
          'If-Match': `"${rev}"`,
        },
      );
    assert.is((await put(a, 'Saved through A', 1)).status, 200);
    assert.is((await settingsOf(b, 'template-2')).successMsg, 'Saved through A');
    assert.is((await settingsOf(a, 'template-2')).successMsg, 'Saved through A');
    // B was opened on revision 1: told so, nothing stored.
    const stale = await put(b, 'Saved through B', 1);
    assert.is(stale.status, 412);
    assert.is(obj(obj(stale.json).current).revision, 2);
    // Two tabs, one on each process, saving over revision 2 at the same moment.
    const both = await Promise.all([put(a, 'Race A', 2), put(b, 'Race B', 2)]);
    assert.equal(both.map((r) => r.status).sort(), [200, 412], both.map((r) => r.text).join(' | '));
    const won = both[0].status === 200 ? 'Race A' : 'Race B';
    assert.is(JSON.parse(String((await formRow(a.store, f.lid, f.fId))?.settings)).successMsg, won);
    assert.is((await formRow(a.store, f.lid, f.fId))?.revision, 3);
    for (const p of [a, b]) assert.is((await settingsOf(p, 'template-2')).successMsg, won);
  } finally {
    await a.close();
    await b.close();
  }
});

test(`a restart keeps the owner's save and the owner's deletion of a demo form; a demo form never saved is \
refreshed from the code (a new revision)`, async () => {
  const first = await start();
  const modal = form('modal');
  const t1 = form('template-1');
  try {
    const saved = { ...modal.settings, successMsg: 'The owner wrote this' };
    const r = await api(
      first.origin,
      'PUT',
      `forms/${modal.lid}/${modal.fId}`,
      { settings: saved },
      {
        'If-Match': '"1"',
      },
    );
    assert.is(r.status, 200, r.text);
    const captcha = form('captcha');
    assert.is((await api(first.origin, 'DELETE', `forms/${captcha.lid}/${captcha.fId}`)).status, 204);
    // An older provider's seed left template-1 as it was then, never saved by the owner.
    await first.store.run('UPDATE forms SET settings = ? WHERE list_id = ? AND f_id = ?', [
      JSON.stringify({ ...t1.settings, successMsg: 'An old demo text' }),
      t1.lid,
      t1.fId,
    ]);
  } finally {
    await first.close();
  }
  const again = await start();
  try {
    assert.is((await settingsOf(again, 'modal')).successMsg, 'The owner wrote this');
    const row = await formRow(again.store, modal.lid, modal.fId);
    assert.equal([row?.revision, typeof row?.saved_at], [2, 'string']);
    assert.is((await settingsOf(again, 'captcha')).result, 'error', 'the deleted demo form stays deleted');
    assert.is((await settingsOf(again, 'template-1')).successMsg, t1.settings.successMsg);
    const refreshed = await formRow(again.store, t1.lid, t1.fId);
    assert.equal([refreshed?.saved_at, refreshed?.revision], [null, 2]);
  } finally {
    await again.close();
  }
});

test.run();
