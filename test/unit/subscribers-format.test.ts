/** The owner's export (`npm run subscribers -- --csv`, src/server/subscribers/format.ts): one cell at a time. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvCell, plain } from '../../src/server/subscribers/format';

test('plain: C0, DEL, C1 and bidirectional controls become spaces, everything else stays', () => {
  const cases: [string, string][] = [
    ['Eve\u001b]0;pwned\u0007', 'Eve ]0;pwned '],
    ['ann\u202e@example.moc', 'ann @example.moc'],
    ['\u202a\u202b\u202c\u202d x \u2066\u2067\u2068\u2069', '     x     '],
    ['שלום \u200f Ann \u200e', 'שלום \u200f Ann \u200e'],
    ['a\u009b31mb', 'a 31mb'],
    ['tab\there\r\nline', 'tab here  line'],
    ['nul\u0000del\u007f', 'nul del '],
    ['Zoë 北 🙂 \u00a0', 'Zoë 北 🙂 \u00a0'],
  ];
  for (const [v, want] of cases) assert.is(plain(v), want, JSON.stringify(v));
});

test('csvCell: no control character survives; quotes, commas and formulas as before', () => {
  const cases: [string, string][] = [
    ['Ann', 'Ann'],
    ['Quote "me", please', '"Quote ""me"", please"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', "'+1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "' =1+1"],
    ['\r-2', "' -2"],
    ['Eve\u001b]0;pwned\u0007', 'Eve ]0;pwned '],
    ['two\r\nlines', 'two  lines'],
    ['', ''],
  ];
  for (const [v, want] of cases) assert.is(csvCell(v), want, JSON.stringify(v));
});

test('csvCell: a cell that is plainly a phone number keeps its +, anything more keeps the guard', () => {
  const cases: [string, string][] = [
    ['+1 415 555 0100', '+1 415 555 0100'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['+1-415-555-0100', '+1-415-555-0100'],
    ['+33 1.23.45.67.89', '+33 1.23.45.67.89'],
    ['+1', '+1'],
    ['+1 415 555 0100 x12', "'+1 415 555 0100 x12"],
    ['+1 415+555', "'+1 415+555"],
    ['+1*2', "'+1*2"],
    ['+A1', "'+A1"],
    ['+()', "'+()"],
    [' +1 415 555 0100', "' +1 415 555 0100"],
    ['\t+1 415', "' +1 415"],
    ['+1 (415), 555', `"'+1 (415), 555"`],
    ['-1 415 555 0100', "'-1 415 555 0100"],
    ['=1+2', "'=1+2"],
  ];
  for (const [v, want] of cases) assert.is(csvCell(v), want, JSON.stringify(v));
});

test.run();
