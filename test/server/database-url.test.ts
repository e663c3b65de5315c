/**
 * DATABASE_URL is PostgreSQL's or nothing: a value that is not a postgres:// or postgresql:// URL (a typo such as
 * postgress://, another database's URL, a bare word) is refused by `npm start` (dist-node/main.mjs), by
 * `npm run subscribers` and by startProvider, with a message that quotes its scheme at most, never its password. It
 * was opened as a SQLite file of that name, and the banner printed it, password and all. A PostgreSQL URL's password
 * is never printed either.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProvider } from '../../src/server/app';
import { redactSecrets } from '../../src/server/store/open';
import { freshTarget, PG_URL } from './helpers';
import { runMain } from './processes';

const SECRET = 'hunter2-not-to-be-printed';
const BAD = [
  `postgress://owner:${SECRET}@db.example/signup`,
  `mysql://owner:${SECRET}@db.example/signup`,
  SECRET,
  'data/provider.sqlite',
];

let dir = '';
test.before(() => {
  dir = mkdtempSync(join(tmpdir(), 'database-url-'));
});
test.after(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs dist-node/`script` from the empty folder `dir` (where a file store would land) with `env` and `args` until it
 * exits or prints its address (then stops it).
 */
const run = (script: string, env: Record<string, string>, args: string[] = []) =>
  runMain(script, { PORT: '0', PROVIDER_DB: '', DATABASE_URL: '', PROVIDER_MODE: '', ...env }, { cwd: dir, args });

test('npm start refuses a DATABASE_URL that is not PostgreSQL, quoting no password, creating nothing', async () => {
  for (const url of BAD) {
    const r = await run('main.mjs', { DATABASE_URL: url });
    assert.is(r.code, 2, `${url}: ${r.out}`);
    assert.match(r.out, /DATABASE_URL must be a PostgreSQL URL starting with postgres:\/\/ or postgresql:\/\//);
    assert.not.match(r.out, /listening on/);
    assert.not.ok(r.out.includes(SECRET), r.out);
    assert.equal(readdirSync(dir), [], 'no file store was made of it');
  }
  assert.match((await run('main.mjs', { DATABASE_URL: BAD[0] })).out, /not postgress:…/);
});

test('npm run subscribers refuses the same, from DATABASE_URL or --db', async () => {
  for (const url of BAD) {
    const r = await run('subscribers.mjs', { DATABASE_URL: url });
    assert.is(r.code, 2, `${url}: ${r.out}`);
    assert.match(r.out, /DATABASE_URL must be a PostgreSQL URL/);
    assert.not.ok(r.out.includes(SECRET), r.out);
  }
  const r = await run('subscribers.mjs', {}, ['--db', BAD[1]]);
  assert.is(r.code, 2, r.out);
  assert.match(r.out, /--db must be a PostgreSQL URL/);
  assert.not.ok(r.out.includes(SECRET), r.out);
  assert.equal(readdirSync(dir), []);
});

test('startProvider refuses a databaseUrl that is not PostgreSQL', async () => {
  for (const url of BAD) {
    const err = await startProvider({ databaseUrl: url, distDir: dir, quiet: true }).then(
      (p) => p.close().then(() => null),
      (e: Error) => e,
    );
    assert.ok(err, url);
    assert.match(err!.message, /DATABASE_URL must be a PostgreSQL URL/);
    assert.not.ok(err!.message.includes(SECRET));
  }
  assert.equal(readdirSync(dir), []);
});

test(`a store that cannot be opened at start is named by its setting, without the password: npm start, \
its workers, npm run subscribers`, async () => {
  // Nothing listens on port 1: the connection is refused at once.
  const down = `postgres://owner:${SECRET}@127.0.0.1:1/signup`;
  const want = /^DATABASE_URL: cannot open postgres:\/\/127\.0\.0\.1:1\/signup: connect ECONNREFUSED 127\.0\.0\.1:1$/m;
  for (const [script, env] of [
    ['main.mjs', {}],
    ['main.mjs', { PROVIDER_WORKERS: '2' }],
    ['subscribers.mjs', {}],
  ] as const) {
    const r = await run(script, { DATABASE_URL: down, ...env });
    assert.is(r.code, 1, r.out);
    assert.match(r.out, want);
    assert.not.ok(r.out.includes(SECRET), r.out);
    assert.not.match(r.out, /listening on/);
  }
  // A SQLite file that cannot be opened (a folder has its name) is PROVIDER_DB's.
  const r = await run('main.mjs', { PROVIDER_DB: dir });
  assert.is(r.code, 1, r.out);
  assert.match(r.out, new RegExp(`^PROVIDER_DB: cannot open ${dir}: `, 'm'));
});

test('redactSecrets masks the password of any URL in a text', () => {
  const cases: [string, string][] = [
    ['connect to postgres://u:pw@h/db failed', 'connect to postgres://u:***@h/db failed'],
    ['mysql://u:pw@h/x and smtp://a%40b:p%3Aw@mail:587', 'mysql://u:***@h/x and smtp://a%40b:***@mail:587'],
    ['postgres://h/db?user=u&password=pw&port=1', 'postgres://h/db?user=u&password=***&port=1'],
    ['postgres://u@h/db', 'postgres://u@h/db'],
    ['no URL here', 'no URL here'],
  ];
  for (const [text, want] of cases) assert.is(redactSecrets(text), want, text);
});

(PG_URL ? test : test.skip)("the banner names a PostgreSQL store without the URL's password (server-pg)", async () => {
  const place = await freshTarget(dir);
  try {
    // The URL's own password, else one added (a trust-auth test cluster never asks for it), in both places it goes.
    const own = /^postgres(?:ql)?:\/\/[^:@/?]+:([^@/?]+)@/i.exec(place.target)?.[1];
    const secret = own || SECRET;
    const url = own ? place.target : place.target.replace(/^(postgres(?:ql)?:\/\/[^:@/?]+)@/i, `$1:${SECRET}@`);
    for (const u of [url, `${url}&password=${encodeURIComponent(secret)}`]) {
      const r = await run('main.mjs', { DATABASE_URL: u });
      assert.match(r.out, /listening on/, r.out);
      assert.match(r.out, /Database +postgres/);
      assert.not.ok(r.out.includes(secret), r.out);
    }
  } finally {
    await place.drop();
  }
});

test.run();
