import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBeacon } from '../../src/blog/beacon';

test('parseBeacon: well-formed views and clicks pass through', () => {
  assert.equal(parseBeacon('{"t":"view","b":4217,"p":101,"u":"/posts/a"}'), {
    t: 'view',
    b: 4217,
    p: 101,
    u: '/posts/a',
  });
  assert.equal(parseBeacon('{"t":"view","b":4217,"p":0,"u":"/"}'), { t: 'view', b: 4217, p: 0, u: '/' });
  assert.equal(parseBeacon('{"t":"click","b":1,"p":2,"m":"post","k":"download","h":"http://x.test/a.pdf","extra":1}'), {
    t: 'click',
    b: 1,
    p: 2,
    m: 'post',
    k: 'download',
    h: 'http://x.test/a.pdf',
  });
  assert.equal(parseBeacon('{"t":"click","b":1,"p":2,"m":"home","k":"outbound","h":"https://y.test/"}')?.t, 'click');
});

test('parseBeacon: anything malformed, over-long or unknown is null', () => {
  const long = 'x'.repeat(2001);
  const cases: string[] = [
    '',
    'null',
    '[]',
    '"view"',
    '{',
    '{}',
    '{"t":"view","b":-1,"p":1,"u":"/"}',
    '{"t":"view","b":1.5,"p":1,"u":"/"}',
    '{"t":"view","b":"1","p":1,"u":"/"}',
    '{"t":"view","b":1,"u":"/"}',
    '{"t":"view","b":1,"p":1,"u":"http://evil.test/"}',
    '{"t":"view","b":1,"p":1,"u":""}',
    `{"t":"view","b":1,"p":1,"u":"/${long}"}`,
    '{"t":"visit","b":1,"p":1,"u":"/"}',
    '{"t":"click","b":1,"p":1,"m":"post","k":"hash","h":"http://x.test/"}',
    '{"t":"click","b":1,"p":1,"m":"post","k":"link","h":"javascript:alert(1)"}',
    '{"t":"click","b":1,"p":1,"m":"","k":"link","h":"http://x.test/"}',
    `{"t":"click","b":1,"p":1,"m":"${'m'.repeat(21)}","k":"link","h":"http://x.test/"}`,
    `{"t":"view","b":1,"p":1,"u":"/","pad":"${'x'.repeat(4100)}"}`,
    // U+0000, which PostgreSQL cannot store in text.
    '{"t":"view","b":1,"p":1,"u":"/a\\u0000"}',
    '{"t":"click","b":1,"p":1,"m":"po\\u0000st","k":"link","h":"http://x.test/"}',
  ];
  for (const c of cases) assert.is(parseBeacon(c), null, c.slice(0, 80));
});

test.run();
