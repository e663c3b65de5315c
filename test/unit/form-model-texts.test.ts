/**
 * The built-in texts (issue 35 item 5, src/form-model/texts.ts): a form's translation by the English, the success
 * message's fallbacks, the list the studio offers; and the form's language and direction (src/form-model/language.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_SUCCESS_MSG } from '../../src/constants';
import { BUILT_IN_TEXTS } from '../../src/form-model/built-in-texts';
import { directionOf, formDirection, languageOf } from '../../src/form-model/language';
import { DEFAULT_MESSAGES, STORE_MESSAGES } from '../../src/form-model/rules';
import { CHECK_INBOX_MSG, localize, successText } from '../../src/form-model/texts';

test('localize: the translation of an English text, else the English', () => {
  const t = { Close: 'Fermer', City: 'Ville' };
  const cases: [string, string][] = [
    ['Close', 'Fermer'],
    ['City', 'Ville'],
    ['Country', 'Country'],
    ['', ''],
  ];
  for (const [en, want] of cases) assert.is(localize(t, en), want, en);
});

test("successText: the owner's message, else the built-in one in the form's language; double opt-in says so", () => {
  const m = (over: Record<string, unknown>) => ({
    doubleOptIn: false,
    doubleOptInMsg: '',
    successMsg: '',
    translations: {},
    ...over,
  });
  const cases: [Record<string, unknown>, string][] = [
    [{}, DEFAULT_SUCCESS_MSG],
    [{ successMsg: '<b>Thanks!</b>' }, '<b>Thanks!</b>'],
    [{ translations: { [DEFAULT_SUCCESS_MSG]: 'Merci !' } }, 'Merci !'],
    [{ successMsg: 'Yay', translations: { [DEFAULT_SUCCESS_MSG]: 'Merci !' } }, 'Yay'],
    [{ doubleOptIn: true }, CHECK_INBOX_MSG],
    [{ doubleOptIn: true, successMsg: 'Yay' }, CHECK_INBOX_MSG],
    [{ doubleOptIn: true, doubleOptInMsg: 'Check mail' }, 'Check mail'],
    [{ doubleOptIn: true, translations: { [CHECK_INBOX_MSG]: 'Bitte bestätigen.' } }, 'Bitte bestätigen.'],
  ];
  for (const [over, want] of cases) assert.is(successText(m(over)), want, JSON.stringify(over));
});

test('the list of built-in texts: each once, none a validation message key (one translation for both)', () => {
  const all = BUILT_IN_TEXTS.flatMap(([, texts]) => texts);
  assert.is(new Set(all).size, all.length, 'each text once');
  const keys = new Set([...Object.keys(DEFAULT_MESSAGES), ...Object.keys(STORE_MESSAGES)]);
  assert.equal(
    all.filter((t) => keys.has(t)),
    [],
  );
  for (const t of all) assert.ok(t.trim() === t && t, JSON.stringify(t));
});

test('languageOf and directionOf: a language tag, ltr or rtl; anything else is none', () => {
  const langs: [unknown, string][] = [
    ['fr', 'fr'],
    [' pt-BR ', 'pt-BR'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['f', ''],
    ['fr_FR', ''],
    ['fr"><script>', ''],
    ['x'.repeat(36), ''],
    [{}, ''],
    [undefined, ''],
  ];
  for (const [v, want] of langs) assert.is(languageOf(v), want, String(v));
  const dirs: [unknown, string][] = [
    ['rtl', 'rtl'],
    ['ltr', 'ltr'],
    [' rtl ', 'rtl'],
    ['RTL', ''],
    ['auto', ''],
    [1, ''],
  ];
  for (const [v, want] of dirs) assert.is(directionOf(v), want, String(v));
});

test("formDirection: the form's dir, else its language's (right to left for those written so), else the page's", () => {
  const cases: [unknown, unknown, string][] = [
    ['rtl', 'fr', 'rtl'],
    ['ltr', 'ar', 'ltr'],
    ['', 'ar', 'rtl'],
    [undefined, 'he-IL', 'rtl'],
    [undefined, 'fa', 'rtl'],
    [undefined, 'ckb', 'rtl'],
    [undefined, 'fr', 'ltr'],
    [undefined, 'arn', 'ltr'],
    [undefined, 'hr', 'ltr'],
    ['auto', 'en', 'ltr'],
    [undefined, '', ''],
    [undefined, 'not a tag', ''],
  ];
  for (const [dir, lang, want] of cases) assert.is(formDirection(dir, lang), want, `${dir} ${lang}`);
});

test.run();
