/**
 * The difference of two drafts by control (src/studio/diff.ts): what a stale save shows (issue 33 item 3) and what a
 * version would change.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffDrafts, leafChanges, showValue } from '../../src/studio/diff';
import type { Draft } from '../../src/studio/names';

const base = (): Draft => ({
  title: 'Spring',
  requireConsent: false,
  settings: {
    buttonLabel: 'Subscribe',
    styles: { button: { color: '#007c89', text_color: '#ffffff' }, headingFont: 'georgia' },
    fields: [
      { type: 'email', name: 'EMAIL', label: 'Email Address', required: true },
      { type: 'dropdown', name: 'PLAN', label: 'Plan', choices: [{ value: 'a', label: 'A' }] },
    ],
    translations: { required: 'Required.' },
  },
});

test('leafChanges: every differing leaf, a key or item only one side has as a leaf of its own', () => {
  const a = { x: 1, o: { p: 'q', r: [1, 2] }, gone: { deep: 1 } };
  const b = { x: 1, o: { p: 'Q', r: [1, 2, 3] }, added: 'y' };
  assert.equal(leafChanges(a, b).sort(), ['added', 'gone', 'o.p', 'o.r[2]'].sort());
  assert.equal(leafChanges(a, structuredClone(a)), []);
  assert.equal(leafChanges({ a: null }, {}), [], 'null and absent are alike');
});

test('diffDrafts: no change, no row', () => {
  assert.equal(diffDrafts(base(), base()), []);
});

test('diffDrafts: each differing control once, by its label, with both values', () => {
  const mine = base();
  const theirs = base();
  mine.settings.buttonLabel = 'Join now';
  (mine.settings.styles as { button: { color: string } }).button.color = '#c4411f';
  theirs.title = 'Spring sale';
  theirs.requireConsent = true;
  (theirs.settings.fields as { label: string }[])[1].label = 'Your plan';
  (theirs.settings.fields as { choices: unknown[] }[])[1].choices = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];
  delete (theirs.settings.translations as Record<string, string>).required;
  assert.equal(
    diffDrafts(mine, theirs).map((c) => [c.label, c.mine, c.theirs]),
    [
      ['Form title', '“Spring”', '“Spring sale”'],
      ['Require a marketing permission', 'false', 'true'],
      ['Button label', '“Join now”', '“Subscribe”'],
      ['Button colour', '“#c4411f”', '“#007c89”'],
      ['Field 2 (Plan): Label', '“Plan”', '“Your plan”'],
      ['Field 2 (Plan): Choice 2', '(not set)', 'set'],
      ['Required field message', '“Required.”', '(not set)'],
    ],
  );
});

test('diffDrafts: a field only one side has is one row, named by the side that has it', () => {
  const mine = base();
  const theirs = base();
  (theirs.settings.fields as unknown[]).push({ type: 'text', name: 'FNAME', label: 'First Name' });
  assert.equal(
    diffDrafts(mine, theirs).map((c) => [c.path, c.label, c.mine, c.theirs]),
    [['settings.fields[2]', 'Field 3 (First Name)', '(not set)', 'set']],
  );
});

test('diffDrafts: a setting no control edits is named by its path', () => {
  const mine = base();
  const theirs = base();
  theirs.settings.somethingNew = 'x';
  assert.equal(
    diffDrafts(mine, theirs).map((c) => c.label),
    ['settings.somethingNew'],
  );
});

test('showValue: short, quoted, cut by character', () => {
  assert.is(showValue(''), '(not set)');
  assert.is(showValue(undefined), '(not set)');
  assert.is(showValue('a  b\nc'), '“a b c”');
  assert.is(showValue(3), '3');
  assert.is(showValue([1, 2]), '2 items');
  assert.is(showValue([1]), '1 item');
  const long = showValue('🙂'.repeat(100));
  assert.is([...long].length, 82, 'quotes + 79 characters + an ellipsis');
  assert.ok(long.endsWith('🙂…”'));
});

test.run();
