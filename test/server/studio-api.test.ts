/**
 * The owner API (issue 33; STUDIO.md "Owner API") over real HTTP on a demo provider (SQLite, and PostgreSQL in the
 * server-pg pass): lists and forms made, read, saved over their revision, renamed, deleted; each refusal (404, 412,
 * 413, 415, 422, 428, 403) stores nothing; versions (the newest 20 kept) and their restore; the publish snippets.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KEEP_VERSIONS } from '../../src/server/db/versions';
import { call, DEMO_UUID, form, request, startTest, subscribe, type TestProvider } from './helpers';
import { api, formRow, keptRevisions, obj } from './studio-helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

const JSON_TYPE = 'application/json; charset=utf-8';

/** The form-settings answer of form `lid`/`fId` on provider `origin`. */
const settingsOf = async (lid: string, fId: string, origin = p.origin) =>
  (await call(origin, 'form-settings', new URLSearchParams({ u: DEMO_UUID, id: lid, f_id: fId, c: 'cb' }).toString()))
    .data;

/** Makes a list and a form on it from the modal starter; answers their ids and the form as read. */
const newForm = async (title = 'Spring sale') => {
  const list = await api(p.origin, 'POST', 'lists', { name: `List of ${title}` });
  assert.is(list.status, 201, list.text);
  const lid = String(obj(list.json).id);
  const made = await api(p.origin, 'POST', `lists/${lid}/forms`, { title, start: 'modal' });
  assert.is(made.status, 201, made.text);
  const fId = String(obj(made.json).fId);
  const read = await api(p.origin, 'GET', `forms/${lid}/${fId}`);
  return { lid, fId, settings: obj(obj(read.json).settings) };
};

test('GET forms: every list with its subscribed and pending counts and its forms, never cached', async () => {
  await subscribe(p.origin, 'modal', { EMAIL: 'counted@example.com' });
  await subscribe(p.origin, 'double-opt-in', { EMAIL: 'waiting@example.com' });
  const r = await api(p.origin, 'GET', 'forms');
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], JSON_TYPE);
  assert.is(r.headers['cache-control'], 'no-store');
  const lists = obj(r.json).lists as Record<string, unknown>[];
  const modal = form('modal');
  const listOf = (lid: string) => lists.find((l) => l.id === lid) as Record<string, unknown>;
  assert.equal(listOf(modal.lid), {
    id: modal.lid,
    name: 'Demo Goods: Modal',
    uuid: DEMO_UUID,
    subscribed: 1,
    pending: 0,
    forms: [
      {
        lid: modal.lid,
        fId: modal.fId,
        title: 'Modal',
        variation: 'modal',
        template: 2,
        doubleOptIn: false,
        revision: 1,
        savedAt: null,
        last30: { shown: 0, subscribed: 1 },
      },
    ],
  });
  const doi = listOf(form('double-opt-in').lid);
  assert.equal([doi.subscribed, doi.pending], [0, 1]);
  assert.is(obj((doi.forms as unknown[])[0]).doubleOptIn, true);
  assert.is(obj((listOf(form('fixed').lid).forms as unknown[])[0]).variation, 'fixed');
});

test('lists: a new list has a random 10-hex id of the account; renamed; refused names and unknown lists', async () => {
  const a = await api(p.origin, 'POST', 'lists', { name: '  Newsletter  ' });
  const b = await api(p.origin, 'POST', 'lists', { name: 'Newsletter' });
  assert.is(a.status, 201);
  assert.match(String(obj(a.json).id), /^[0-9a-f]{10}$/);
  assert.is.not(obj(a.json).id, obj(b.json).id);
  assert.equal(obj(a.json), { id: obj(a.json).id, name: 'Newsletter', uuid: DEMO_UUID });
  const lid = String(obj(a.json).id);
  const renamed = await api(p.origin, 'PATCH', `lists/${lid}`, { name: 'Weekly letter' });
  assert.equal([renamed.status, renamed.json], [200, { id: lid, name: 'Weekly letter' }]);
  const lists = obj((await api(p.origin, 'GET', 'forms')).json).lists as Record<string, unknown>[];
  assert.equal(
    lists.find((l) => l.id === lid),
    {
      id: lid,
      name: 'Weekly letter',
      uuid: DEMO_UUID,
      subscribed: 0,
      pending: 0,
      forms: [],
    },
  );
  for (const name of ['', '   ', 'x'.repeat(201), 'two\nlines', 42, null])
    assert.is((await api(p.origin, 'POST', 'lists', { name })).status, 400, JSON.stringify(name));
  assert.is((await api(p.origin, 'PATCH', 'lists/nosuchlist', { name: 'x' })).status, 404);
  const missing = await api(p.origin, 'PATCH', 'lists/nosuchlist', { name: 'x' });
  assert.match(String(obj(missing.json).error), /no list nosuchlist/);
});

test(`forms: new from the modal, slide-in and fixed starters and as a copy; each answers its form-settings call \
at once and saves as it is`, async () => {
  const lid = String(obj((await api(p.origin, 'POST', 'lists', { name: 'Starters' })).json).id);
  for (const start of ['modal', 'slide', 'fixed']) {
    const made = await api(p.origin, 'POST', `lists/${lid}/forms`, { title: `From ${start}`, start });
    assert.is(made.status, 201, made.text);
    const { fId, revision, title } = obj(made.json);
    assert.match(String(fId), /^[0-9a-f]{10}$/);
    assert.equal([revision, title, made.headers.etag], [1, `From ${start}`, '"1"']);
    const read = await api(p.origin, 'GET', `forms/${lid}/${fId}`);
    assert.is(read.headers.etag, '"1"');
    const settings = obj(obj(read.json).settings);
    assert.is(settings.modalVariation || 'modal', start);
    assert.match(String(obj(read.json).savedAt), /^\d{4}-\d\d-\d\dT/, 'made by the owner: the seed never touches it');
    const answer = await settingsOf(lid, String(fId));
    assert.is(answer.result, 'success');
    assert.is(answer.modalVariation, settings.modalVariation);
    // The starter passes the form model's checks as it is.
    const saved = await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings }, { 'If-Match': '"1"' });
    assert.is(saved.status, 200, saved.text);
  }
  const gdpr = form('gdpr');
  const copy = await api(p.origin, 'POST', `lists/${lid}/forms`, {
    title: 'GDPR copy',
    copy: { lid: gdpr.lid, fId: gdpr.fId },
  });
  assert.is(copy.status, 201);
  const copied = obj((await api(p.origin, 'GET', `forms/${lid}/${obj(copy.json).fId}`)).json);
  assert.equal(copied.settings, gdpr.settings);
  assert.is(copied.requireConsent, true);
  // Refused: an unknown list, an unknown source, no start, a bad title.
  assert.is((await api(p.origin, 'POST', 'lists/nosuchlist/forms', { title: 'x', start: 'modal' })).status, 404);
  const noSource = await api(p.origin, 'POST', `lists/${lid}/forms`, { title: 'x', copy: { lid, fId: 'nope' } });
  assert.is(noSource.status, 404);
  assert.is((await api(p.origin, 'POST', `lists/${lid}/forms`, { title: 'x', start: 'banner' })).status, 400);
  assert.is((await api(p.origin, 'POST', `lists/${lid}/forms`, { title: '', start: 'modal' })).status, 400);
  const forms = (obj((await api(p.origin, 'GET', 'forms')).json).lists as Record<string, unknown>[]).find(
    (l) => l.id === lid,
  )?.forms as unknown[];
  assert.is(forms.length, 4, 'nothing made by the refused calls');
});

test(`PUT saves over its revision: the new revision and ETag; the next form-settings call answers the saved \
settings; unknown forms 404`, async () => {
  const m = form('template-3');
  const before = obj((await api(p.origin, 'GET', `forms/${m.lid}/${m.fId}`)).json);
  assert.equal([before.revision, before.savedAt, before.title], [1, null, 'Template 3']);
  assert.is((await settingsOf(m.lid, m.fId)).successMsg, m.settings.successMsg, 'cached before the save');
  const settings = { ...obj(before.settings), successMsg: 'Saved in the studio', template: 4 };
  const r = await api(
    p.origin,
    'PUT',
    `forms/${m.lid}/${m.fId}`,
    { settings, title: 'Exit intent' },
    { 'If-Match': '"1"' },
  );
  assert.is(r.status, 200, r.text);
  assert.is(r.headers.etag, '"2"');
  assert.is(r.headers['cache-control'], 'no-store');
  assert.is(obj(r.json).revision, 2);
  const savedAt = String(obj(r.json).savedAt);
  assert.ok(Math.abs(Date.parse(savedAt) - Date.now()) < 60_000, savedAt);
  const answer = await settingsOf(m.lid, m.fId);
  assert.is(answer.successMsg, 'Saved in the studio');
  assert.is(answer.template, 4);
  const after = obj((await api(p.origin, 'GET', `forms/${m.lid}/${m.fId}`)).json);
  assert.equal(after, {
    lid: m.lid,
    fId: m.fId,
    title: 'Exit intent',
    requireConsent: false,
    settings,
    revision: 2,
    savedAt,
  });
  // requireConsent too; the title stays when not sent. A bare or weak revision is taken as the quoted one.
  const rc = await api(
    p.origin,
    'PUT',
    `forms/${m.lid}/${m.fId}`,
    { settings, requireConsent: true },
    { 'If-Match': '2' },
  );
  assert.is(rc.status, 200, rc.text);
  const row = await formRow(p.store, m.lid, m.fId);
  assert.equal([row?.require_consent, row?.title, row?.revision], [1, 'Exit intent', 3]);
  const weak = await api(p.origin, 'PUT', `forms/${m.lid}/${m.fId}`, { settings }, { 'If-Match': 'W/"3"' });
  assert.is(weak.status, 200);
  for (const [method, path] of [
    ['GET', 'forms/nosuchlist/00a101'],
    ['GET', `forms/${m.lid}/nosuchform`],
    ['PUT', `forms/${m.lid}/nosuchform`],
    ['PATCH', `forms/${m.lid}/nosuchform`],
    ['DELETE', `forms/${m.lid}/nosuchform`],
    ['GET', `forms/${m.lid}/nosuchform/versions`],
    ['GET', `publish/${m.lid}/nosuchform`],
  ]) {
    const miss = await api(
      p.origin,
      method,
      path,
      method === 'GET' || method === 'DELETE' ? undefined : { settings, title: 't' },
      {
        'If-Match': '"1"',
      },
    );
    assert.is(miss.status, 404, `${method} ${path}`);
    assert.is(miss.headers['content-type'], JSON_TYPE);
    assert.type(obj(miss.json).error, 'string');
  }
});

test(`PUT refusals store nothing: 428 without If-Match, 412 over a newer revision with the current form, 422 with \
each problem, 400 without settings`, async () => {
  const { lid, fId, settings } = await newForm('Refusals');
  const good = { ...settings, successMsg: 'First tab' };
  assert.is((await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings: good }, { 'If-Match': '"1"' })).status, 200);
  const stored = await formRow(p.store, lid, fId);
  const kept = await keptRevisions(p.store, lid, fId);
  const unchanged = async (why: string) => {
    assert.equal(await formRow(p.store, lid, fId), stored, why);
    assert.equal(await keptRevisions(p.store, lid, fId), kept, why);
  };
  const other = { ...settings, successMsg: 'Second tab' };
  const noMatch = await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings: other });
  assert.is(noMatch.status, 428);
  assert.match(String(obj(noMatch.json).error), /If-Match/);
  await unchanged('428');
  const stale = await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings: other }, { 'If-Match': '"1"' });
  assert.is(stale.status, 412);
  assert.is(stale.headers.etag, '"2"');
  assert.equal(obj(stale.json).current, {
    settings: good,
    title: 'Refusals',
    requireConsent: false,
    revision: 2,
    savedAt: stored?.saved_at,
  });
  assert.match(String(obj(stale.json).error), /revision 2/);
  await unchanged('412');
  const bad = { ...settings, template: 9, fields: [...(settings.fields as unknown[]), { type: 'text', name: '' }] };
  const invalid = await api(
    p.origin,
    'PUT',
    `forms/${lid}/${fId}`,
    { settings: bad, title: '' },
    { 'If-Match': '"2"' },
  );
  assert.is(invalid.status, 422);
  const problems = obj(invalid.json).problems as { path: string; message: string }[];
  const paths = problems.map((x) => x.path);
  assert.ok(paths.includes('template'), paths.join());
  assert.ok(paths.includes(`fields[${(settings.fields as unknown[]).length}].name`), paths.join());
  assert.ok(paths.includes('title'), paths.join());
  for (const x of problems) assert.type(x.message, 'string');
  await unchanged('422');
  for (const s of [[], 'settings', null, 7]) {
    const r = await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings: s }, { 'If-Match': '"2"' });
    assert.is(r.status, 422, JSON.stringify(s));
    assert.equal(obj(r.json).problems, [
      { path: 'settings', message: 'The settings must be a JSON object, as a form-settings answer is (spec 3.2).' },
    ]);
  }
  const consent = await api(
    p.origin,
    'PUT',
    `forms/${lid}/${fId}`,
    { settings, requireConsent: 'yes' },
    { 'If-Match': '"2"' },
  );
  assert.is(consent.status, 422);
  assert.is((await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { title: 'x' }, { 'If-Match': '"2"' })).status, 400);
  assert.is((await api(p.origin, 'PUT', `forms/${lid}/${fId}`, { settings }, { 'If-Match': 'two' })).status, 400);
  await unchanged('422, 400');
  // The form-settings call still answers the stored form.
  assert.is((await settingsOf(lid, fId)).successMsg, 'First tab');
});

test(`bodies: 413 past 64 kB, 415 when not JSON, 400 when not an object, 403 from another site; nothing stored; \
the provider's own origin, a localhost name of it, and clients that send no origin are taken`, async () => {
  const { lid, fId, settings } = await newForm('Guarded');
  const path = `forms/${lid}/${fId}`;
  const stored = await formRow(p.store, lid, fId);
  const put = (body: string, headers: Record<string, string>) =>
    request(p.origin, `/owner/api/${path}`, { method: 'PUT', headers: { 'If-Match': '"1"', ...headers }, body });
  const json = { 'Content-Type': 'application/json' };
  const text = JSON.stringify({ settings: { ...settings, successMsg: 'x' } });
  const big = JSON.stringify({ settings: { ...settings, footer: 'x'.repeat(64 * 1024) } });
  const cases: [string, string, Record<string, string>, number][] = [
    ['too big', big, json, 413],
    ['no type', text, {}, 415],
    ['a form post', text, { 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
    ['text/plain', text, { 'Content-Type': 'text/plain' }, 415],
    ['json-ish', text, { 'Content-Type': 'application/jsonp' }, 415],
    ['not JSON', '{"settings":', json, 400],
    ['an array', '[1]', json, 400],
    ['cross-site', text, { ...json, 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['same-site', text, { ...json, 'Sec-Fetch-Site': 'same-site' }, 403],
    ['another origin', text, { ...json, Origin: 'http://evil.example' }, 403],
    ['another port', text, { ...json, Origin: `http://localhost:${Number(new URL(p.origin).port) + 1}` }, 403],
    ['Origin null', text, { ...json, Origin: 'null' }, 403],
    ['https of it', text, { ...json, Origin: p.origin.replace('http:', 'https:') }, 403],
  ];
  for (const [why, body, headers, status] of cases) {
    const r = await put(body, headers);
    assert.is(r.status, status, `${why}: ${r.text}`);
    assert.is(r.headers['content-type'], JSON_TYPE, why);
    assert.type(obj(JSON.parse(r.text)).error, 'string');
    assert.equal(await formRow(p.store, lid, fId), stored, why);
  }
  // A cross-site check on every state-changing call, before anything is read or done.
  const evil = { ...json, Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' };
  for (const [method, at] of [
    ['POST', 'lists'],
    ['PATCH', `lists/${lid}`],
    ['POST', `lists/${lid}/forms`],
    ['PATCH', path],
    ['DELETE', path],
    ['POST', `${path}/versions/1/restore`],
    ['DELETE', `lists/${lid}/subscribers/someone%40example.com`],
  ])
    assert.is((await api(p.origin, method, at, { name: 'x', title: 'x', start: 'modal' }, evil)).status, 403, at);
  assert.equal(await formRow(p.store, lid, fId), stored);
  const port = new URL(p.origin).port;
  for (const origin of [p.origin, `http://localhost:${port}`, `http://studio.localhost:${port}`]) {
    const rev = Number((await formRow(p.store, lid, fId))?.revision);
    const r = await put(text, { ...json, Origin: origin, 'Sec-Fetch-Site': 'same-origin', 'If-Match': `"${rev}"` });
    assert.is(r.status, 200, `${origin}: ${r.text}`);
  }
});

test(`versions: every save is kept, the newest ${KEEP_VERSIONS}; one is read whole; a restore is a new revision \
with its settings, refused as a save is`, async () => {
  const { lid, fId, settings } = await newForm('Versioned');
  const path = `forms/${lid}/${fId}`;
  for (let i = 1; i <= KEEP_VERSIONS + 1; i++) {
    const r = await api(
      p.origin,
      'PUT',
      path,
      { settings: { ...settings, successMsg: `Save ${i}` } },
      { 'If-Match': `"${i}"` },
    );
    assert.is(r.status, 200, r.text);
  }
  const list = await api(p.origin, 'GET', `${path}/versions`);
  assert.is(list.headers['cache-control'], 'no-store');
  const versions = obj(list.json).versions as Record<string, unknown>[];
  assert.is(versions.length, KEEP_VERSIONS);
  assert.equal(
    versions.map((v) => v.revision),
    Array.from({ length: KEEP_VERSIONS }, (_, i) => KEEP_VERSIONS + 2 - i),
  );
  for (const v of versions) {
    assert.equal(Object.keys(v).sort(), ['revision', 'savedAt', 'title']);
    assert.is(v.title, 'Versioned');
  }
  assert.equal(
    await keptRevisions(p.store, lid, fId),
    Array.from({ length: KEEP_VERSIONS }, (_, i) => i + 3),
  );
  const five = await api(p.origin, 'GET', `${path}/versions/5`);
  assert.is(five.status, 200);
  assert.equal(obj(obj(five.json).settings).successMsg, 'Save 4');
  assert.equal(Object.keys(obj(five.json)).sort(), ['requireConsent', 'revision', 'savedAt', 'settings', 'title']);
  assert.is((await api(p.origin, 'GET', `${path}/versions/1`)).status, 404, 'pruned');
  assert.is((await api(p.origin, 'GET', `${path}/versions/99`)).status, 404);
  const current = KEEP_VERSIONS + 2;
  // Refused as a save is, and nothing stored.
  assert.is((await api(p.origin, 'POST', `${path}/versions/5/restore`, {})).status, 428);
  const stale = await api(p.origin, 'POST', `${path}/versions/5/restore`, {}, { 'If-Match': '"3"' });
  assert.is(stale.status, 412);
  assert.is(obj(obj(stale.json).current).revision, current);
  assert.is(
    (await api(p.origin, 'POST', `${path}/versions/1/restore`, {}, { 'If-Match': `"${current}"` })).status,
    404,
  );
  assert.is((await formRow(p.store, lid, fId))?.revision, current);
  // Restored: a new revision with version 5's settings, answered by the next form-settings call.
  const r = await api(p.origin, 'POST', `${path}/versions/5/restore`, undefined, { 'If-Match': `"${current}"` });
  assert.is(r.status, 200, r.text);
  assert.is(obj(r.json).revision, current + 1);
  assert.is(r.headers.etag, `"${current + 1}"`);
  assert.is((await settingsOf(lid, fId)).successMsg, 'Save 4');
  const newest = (obj((await api(p.origin, 'GET', `${path}/versions`)).json).versions as Record<string, unknown>[])[0];
  assert.is(newest.revision, current + 1);
  assert.equal(
    await keptRevisions(p.store, lid, fId),
    Array.from({ length: KEEP_VERSIONS }, (_, i) => i + 4),
  );
});

test(`a seeded form's first save also keeps the revision it replaced (as seeded: no savedAt)`, async () => {
  const f = form('template-5');
  const r = await api(p.origin, 'PUT', `forms/${f.lid}/${f.fId}`, { settings: f.settings }, { 'If-Match': '"1"' });
  assert.is(r.status, 200, r.text);
  const versions = obj((await api(p.origin, 'GET', `forms/${f.lid}/${f.fId}/versions`)).json).versions;
  assert.equal(versions, [
    { revision: 2, savedAt: obj(r.json).savedAt, title: 'Template 5' },
    { revision: 1, savedAt: null, title: 'Template 5' },
  ]);
});

test(`PATCH renames (a new revision, the settings untouched); DELETE removes the form and its versions, 204, \
and leaves its list's subscribers`, async () => {
  const { lid, fId, settings } = await newForm('To rename');
  const path = `forms/${lid}/${fId}`;
  const renamed = await api(p.origin, 'PATCH', path, { title: 'Renamed' });
  assert.is(renamed.status, 200, renamed.text);
  assert.equal([obj(renamed.json).revision, obj(renamed.json).title, renamed.headers.etag], [2, 'Renamed', '"2"']);
  const row = await formRow(p.store, lid, fId);
  assert.equal([row?.title, JSON.parse(String(row?.settings))], ['Renamed', settings]);
  assert.is((await api(p.origin, 'PATCH', path, { title: 'Again' }, { 'If-Match': '"1"' })).status, 412);
  assert.is((await api(p.origin, 'PATCH', path, { title: '' })).status, 400);
  const signup = await call(
    p.origin,
    'form-post-json',
    new URLSearchParams({ u: DEMO_UUID, id: lid, f_id: fId, c: 'cb', EMAIL: 'stays@example.com' }).toString(),
  );
  assert.is(signup.data.result, 'success');
  const del = await api(p.origin, 'DELETE', path);
  assert.is(del.status, 204);
  assert.is(del.text, '');
  assert.is((await api(p.origin, 'GET', path)).status, 404);
  assert.is((await settingsOf(lid, fId)).result, 'error');
  assert.equal(await keptRevisions(p.store, lid, fId), []);
  const stays = await p.store.all('SELECT email FROM subscribers WHERE list_id = ?', [lid]);
  assert.equal(stays, [{ email: 'stays@example.com' }]);
  assert.is((await api(p.origin, 'DELETE', path)).status, 404);
});

test(`publish: the four snippets name this provider's listening address, never the request's Host`, async () => {
  const f = form('slide');
  const other = `localhost:${new URL(p.origin).port}`;
  const r = await api(p.origin, 'GET', `publish/${f.lid}/${f.fId}`, undefined, { Host: other });
  assert.is(r.status, 200);
  const s = obj(obj(r.json).snippets);
  assert.equal(Object.keys(s).sort(), ['mailchimp', 'opener', 'queued', 'tag']);
  const host = new URL(p.origin).host;
  const start = `{"baseUrl":"${host}","uuid":"${DEMO_UUID}","lid":"${f.lid}","f_id":"${f.fId}"`;
  assert.ok(String(s.mailchimp).includes(`src="${p.origin}/js/signup-forms/popup/unique-methods/embed.js"`));
  assert.ok(String(s.mailchimp).includes(`${start},"uniqueMethods":true}`), String(s.mailchimp));
  assert.match(String(s.queued), /window\.dojoRequire = window\.dojoRequire \|\| function/);
  assert.ok(String(s.queued).includes(`L.start(${start}})`), String(s.queued));
  assert.ok(String(s.queued).includes(`<script async src="${p.origin}/js/signup-forms/popup/embed.js"></script>`));
  assert.ok(
    String(s.tag).includes(`data-base-url="${host}" data-uuid="${DEMO_UUID}" data-lid="${f.lid}" data-f-id="${f.fId}"`),
  );
  assert.match(String(s.opener), /<button type="button" data-mc-popup-open>[^<]+<\/button>/);
  assert.not.ok(r.text.includes(other));
});

test('unknown calls answer 404 JSON; a method a call does not take, 405 with Allow', async () => {
  for (const path of ['nothing', 'forms/a', 'forms/a/b/c', 'forms/a/b/versions/x', 'lists/a/b'])
    assert.is((await api(p.origin, 'GET', path)).status, 404, path);
  const r = await api(p.origin, 'POST', 'forms', {});
  assert.is(r.status, 405);
  assert.is(r.headers.allow, 'GET, HEAD');
  const f = form('modal');
  assert.is(
    (await api(p.origin, 'POST', `forms/${f.lid}/${f.fId}`, {})).headers.allow,
    'GET, HEAD, PUT, PATCH, DELETE',
  );
  const head = await request(p.origin, `/owner/api/forms/${f.lid}/${f.fId}`, { method: 'HEAD' });
  assert.equal([head.status, head.headers.etag, head.text], [200, '"1"', '']);
});

test.run();
