/** The pieces of the form-settings path made cheap for issue 8's load target, held to what they did before. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findForm } from '../../src/server/db/forms';
import { openDb } from '../../src/server/db/open';
import { DEMO_UUID, form } from './helpers';

const nextTurn = () => new Promise((r) => setImmediate(r));

test('forms cache: a write through the connection shows at once, one from another connection from the next turn', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'forms-cache-'));
  const db = openDb(join(dir, 'p.sqlite'));
  const other = new Database(join(dir, 'p.sqlite'));
  try {
    const f = form('template-3');
    const msg = () => findForm(db, DEMO_UUID, f.lid, f.fId)?.settings.successMsg;
    const edit = (c: Database.Database, text: string) =>
      c.prepare("UPDATE forms SET settings = json_set(settings, '$.successMsg', ?) WHERE list_id = ? AND f_id = ?").run(text, f.lid, f.fId);
    assert.is(msg(), f.settings.successMsg);
    // The same connection, the same turn: total_changes() moved, so the revision is read again.
    edit(db, 'Own edit');
    assert.is(msg(), 'Own edit');
    assert.is(findForm(db, DEMO_UUID, f.lid, f.fId), findForm(db, DEMO_UUID, f.lid, f.fId), 'kept while nothing changes');
    // Another connection (a second process, an owner's shell): seen once the turn it committed in has ended.
    edit(other, 'Other edit');
    await nextTurn();
    assert.is(msg(), 'Other edit');
    other.prepare('DELETE FROM forms WHERE list_id = ? AND f_id = ?').run(f.lid, f.fId);
    await nextTurn();
    assert.is(findForm(db, DEMO_UUID, f.lid, f.fId), null);
    // Ids whose characters could blur a joined key still find only their own form.
    const m = form('modal');
    assert.ok(findForm(db, DEMO_UUID, m.lid, m.fId));
    assert.is(findForm(db, `${DEMO_UUID}${m.lid.length}:${m.lid}`, '', m.fId), null);
    assert.is(findForm(db, DEMO_UUID.slice(0, 5), DEMO_UUID.slice(5) + m.lid, m.fId), null);
  } finally {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
