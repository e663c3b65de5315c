/**
 * Display rules through the owner API (issue 36 part 1) over real HTTP, on SQLite and (server-pg) PostgreSQL: a save
 * whose showOn the form model refuses (a pattern that is no path, an address, an unknown device, a list that is no
 * list) is answered 422 with each problem's path and reason, nothing stored; good rules are saved and the
 * form-settings answer carries them to the loader as saved.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSettings } from '../../src/form-model/check';
import { call, DEMO_UUID, startTest, type TestProvider } from './helpers';
import { api, formRow, obj } from './studio-helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

/** A new list and a form on it from the modal starter: their ids and the form's settings. */
const newForm = async () => {
  const list = await api(p.origin, 'POST', 'lists', { name: 'Display rules' });
  assert.is(list.status, 201, list.text);
  const lid = String(obj(list.json).id);
  const made = await api(p.origin, 'POST', `lists/${lid}/forms`, { title: 'Rules', start: 'modal' });
  assert.is(made.status, 201, made.text);
  const fId = String(obj(made.json).fId);
  const read = await api(p.origin, 'GET', `forms/${lid}/${fId}`);
  return { lid, fId, settings: obj(obj(read.json).settings) };
};

test(`PUT with display rules the form model refuses: 422 with each path and reason, nothing stored; good ones \
saved`, async () => {
  const { lid, fId, settings } = await newForm();
  const before = await formRow(p.store, lid, fId);
  const cases: [what: string, showOn: unknown, paths: string[], reason: RegExp][] = [
    ['a pattern that is no path', { include: ['blog/*'] }, ['showOn.include[0]'], /must start with \//],
    ['an address', { exclude: ['https://shop.test/checkout'] }, ['showOn.exclude[0]'], /is an address, not a path/],
    ['a query', { include: ['/search?q=1'] }, ['showOn.include[0]'], /without spaces, a query/],
    ['an unknown device', { devices: 'tablet' }, ['showOn.devices'], /Devices must be all, desktop or mobile/],
    ['a list that is no list', { exclude: '/checkout' }, ['showOn.exclude'], /must be a list of paths/],
    ['rules that are no object', 'mobile', ['showOn'], /must be an object/],
  ];
  for (const [what, showOn, paths, reason] of cases) {
    const r = await api(
      p.origin,
      'PUT',
      `forms/${lid}/${fId}`,
      { settings: { ...settings, showOn } },
      { 'If-Match': '"1"' },
    );
    assert.is(r.status, 422, `${what}: ${r.text}`);
    const problems = obj(r.json).problems as { path: string; message: string }[];
    assert.equal(
      problems.map((x) => x.path),
      paths,
      what,
    );
    assert.match(problems[0].message, reason, what);
    // The API's reason is the form model's, word for word: the studio shows the same beside the control.
    assert.equal(problems, checkSettings({ ...settings, showOn }), what);
  }
  assert.equal(await formRow(p.store, lid, fId), before, 'nothing stored');

  // Good rules are saved, and the form-settings answer carries them to the loader as saved.
  const showOn = { include: ['/blog/*', '/about'], exclude: ['/blog/private*'], devices: 'desktop' };
  const r = await api(
    p.origin,
    'PUT',
    `forms/${lid}/${fId}`,
    { settings: { ...settings, showOn } },
    { 'If-Match': '"1"' },
  );
  assert.is(r.status, 200, r.text);
  const answer = await call(
    p.origin,
    'form-settings',
    new URLSearchParams({ u: DEMO_UUID, id: lid, f_id: fId, c: 'cb' }).toString(),
  );
  assert.equal(answer.data.showOn, showOn);
});

test.run();
