/**
 * The store's outage lines (issue 32 item 4, src/server/store/availability.ts): which errors are an unreachable
 * store, and one line per change of state, whatever the number of statements that fail or work meanwhile.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Availability, StoreUnavailable, unavailable, unreachable } from '../../src/server/store/availability';

const err = (message: string, code?: string) => Object.assign(Error(message), code ? { code } : {});

test('unreachable: a server gone, going, full or refusing; not a statement that is wrong', () => {
  for (const e of [
    err('terminating connection due to administrator command', '57P01'),
    err('the database system is starting up', '57P03'),
    err('sorry, too many clients already', '53300'),
    err('connection failure', '08006'),
    err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    err('connect ENOENT /run/postgresql/.s.PGSQL.5432', 'ENOENT'),
    err('Connection terminated unexpectedly'),
    err('timeout exceeded when trying to connect'),
    err('Client has encountered a connection error and is not queryable'),
  ])
    assert.ok(unreachable(e, 'postgres'), e.message);
  for (const e of [
    err('duplicate key value violates unique constraint', '23505'),
    err('could not serialize access', '40001'),
    err('syntax error at or near "SELEC"', '42601'),
    err('Cannot use a pool after calling end on the pool'),
  ])
    assert.not.ok(unreachable(e, 'postgres'), e.message);
  assert.ok(unreachable(err('database is locked', 'SQLITE_BUSY'), 'sqlite'));
  assert.ok(unreachable(err('disk I/O error', 'SQLITE_IOERR_WRITE'), 'sqlite'));
  assert.not.ok(unreachable(err('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'), 'sqlite'));
  // A socket's code means nothing from SQLite.
  assert.not.ok(unreachable(err('x', 'ECONNREFUSED'), 'sqlite'));
});

test('unavailable: the first line of the driver message, its code kept; an AggregateError by its code', () => {
  const u = unavailable(err('terminating connection due to administrator command\nDETAIL: x', '57P01'));
  assert.is(u.reason, 'terminating connection due to administrator command');
  assert.is(u.code, '57P01');
  assert.is(unavailable(u), u);
  const agg = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
  assert.is(unavailable(agg).reason, 'ECONNREFUSED');
});

test('one line when the store goes, one when it is back; a statement begun before the outage proves nothing', () => {
  const lines: string[] = [];
  const a = new Availability((l) => lines.push(l));
  const down = new StoreUnavailable('connect ECONNREFUSED', null);
  const before = a.epoch;
  for (let i = 0; i < 100; i++) a.failed(down, true);
  assert.is(lines.length, 1);
  assert.match(lines[0], /store unavailable: connect ECONNREFUSED$/);
  a.worked(before, true);
  assert.is(lines.length, 1, 'a statement begun before the failure');
  const during = a.epoch;
  a.worked(during, false);
  assert.is(lines.length, 1, 'a read does not end an outage a write began');
  a.worked(during, true);
  a.worked(during, true);
  assert.is(lines.length, 2);
  assert.match(lines[1], /store available again \(unavailable for \d+\.\d s\)$/);
  a.failed(down, false);
  a.worked(a.epoch, false);
  assert.is(lines.length, 4, 'a read ends an outage only reads saw');
});

test.run();
