/** Statistics of the blog script (spec 3.9, 7.3, 9.5) on server-rendered HTML in linkedom. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLOG_STATS_PATH } from '../../src/blog/constants';
import { initStats } from '../../src/blog/client/stats';
import { homeHtml, load, postHtml, type WinOptions } from './blog-env';

const logbook = (o: WinOptions = {}) => {
  const x = load(postHtml('keepers-logbook-and-charts').html, {
    url: 'http://blog.test/posts/keepers-logbook-and-charts',
    ...o,
  });
  initStats(x.d, x.w);
  return x;
};
/** Beacons as [url, body]; click addresses resolved against the page, as a browser's a.href is (linkedom's is not). */
const sent = (beacons: [string, string][]) =>
  beacons.map(([url, body]) => {
    const b = JSON.parse(body);
    if (b.h) b.h = new URL(b.h, 'http://blog.test/posts/keepers-logbook-and-charts').href;
    return [url, b];
  });

test('a page view with blog id and post id', () => {
  assert.equal(sent(logbook().beacons), [
    [BLOG_STATS_PATH, { t: 'view', b: 4217, p: 102, u: '/posts/keepers-logbook-and-charts' }],
  ]);
  const home = load(homeHtml(), { url: 'http://blog.test/' });
  initStats(home.d, home.w);
  assert.equal(sent(home.beacons), [[BLOG_STATS_PATH, { t: 'view', b: 4217, p: 0, u: '/' }]]);
});

test(`clicks on downloads, outbound and other links, with the mode; same-page links are not tracked; \
nothing is cancelled`, () => {
  const x = logbook();
  const click = (sel: string, type = 'click') => {
    const a = x.d.querySelector(sel);
    assert.ok(a, sel);
    assert.not.ok(x.fire(a as Element, type).defaultPrevented, sel);
  };
  click('a[href$="weather-log-2026.pdf"]');
  click('a[href$="tide-tables.zip"]', 'auxclick');
  click('a[href="https://www.nlb.org.uk/"]');
  click('.entry-content a[href="/posts/storm-season-notes"]');
  click('.comments-link');
  click('.skip-link');
  assert.equal(sent(x.beacons).slice(1), [
    [
      BLOG_STATS_PATH,
      { t: 'click', b: 4217, p: 102, m: 'post', k: 'download', h: 'http://blog.test/blog/files/weather-log-2026.pdf' },
    ],
    [
      BLOG_STATS_PATH,
      { t: 'click', b: 4217, p: 102, m: 'post', k: 'download', h: 'http://blog.test/blog/files/tide-tables.zip' },
    ],
    [BLOG_STATS_PATH, { t: 'click', b: 4217, p: 102, m: 'post', k: 'outbound', h: 'https://www.nlb.org.uk/' }],
    [
      BLOG_STATS_PATH,
      { t: 'click', b: 4217, p: 102, m: 'post', k: 'link', h: 'http://blog.test/posts/storm-season-notes' },
    ],
  ]);
});

test('nothing at all under Global Privacy Control or Do Not Track, or without sendBeacon', () => {
  const cases: WinOptions[] = [{ gpc: true }, { doNotTrack: '1' }, { doNotTrack: 'yes' }, { sendBeacon: false }];
  for (const o of cases) {
    const x = logbook(o);
    x.fire(x.d.querySelector('a[href="https://www.nlb.org.uk/"]') as Element, 'click');
    assert.equal(x.beacons, [], JSON.stringify(o));
  }
  assert.is(logbook({ doNotTrack: '0' }).beacons.length, 1);
});

test.run();
