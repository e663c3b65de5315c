/**
 * What the studio's stage mounts (src/studio/preview.ts): the preview's parameters, the settings as a visitor gets
 * them, the view's banner, the stage's address, and the text-to-join note.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_FORMS } from '../../src/server/seed/forms';
import { forVisitor } from '../../src/form-model/visitor';
import { isLangTag, previewParams, smsNote, stageSettings, stageUrl, stageVersion } from '../../src/studio/preview';

test('previewParams: preview mode (spec 6), the cookies ignored, this provider as the content host', () => {
  assert.equal(previewParams({ uuid: 'u', lid: 'l', fId: 'f' }, 'http://127.0.0.1:8080'), {
    baseUrl: '127.0.0.1:8080',
    uuid: 'u',
    lid: 'l',
    fId: 'f',
    dev: false,
    uniqueMethods: false,
    ignoreCookie: true,
    isPreview: true,
    cdn: 'http://127.0.0.1:8080/',
  });
});

test("forVisitor: the form's direction, its language's when it sets none; none when it names no language", () => {
  const dir = (s: Record<string, unknown>) => forVisitor(s, 'list.example.com').dir;
  assert.is(dir({ lang: 'he' }), 'rtl');
  assert.is(dir({ lang: 'fr' }), 'ltr');
  assert.is(dir({ lang: 'fr', dir: 'rtl' }), 'rtl');
  assert.is(dir({}), undefined);
  assert.is(dir({ dir: 'sideways' }), 'sideways', 'a value the check refuses is left as it is: the popup ignores it');
});

test('stageSettings: as the provider answers a visitor (forVisitor), the badge added, the input untouched', () => {
  const s = {
    imageUrl: '/demo/a.svg',
    rewardsUrl: 'https://r.example/x',
    appDomain: '',
    buttonLabel: 'Go',
    fields: [
      { type: 'email', name: 'EMAIL' },
      { type: 'smsphone', name: 'SMS', smsProgramData: [{ imgSrc: '/demo/flag.svg', requiredTemplate: 'x' }, null] },
    ],
  };
  const before = JSON.stringify(s);
  const badge = { text: 'Powered by Us', url: 'https://us.example' };
  const out = stageSettings(s, 'list.example.com', badge, 'desktop');
  assert.equal(out, forVisitor(s, 'list.example.com', badge));
  assert.is(out.imageUrl, '//list.example.com/demo/a.svg');
  assert.is(
    (out.fields as { smsProgramData?: { imgSrc: string }[] }[])[1].smsProgramData![0].imgSrc,
    '//list.example.com/demo/flag.svg',
  );
  // Every settings object of the seed, alike.
  for (const f of DEMO_FORMS)
    assert.equal(stageSettings(f.settings, 'h:1', badge, 'desktop'), forVisitor(f.settings, 'h:1', badge), f.key);
  assert.is(JSON.stringify(s), before);
  assert.is(stageSettings({ imageUrl: '//cdn.example/a.png' }, 'h', false, 'desktop').imageUrl, '//cdn.example/a.png');
  assert.is(stageSettings({}, 'h', false, 'desktop').poweredBy, false);
  assert.is(
    stageSettings({ poweredBy: { text: 'x', url: 'y' } }, 'h', false, 'desktop').poweredBy,
    false,
    "the badge is the provider's",
  );
  assert.not.ok('poweredBy' in stageSettings({}, 'h', undefined, 'desktop'), 'no badge given: none added');
});

test('stageSettings: the phone view shows the form, the banner view the mobile banner, whatever the setting', () => {
  assert.is(stageSettings({ useMobileBanner: 'Y' }, 'h', false, 'phone').useMobileBanner, 'N');
  assert.is(stageSettings({ useMobileBanner: 'N' }, 'h', false, 'banner').useMobileBanner, 'Y');
  assert.is(stageSettings({ useMobileBanner: 'N' }, 'h', false, 'desktop').useMobileBanner, 'N');
});

test('stageVersion and stageUrl', () => {
  assert.is(stageVersion({ version: '1.1' }), '1.1');
  assert.is(stageVersion({ version: '../x' }), '1.0');
  assert.is(stageVersion({}), '1.0');
  assert.is(stageUrl('/studio/stage', '1.1', 'fr-CA', 'rtl'), '/studio/stage?v=1.1&lang=fr-CA&dir=rtl');
});

test('isLangTag: BCP 47 shapes, nothing that could reach markup', () => {
  for (const t of ['en', 'fr-CA', 'zh-Hant-TW', 'ar-u-nu-latn']) assert.ok(isLangTag(t), t);
  for (const t of ['', 'e', 'en_US', 'ar"><b>', 'en-', 'a'.repeat(9), `en${'-abcdefgh'.repeat(4)}`])
    assert.not.ok(isLangTag(t), t);
});

test('smsNote: what a text-to-join link would do, said; other links are not notes', () => {
  assert.is(
    smsNote('sms:+15555550123?&body=SIGNUP', 'Join via text'),
    "Join via text: on a visitor's phone this opens their messaging app with a text to +15555550123 saying SIGNUP. " +
      'The preview sends nothing.',
  );
  assert.match(smsNote('SMS:%2B1555', '')!, /^This text link: .* to \+1555\. /);
  assert.match(smsNote('sms:%E0%A4%A', 'x')!, /to %E0%A4%A\./, 'a malformed escape as written');
  assert.is(smsNote('https://example.com', 'x'), null);
  assert.is(smsNote('', 'x'), null);
});

test.run();
