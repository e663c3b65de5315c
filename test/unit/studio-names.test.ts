/**
 * From a path of the form model's checks to the editor's control (src/studio/names.ts, catalogue.ts): the nearest
 * control, its DOM id, and the name a list gives it; and where problems and warnings are shown (problems.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTROLS } from '../../src/studio/catalogue';
import { controlFor, controlId, describe, type Draft, draftPath, problemId } from '../../src/studio/names';
import { byControl, place } from '../../src/studio/problems';

const draft: Draft = {
  title: 'Spring',
  requireConsent: false,
  settings: {
    fields: [
      { type: 'email', name: 'EMAIL', label: 'Email Address' },
      { type: 'text', name: 'FNAME', label: '' },
      { type: 'dropdown', name: 'PLAN', label: 'Plan', choices: [{ value: 'a', label: 'A' }] },
    ],
  },
};

test('controlFor: the path itself when it has a control, else the nearest enclosing one, else the form', () => {
  const cases: [string, string][] = [
    ['settings.styles.button.color', 'settings.styles.button.color'],
    ['settings.fields[2].choices[0].value', 'settings.fields[2].choices[0].value'],
    ['settings.fields[2].choices', 'settings.fields[2].choices'],
    ['settings.fields[2].choices[1]', 'settings.fields[2].choices[1]'],
    ['settings.fields[2].choices[1].extra', 'settings.fields[2].choices[1]'],
    ['settings.fields[1]', 'settings.fields[1]'],
    ['settings.fields[1].unknownKey', 'settings.fields[1]'],
    ['settings.fields', 'settings.fields'],
    ['settings.translations.required', 'settings.translations.required'],
    ['settings.translations.somethingElse', 'settings.translations'],
    ['settings.styles', ''],
    ['settings.styles.button', ''],
    ['settings.unknown', ''],
    ['settings', ''],
    ['title', 'title'],
  ];
  for (const [path, want] of cases) assert.is(controlFor(path), want, path);
});

test("draftPath: the checks name settings paths, a save's refusal its own too; the editor, draft paths", () => {
  assert.is(draftPath('fields[2].choices'), 'settings.fields[2].choices');
  assert.is(draftPath(''), 'settings');
  // The server's own, beside the settings (a 422 of a save).
  assert.is(draftPath('title'), 'title');
  assert.is(draftPath('requireConsent'), 'requireConsent');
  assert.is(draftPath('settings'), 'settings');
});

test('controlId and problemId: ids for the DOM, unique per control', () => {
  assert.is(controlId('settings.styles.button.color'), 'c-styles-button-color');
  assert.is(controlId('settings.fields[2].choices[0].value'), 'c-fields-2-choices-0-value');
  assert.is(controlId('settings.fields[2]'), 'c-fields-2');
  assert.is(controlId('title'), 'c-title');
  // A built-in text's English, by its characters: apart from the validation message of the same word.
  assert.is(controlId('settings.translations.(required)'), 'c-translations-_28required_29');
  assert.is(controlId('settings.translations.required'), 'c-translations-required');
  assert.is(controlId('settings.translations["Learn more."]'), 'c-translations-Learn_20more_2e');
  assert.is(problemId('settings.buttonLabel'), 'c-buttonLabel-problem');
  // Every control of the catalogue, with an index in each place, has an id of its own.
  const ids = [...CONTROLS.keys()].map((p) => controlId(p.replace(/\[\]/g, '[1]')));
  assert.is(new Set(ids).size, ids.length);
});

test('describe: labels as beside the control, fields and choices named by their place and label', () => {
  const cases: [string, string][] = [
    ['', 'The form'],
    ['settings.buttonLabel', 'Button label'],
    ['settings.styles.button.text_color', 'Button text colour'],
    ['settings.fields', 'Fields'],
    ['settings.fields[0]', 'Field 1 (Email Address)'],
    ['settings.fields[0].label', 'Field 1 (Email Address): Label'],
    ['settings.fields[1].name', 'Field 2 (FNAME): Merge tag'],
    ['settings.fields[2].choices', 'Field 3 (Plan): Choices'],
    ['settings.fields[2].choices[0]', 'Field 3 (Plan): Choice 1'],
    ['settings.fields[2].choices[0].value', 'Field 3 (Plan): Choice 1: Value'],
    ['settings.fields[7].label', 'Field 8: Label'],
    ['settings.fields[0].smsProgramData[0].imgSrc', 'Field 1 (Email Address): SMS program image'],
    ['title', 'Form title'],
    ['requireConsent', 'Require a marketing permission'],
  ];
  for (const [path, want] of cases) assert.is(describe(path, draft), want, path);
});

test('exactly one control is labelled Button label, and no other label contains those words', () => {
  const labels = [...CONTROLS.values()].map((d) => d.label);
  assert.equal(
    labels.filter((l) => /button label/i.test(l)),
    ['Button label'],
  );
});

test('place and byControl: each problem at its control, named, repeats dropped', () => {
  const placed = place(
    [
      { path: 'styles.button.color', message: 'The popup drops this colour.' },
      { path: 'fields[2].choices', message: 'A choice field needs choices.' },
      { path: 'fields[2].choices', message: 'A choice field needs choices.' },
      { path: 'styles', message: 'Styles must be an object.' },
      { path: 'styles.button.text_color', message: 'Low contrast.', ratio: 2.874 },
    ],
    draft,
  );
  assert.equal(
    placed.map((p) => [p.control, p.label]),
    [
      ['settings.styles.button.color', 'Button colour'],
      ['settings.fields[2].choices', 'Field 3 (Plan): Choices'],
      ['settings.fields[2].choices', 'Field 3 (Plan): Choices'],
      ['', 'The form'],
      ['settings.styles.button.text_color', 'Button text colour'],
    ],
  );
  const m = byControl(placed);
  assert.equal(m.get('settings.fields[2].choices'), ['A choice field needs choices.']);
  assert.equal(m.get(''), ['Styles must be an object.']);
});

test.run();
