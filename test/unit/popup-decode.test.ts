/** Character references in owner HTML (src/popup/html/decode.ts), as the sanitizer and the settings read them. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decode } from '../../src/popup/html/decode';

test('decode: named and numeric references; invalid code points become U+FFFD; unknown names stay', () => {
  const cases: [string, string][] = [
    ['&amp;&lt;&gt;&quot;&apos;', '&<>"\''],
    ['a&nbsp;b', 'a\u00a0b'],
    ['&#65;&#x42;&#X43;', 'ABC'],
    ['&#0;&#xD800;&#x110000;', '\ufffd\ufffd\ufffd'],
    ['&amp', '&'],
    ['&unknown; &', '&unknown; &'],
    ['&hellip;&rsquo;', '…’'],
    ['&mdash;', '&mdash;'],
  ];
  for (const [s, want] of cases) assert.is(decode(s), want, s);
});

test.run();
