/** The studio's paths into a settings object (src/studio/paths.ts): read, write without mutating, compare. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPath, getAt, indices, parsePath, pattern, sameJson, setAt } from '../../src/studio/paths';

test('parsePath and formatPath: the form the form model names paths in, both ways', () => {
  const cases: [string, (string | number)[]][] = [
    ['', []],
    ['buttonLabel', ['buttonLabel']],
    ['styles.button.color', ['styles', 'button', 'color']],
    ['fields[2].choices', ['fields', 2, 'choices']],
    ['settings.fields[12].choices[0].value', ['settings', 'fields', 12, 'choices', 0, 'value']],
    ['fields[0].smsProgramData[0].imgSrc', ['fields', 0, 'smsProgramData', 0, 'imgSrc']],
    // The built-in texts' keys (their English): a key with a dot, a bracket or a quote is JSON-quoted.
    ['translations.Enter your email', ['translations', 'Enter your email']],
    ['translations["Learn more."]', ['translations', 'Learn more.']],
    ['translations["a [b] \\"c\\""].x', ['translations', 'a [b] "c"', 'x']],
    ['translations.(required)', ['translations', '(required)']],
  ];
  for (const [path, steps] of cases) {
    assert.equal(parsePath(path), steps, path);
    assert.is(formatPath(steps), path, path);
  }
});

test('pattern and indices', () => {
  assert.is(pattern('settings.fields[2].choices[10].label'), 'settings.fields[].choices[].label');
  assert.equal(indices('settings.fields[2].choices[10].label'), [2, 10]);
  assert.equal(indices('settings.buttonLabel'), []);
});

test('getAt: the value, or undefined past anything missing or of the wrong shape', () => {
  const s = { styles: { button: { color: '#fff' } }, fields: [{ name: 'EMAIL' }], n: null };
  assert.is(getAt(s, 'styles.button.color'), '#fff');
  assert.is(getAt(s, 'fields[0].name'), 'EMAIL');
  assert.is(getAt(s, 'fields[3].name'), undefined);
  assert.is(getAt(s, 'styles[0]'), undefined, 'an index into an object');
  assert.is(getAt(s, 'fields.name'), undefined, 'a key of an array');
  assert.is(getAt(s, 'n.x'), undefined);
  assert.is(getAt(s, ''), s);
});

test('setAt: a new object along the path, the rest shared, the input untouched', () => {
  const s = {
    styles: { button: { color: '#fff' }, labels: { color: '#000' } },
    fields: [{ name: 'A' }, { name: 'B' }],
  };
  const before = JSON.stringify(s);
  const t = setAt(s, 'styles.button.color', '#123456');
  assert.is(JSON.stringify(s), before, 'the input is not changed');
  assert.is(t.styles.button.color, '#123456');
  assert.is(t.styles.labels, s.styles.labels, 'a sibling is shared');
  assert.is(t.fields, s.fields, 'another branch is shared');
  const u = setAt(s, 'fields[1].name', 'C');
  assert.equal(u.fields, [{ name: 'A' }, { name: 'C' }]);
  assert.is(u.fields[0], s.fields[0]);
  assert.ok(Array.isArray(u.fields));
});

test('setAt: missing steps are made, an index makes an array; undefined removes a key', () => {
  assert.equal(setAt({}, 'styles.modal.max_width', 600), { styles: { modal: { max_width: 600 } } });
  assert.equal(setAt({}, 'fields[0].name', 'X'), { fields: [{ name: 'X' }] });
  const t = setAt({ a: 1, b: { c: 2, d: 3 } }, 'b.c', undefined);
  assert.equal(t, { a: 1, b: { d: 3 } });
  assert.ok(!('c' in t.b));
});

test('sameJson: deep, key order aside, undefined keys as absent', () => {
  assert.ok(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }));
  assert.ok(sameJson({ a: 1, u: undefined }, { a: 1 }));
  assert.not.ok(sameJson({ a: 1 }, { a: '1' }));
  assert.not.ok(sameJson([1, 2], [2, 1]));
  assert.not.ok(sameJson({ a: [] }, { a: {} }));
  assert.not.ok(sameJson(null, {}));
});

test.run();
