import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toNumbered } from '../../src/server/store/placeholders';
import { counterKey } from '../../src/server/db/counters';
import { redact } from '../../src/server/store/postgres';

test('toNumbered: ? outside quotes and comments becomes $1, $2 … in order', () => {
  const cases: [string, string][] = [
    ['SELECT 1', 'SELECT 1'],
    ['SELECT * FROM t WHERE a = ?', 'SELECT * FROM t WHERE a = $1'],
    ['INSERT INTO t (a, b, c) VALUES (?, ?, ?)', 'INSERT INTO t (a, b, c) VALUES ($1, $2, $3)'],
    ["SELECT '?' , ? FROM t", "SELECT '?' , $1 FROM t"],
    ["SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"],
    ['SELECT "odd?name" FROM t WHERE x = ?', 'SELECT "odd?name" FROM t WHERE x = $1'],
    ['SELECT ? -- why? because\n, ?', 'SELECT $1 -- why? because\n, $2'],
    ['SELECT a - ? FROM t', 'SELECT a - $1 FROM t'],
    [
      "UPDATE t SET s = CASE WHEN ? = 'x' THEN ? ELSE s END WHERE id = ?",
      "UPDATE t SET s = CASE WHEN $1 = 'x' THEN $2 ELSE s END WHERE id = $3",
    ],
    ["SELECT 'unterminated ?", "SELECT 'unterminated ?"],
    ['SELECT ? -- last line ?', 'SELECT $1 -- last line ?'],
  ];
  for (const [sql, want] of cases) assert.is(toNumbered(sql), want, sql);
  // Kept: the same text twice is the same answer.
  assert.is(toNumbered(cases[2][0]), cases[2][1]);
});

test('counterKey: a fixed-length hash, apart by name and key, never the key itself', () => {
  const cases: [string, string][] = [
    ['submit-address', 'e:someone@example.com'],
    ['submit-client', '203.0.113.7'],
    ['submit-client', '2001:db8:0:1::/64'],
    ['a', 'bc'],
    ['ab', 'c'],
    ['', 'abc'],
  ];
  const keys = cases.map(([n, k]) => counterKey(n, k));
  assert.is(new Set(keys).size, cases.length, 'no two alike');
  for (const [i, k] of keys.entries()) {
    assert.match(k, /^[\w-]{32}$/);
    if (cases[i][1].length > 3) assert.not.ok(k.includes(cases[i][1]), k);
    assert.is(counterKey(...cases[i]), k, 'stable');
  }
});

test('redact: the banner shows where the database is, never who connects or with what password', () => {
  const cases: [string, string][] = [
    ['postgres://user:secret@db.example:5432/signup', 'postgres://db.example:5432/signup'],
    ['postgresql://user@localhost/signup?host=/run/postgresql', 'postgresql://localhost/signup?host=/run/postgresql'],
    ['postgres://u@/db?host=/tmp/s&port=5', 'postgres:///db?host=/tmp/s&port=5'],
    ['postgres://db.example/x?password=secret', 'postgres://db.example/x'],
    ['postgres://db.example/x?user=u&password=secret&port=1', 'postgres://db.example/x?user=u&port=1'],
    ['postgres://db.example/x?sslmode=require', 'postgres://db.example/x?sslmode=require'],
  ];
  for (const [url, want] of cases) {
    assert.is(redact(url), want, url);
    assert.not.match(redact(url), /secret|@/);
  }
});

test.run();
