/**
 * The studio's edits of the display rules (issue 36 part 1, src/studio/show-on-ops.ts) and how a problem of one of
 * their paths is named and placed (src/studio/names.ts): rules that say nothing are removed whole, so that the loader
 * fetches no judging file for the form.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { controlFor, describe } from '../../src/studio/names';
import { addPattern, patternsOf, removePattern, withRule } from '../../src/studio/show-on-ops';

test('edits: add and remove paths, set devices; what means no rule is dropped, empty rules removed', () => {
  assert.equal(addPattern(undefined, 'include'), { include: [''] });
  assert.equal(addPattern({ include: ['/a'] }, 'include'), { include: ['/a', ''] });
  assert.equal(addPattern({ devices: 'mobile' }, 'exclude'), { devices: 'mobile', exclude: [''] });
  assert.equal(removePattern({ include: ['/a', '/b'] }, 'include', 0), { include: ['/b'] });
  assert.is(removePattern({ include: ['/a'] }, 'include', 0), undefined, 'the last rule gone: no showOn');
  assert.equal(removePattern({ include: ['/a'], exclude: ['/c'] }, 'include', 0), { exclude: ['/c'] });
  assert.equal(withRule(undefined, 'devices', 'desktop'), { devices: 'desktop' });
  assert.is(withRule({ devices: 'desktop' }, 'devices', 'all'), undefined, 'all is no rule');
  assert.equal(withRule({ include: ['/a'], devices: 'mobile' }, 'devices', 'all'), { include: ['/a'] });
  assert.equal(withRule({ include: [], exclude: ['/x'] }, 'devices', 'mobile'), { exclude: ['/x'], devices: 'mobile' });
  // Rules of the wrong shape are replaced by rules of the right one (the checks said what was wrong).
  assert.equal(addPattern('mobile', 'include'), { include: [''] });
  assert.equal(addPattern({ include: '/a' }, 'include'), { include: [''] });
  // An unknown key the checks point at stays until the owner removes it: the edits change only their own.
  assert.equal(withRule({ device: 'mobile' }, 'devices', 'mobile'), { device: 'mobile', devices: 'mobile' });
  assert.equal(patternsOf({ exclude: ['/a', 7] }, 'exclude'), ['/a', 7]);
  assert.equal(patternsOf(null, 'include'), []);
});

test('a display rule path names its control: its label and its place, not a field', () => {
  const draft = { title: 't', requireConsent: false, settings: { showOn: { include: ['/a', 'b'] } } };
  assert.is(controlFor('settings.showOn.include[1]'), 'settings.showOn.include[1]');
  assert.is(describe('settings.showOn.include[1]', draft), 'Show on path 2');
  assert.is(describe('settings.showOn.exclude[0]', draft), 'Hide on path 1');
  assert.is(controlFor('settings.showOn.device'), 'settings.showOn');
  assert.is(describe('settings.showOn', draft), 'Display rules');
  assert.is(describe('settings.showOn.devices', draft), 'Devices');
  assert.is(
    describe('settings.fields[1].label', { ...draft, settings: { fields: [{}, { label: 'Name' }] } }),
    'Field 2 (Name): Label',
  );
});

test.run();
