import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { linkKind, mayTrack, type LinkKind, type PrivacySignals } from '../../src/blog/stats';

test('mayTrack: nothing under Global Privacy Control or Do Not Track (spec 7.3)', () => {
  const cases: [PrivacySignals, boolean][] = [
    [{}, true],
    [{ globalPrivacyControl: false, doNotTrack: null, windowDoNotTrack: null }, true],
    [{ doNotTrack: '0' }, true],
    [{ doNotTrack: 'unspecified' }, true],
    [{ globalPrivacyControl: true }, false],
    [{ doNotTrack: '1' }, false],
    [{ doNotTrack: 'yes' }, false],
    [{ windowDoNotTrack: '1' }, false],
    [{ windowDoNotTrack: '0' }, true],
    [{ globalPrivacyControl: true, doNotTrack: '0' }, false],
  ];
  for (const [s, want] of cases) assert.is(mayTrack(s), want, JSON.stringify(s));
});

test('linkKind: downloads by file type, outbound by host, same-page links ignored (spec 9.5)', () => {
  const page = 'http://blog.test/posts/a?x=1#top';
  const cases: [string, LinkKind | null][] = [
    ['/blog/files/log.pdf', 'download'],
    ['/f/a.PDF', 'download'],
    ['https://other.test/report.xlsx', 'download'],
    ...['doc', 'pdf', 'ppt', 'zip', 'xls', 'docx', 'pptx', 'xlsx'].map((e): [string, LinkKind] => [
      `/files/x.${e}`,
      'download',
    ]),
    ['/files/x.pdfx', 'link'],
    ['/files/x.txt', 'link'],
    ['/files/x.pdf?dl=1', 'download'],
    ['https://www.nlb.org.uk/', 'outbound'],
    ['http://blog.test:8080/', 'outbound'],
    ['/posts/b', 'link'],
    ['/', 'link'],
    ['#comments', null],
    ['/posts/a?x=1#respond', null],
    ['/posts/a?x=2', 'link'],
    ['mailto:a@b.test', null],
    ['javascript:void(0)', null],
    ['tel:123', null],
  ];
  for (const [href, want] of cases) assert.is(linkKind(href, page), want, href);
  assert.is(linkKind('/x', 'not a url'), null);
});

test.run();
