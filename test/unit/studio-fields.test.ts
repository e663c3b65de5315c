/** The field list's edits (src/studio/field-ops.ts): add, type changes, moves past the other kind, choices. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../src/form-model/fields';
import {
  addChoice,
  addField,
  canMove,
  freeName,
  isConsent,
  move,
  type RawField,
  removeAt,
  withType,
} from '../../src/studio/field-ops';

const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', merge_id: 0 };
const FNAME = { type: 'text', name: 'FNAME', label: 'First', merge_id: 1 };
const GDPR = { type: 'checkbox', name: 'gdpr[7]', label: 'Email', merge_id: 7, marketing_preference_id: 7 };
const LNAME = { type: 'text', name: 'LNAME', label: 'Last', merge_id: 2 };

test('addField: a new field the form model reads, with a free merge tag and the next merge id', () => {
  for (const type of ['text', 'dropdown', 'radio', 'checkbox', 'select', 'birthday', 'date', 'phone', 'url']) {
    const out = addField([EMAIL, FNAME], type);
    assert.is(out.length, 3, type);
    const f = out[2];
    assert.is(f.type, type);
    assert.is(f.merge_id, 2);
    // The form model keeps it (a name, not reserved, not a repeat) as a field of that type.
    const parsed = parseFields(out);
    assert.is(parsed.length, 3, `${type}: parsed`);
    assert.is(parsed[2].type, type);
    if (['dropdown', 'radio', 'checkbox', 'select'].includes(type)) assert.is(parsed[2].choices.length, 2, type);
  }
  assert.is(addField([EMAIL], 'birthday')[1].dateformat, 'MM/DD');
  assert.is(addField([EMAIL], 'date')[1].dateformat, 'MM/DD/YYYY');
  assert.is(addField([EMAIL], 'phone')[1].phoneformat, 'US');
});

test('addField with consent: a marketing preference, posted under its own name', () => {
  const out = addField([EMAIL, GDPR], 'checkbox', true);
  assert.ok(isConsent(out[2]));
  assert.is(out[2].marketing_preference_id, 8);
  assert.is(out[2].name, 'gdpr[8]');
  assert.is(parseFields(out)[2].mpId, '8');
});

test('freeName: MMERGE{n}, never one the form has', () => {
  assert.is(freeName([EMAIL, FNAME]), 'MMERGE2');
  assert.is(freeName([EMAIL, { name: 'MMERGE2' }, { name: 'MMERGE3' }]), 'MMERGE4');
});

test('withType: what the new type needs is added, what the field had is kept', () => {
  const f = withType({ ...FNAME }, 'radio');
  assert.is(f.type, 'radio');
  assert.is((f.choices as unknown[]).length, 2);
  const kept = withType({ ...FNAME, choices: [{ value: 'x', label: 'X' }] }, 'select');
  assert.equal(kept.choices, [{ value: 'x', label: 'X' }]);
  assert.is(withType({ ...FNAME, dateformat: 'DD/MM' }, 'birthday').dateformat, 'DD/MM');
  assert.is(withType({ ...FNAME, dateformat: 'DD/MM' }, 'date').dateformat, 'MM/DD/YYYY', 'not a date format');
});

test('move: swaps with the nearest item of the same kind, passing over the others', () => {
  const own = (f: RawField) => !isConsent(f);
  const list = [EMAIL, FNAME, GDPR, LNAME];
  assert.equal(move(list, 1, 1, own), [EMAIL, LNAME, GDPR, FNAME]);
  assert.equal(move(list, 3, -1, own), [EMAIL, LNAME, GDPR, FNAME]);
  assert.equal(move(list, 0, 1), [FNAME, EMAIL, GDPR, LNAME]);
  assert.is(move(list, 0, -1, own), list, 'nothing before the first: the same list');
  assert.is(move(list, 3, 1, own), list);
  assert.ok(canMove(list, 1, 1, own));
  assert.not.ok(canMove(list, 3, 1, own));
  assert.not.ok(canMove(list, 2, 1, isConsent), 'the only preference');
});

test('removeAt and addChoice', () => {
  assert.equal(removeAt([1, 2, 3], 1), [1, 3]);
  assert.equal(addChoice([{ value: 'Option 2', label: 'x' }]), [
    { value: 'Option 2', label: 'x' },
    { value: 'Option 3', label: 'Option 3' },
  ]);
  assert.equal(addChoice([]), [{ value: 'Option 1', label: 'Option 1' }]);
});

test.run();
