/**
 * The editor's state (src/studio/editor-state.ts): loaded, edited, saved (edits made meanwhile kept), refused,
 * stale (the other side kept until taken or saved over), a version viewed; and the home page's opt-in words.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Saved } from '../../src/studio/api';
import { draftOf, initial, isDirty, reduce } from '../../src/studio/editor-state';
import { optInText } from '../../src/studio/opt-in';

const saved = (revision: number, label = 'Subscribe'): Saved => ({
  title: 'Form',
  requireConsent: false,
  settings: { buttonLabel: label },
  revision,
  savedAt: null,
});

test('loaded, then an edit: dirty; the same value again: clean', () => {
  let s = reduce(initial, { type: 'loaded', saved: saved(3) });
  assert.not.ok(isDirty(s));
  s = reduce(s, { type: 'edit', path: 'settings.buttonLabel', value: 'Join' });
  assert.ok(isDirty(s));
  assert.is(s.draft!.settings.buttonLabel, 'Join');
  assert.is(s.base!.settings.buttonLabel, 'Subscribe', 'what was saved is untouched');
  s = reduce(s, { type: 'edit', path: 'settings.buttonLabel', value: 'Subscribe' });
  assert.not.ok(isDirty(s));
});

test('saved: what was sent becomes the base at its revision; an edit made meanwhile stays unsaved', () => {
  let s = reduce(initial, { type: 'loaded', saved: saved(3) });
  s = reduce(s, { type: 'edit', path: 'settings.buttonLabel', value: 'Join' });
  const sent = s.draft!;
  s = reduce(s, { type: 'busy', busy: 'saving' });
  s = reduce(s, { type: 'edit', path: 'title', value: 'Typed while saving' });
  s = reduce(s, { type: 'saved', sent, revision: 4, savedAt: '2030-01-01T00:00:00Z' });
  assert.is(s.busy, '');
  assert.is(s.base!.revision, 4);
  assert.is(s.base!.settings.buttonLabel, 'Join');
  assert.is(s.base!.title, 'Form');
  assert.ok(isDirty(s), 'the title typed while saving is not saved yet');
});

test('refused: the server problems shown until the next edit', () => {
  let s = reduce(initial, { type: 'loaded', saved: saved(1) });
  s = reduce(s, { type: 'busy', busy: 'saving' });
  s = reduce(s, { type: 'refused', problems: [{ path: 'x', message: 'No.' }] });
  assert.is(s.busy, '');
  assert.is(s.serverProblems.length, 1);
  s = reduce(s, { type: 'edit', path: 'settings.x', value: 1 });
  assert.equal(s.serverProblems, []);
});

test('conflict: theirs kept beside my draft; take theirs replaces both; a save over clears it', () => {
  let s = reduce(initial, { type: 'loaded', saved: saved(1) });
  s = reduce(s, { type: 'edit', path: 'settings.buttonLabel', value: 'Mine' });
  s = reduce(s, { type: 'conflict', theirs: saved(2, 'Theirs') });
  assert.is(s.conflict!.revision, 2);
  assert.is(s.draft!.settings.buttonLabel, 'Mine', 'my draft is kept');
  const taken = reduce(s, { type: 'takeTheirs' });
  assert.is(taken.conflict, null);
  assert.equal(taken.draft, draftOf(saved(2, 'Theirs')));
  assert.is(taken.base!.revision, 2);
  assert.not.ok(isDirty(taken));
  const over = reduce(s, { type: 'saved', sent: s.draft!, revision: 3, savedAt: null });
  assert.is(over.conflict, null);
  assert.is(over.base!.settings.buttonLabel, 'Mine');
});

test('view: a version held apart from the draft', () => {
  let s = reduce(initial, { type: 'loaded', saved: saved(5) });
  s = reduce(s, { type: 'view', version: saved(2, 'Old') });
  assert.is(s.viewing!.revision, 2);
  assert.is(s.draft!.settings.buttonLabel, 'Subscribe');
  assert.is(reduce(s, { type: 'view', version: null }).viewing, null);
});

test('optInText: a list is what its forms say', () => {
  assert.is(optInText([]), 'No forms');
  assert.is(optInText([true, true]), 'Double opt-in');
  assert.is(optInText([false]), 'Single opt-in');
  assert.is(optInText([true, false, false]), 'Mixed: 1 of 3 forms double opt-in');
});

test.run();
