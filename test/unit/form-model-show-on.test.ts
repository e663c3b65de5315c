/**
 * Display rules (issue 36 part 1, src/form-model/show-on.ts, check-show-on.ts): tables of paths a pattern matches and
 * does not, of pages and widths a form's rules show it on, and of rules the checks refuse with their reasons; the
 * mobile view is the popup's one rule (view.ts, spec 9.3).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSettings } from '../../src/form-model/check';
import { checkShowOn, PATTERN_MAX, PATTERNS_MAX } from '../../src/form-model/check-show-on';
import type { Problem } from '../../src/form-model/problems';
import { pathMatches, showsOn } from '../../src/form-model/show-on';
import { maxWidthOf, mobileView } from '../../src/form-model/view';
import { isMobile, normalize } from '../../src/popup/settings';

test('pathMatches: * any run of characters, the whole path, a trailing slash aside', () => {
  const cases: [pattern: string, path: string, want: boolean][] = [
    ['*', '/', true],
    ['*', '/anything/at/all', true],
    ['/', '/', true],
    ['/', '/about', false],
    ['/about', '/about', true],
    ['/about', '/about/', true],
    ['/about/', '/about', true],
    ['/about', '/about/team', false],
    ['/about', '/aboutus', false],
    ['/about', '/team/about', false],
    ['/About', '/about', false],
    ['/posts/*', '/posts/hello', true],
    ['/posts/*', '/posts/2024/hello', true],
    ['/posts/*', '/posts/', true],
    ['/posts/*', '/posts', false],
    ['/posts/*', '/postscript', false],
    ['/checkout*', '/checkout', true],
    ['/checkout*', '/checkout/step-2', true],
    ['/checkout*', '/checkouts', true],
    ['/checkout*', '/cart/checkout', false],
    ['*/amp', '/posts/hello/amp', true],
    ['*/amp', '/posts/hello', false],
    ['/shop/*/reviews', '/shop/boots/reviews', true],
    ['/shop/*/reviews', '/shop/boots', false],
    // Characters of regular expressions are themselves.
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/(x)+', '/(x)+', true],
    ['/(x)+', '/xx', false],
    ['/a[1]', '/a[1]', true],
    ['/$^', '/$^', true],
    ['/a\\b', '/a\\b', true],
    [' /about ', '/about', true],
  ];
  for (const [pattern, path, want] of cases) assert.is(pathMatches(pattern, path), want, `${pattern} on ${path}`);
});

test('showsOn: no rules everywhere; include, exclude winning, devices by the mobile view', () => {
  const W = 768;
  const cases: [what: string, showOn: unknown, path: string, width: number, want: boolean][] = [
    ['no rules', undefined, '/checkout', 1280, true],
    ['rules not an object', 'mobile', '/checkout', 1280, true],
    ['empty rules', {}, '/x', 390, true],
    ['an empty include is every page', { include: [] }, '/x', 1280, true],
    ['included', { include: ['/posts/*'] }, '/posts/a', 1280, true],
    ['not included', { include: ['/posts/*'] }, '/about', 1280, false],
    ['one of two included', { include: ['/about', '/posts/*'] }, '/about/', 1280, true],
    ['excluded', { exclude: ['/checkout*'] }, '/checkout/pay', 1280, false],
    ['not excluded', { exclude: ['/checkout*'] }, '/posts/a', 1280, true],
    ['exclude wins', { include: ['/posts/*'], exclude: ['/posts/private'] }, '/posts/private', 1280, false],
    ['exclude wins over *', { include: ['*'], exclude: ['/cart'] }, '/cart', 1280, false],
    ['a path as read', { exclude: ['/café'] }, '/caf%C3%A9', 1280, false],
    ['a path as sent', { exclude: ['/caf%C3%A9'] }, '/caf%C3%A9', 1280, false],
    ['a broken escape is matched as sent', { exclude: ['/100%'] }, '/100%', 1280, false],
    ['non-strings are no patterns', { include: [7, null, '/a'] }, '/a', 1280, true],
    ['a list that is no list', { include: '/a' }, '/b', 1280, true],
    ['devices all', { devices: 'all' }, '/', 390, true],
    ['devices unknown: all', { devices: 'tablet' }, '/', 390, true],
    ['mobile at 390', { devices: 'mobile' }, '/', 390, true],
    ['mobile at 748, the edge', { devices: 'mobile' }, '/', 748, true],
    ['mobile at 749', { devices: 'mobile' }, '/', 749, false],
    ['mobile at 1280', { devices: 'mobile' }, '/', 1280, false],
    ['desktop at 1280', { devices: 'desktop' }, '/', 1280, true],
    ['desktop at 749', { devices: 'desktop' }, '/', 749, true],
    ['desktop at 748', { devices: 'desktop' }, '/', 748, false],
    ['desktop at 390', { devices: 'desktop' }, '/', 390, false],
    ['mobile and included', { include: ['/p/*'], devices: 'mobile' }, '/p/1', 390, true],
    ['mobile but not included', { include: ['/p/*'], devices: 'mobile' }, '/q', 390, false],
  ];
  for (const [what, rules, path, width, want] of cases) assert.is(showsOn(rules, W, path, width), want, what);
  // The form's own max width moves the line.
  assert.is(showsOn({ devices: 'mobile' }, 600, '/', 580), true);
  assert.is(showsOn({ devices: 'mobile' }, 600, '/', 581), false);
});

test("the mobile view is one rule: the display rules' and the popup's agree at every width", () => {
  for (const modal of [undefined, {}, { max_width: 600 }, { max_width: '500px' }, { max_width: 0 }, 0]) {
    const s = normalize({ styles: { modal } });
    assert.is(maxWidthOf(modal), s.maxWidth, JSON.stringify(modal));
    for (let w = 300; w <= 1300; w += 1)
      assert.is(showsOn({ devices: 'mobile' }, maxWidthOf(modal), '/', w), isMobile(s, w), `${s.maxWidth}/${w}`);
  }
  assert.is(maxWidthOf({ max_width: 0 }), 768, 'the default for 0');
  assert.is(mobileView(768, 748), true);
  assert.is(mobileView(768, 749), false);
});

/** The problems of `showOn` alone. */
const problems = (showOn: unknown): Problem[] => {
  const out: Problem[] = [];
  checkShowOn(showOn, out);
  return out;
};

test('checks: what the judging would misread or never match is a problem at its path, with a reason', () => {
  const cases: [what: string, showOn: unknown, want: [path: string, message: RegExp][]][] = [
    ['absent', undefined, []],
    ['null', null, []],
    ['empty', {}, []],
    ['every key', { include: ['/posts/*', '*'], exclude: ['/checkout*'], devices: 'mobile' }, []],
    ['devices all and desktop', { devices: 'desktop', include: [] }, []],
    ['a string', '/posts/*', [['showOn', /must be an object of include, exclude and devices, not "\/posts\/\*"/]]],
    ['a list', ['/a'], [['showOn', /must be an object/]]],
    ['an unknown key', { device: 'mobile' }, [['showOn.device', /no "device" \(only include, exclude and devices\)/]]],
    [
      'an unknown device',
      { devices: 'tablet' },
      [['showOn.devices', /Devices must be all, desktop or mobile, not "tablet"/]],
    ],
    ['devices in capitals', { devices: 'Mobile' }, [['showOn.devices', /not "Mobile"/]]],
    ['include not a list', { include: '/posts/*' }, [['showOn.include', /Show on must be a list of paths/]]],
    ['exclude not a list', { exclude: { a: 1 } }, [['showOn.exclude', /Hide on must be a list of paths/]]],
    [
      'a pattern without its slash',
      { include: ['/a', 'posts/*'] },
      [['showOn.include[1]', /Show on path 2 must start with \/ .* not "posts\/\*"/]],
    ],
    ['an empty pattern', { exclude: [' '] }, [['showOn.exclude[0]', /Hide on path 1 is empty/]]],
    ['a number', { include: [7] }, [['showOn.include[0]', /must be a path such as \/blog\/\*, not "7"/]]],
    [
      'an address',
      { exclude: ['https://shop.test/checkout'] },
      [['showOn.exclude[0]', /is an address, not a path: write the path alone \("\/checkout"\)/]],
    ],
    ['a host-relative address', { exclude: ['//shop.test/'] }, [['showOn.exclude[0]', /is an address/]]],
    ['a query', { include: ['/search?q=*'] }, [['showOn.include[0]', /without spaces, a query \(\?…\) or a fragment/]]],
    ['a fragment', { include: ['/#top'] }, [['showOn.include[0]', /a fragment/]]],
    ['a space', { include: ['/my page'] }, [['showOn.include[0]', /without spaces/]]],
    ['the longest pattern', { include: ['/' + 'a'.repeat(PATTERN_MAX - 1)] }, []],
    ['a pattern too long', { include: ['/' + 'a'.repeat(PATTERN_MAX)] }, [['showOn.include[0]', /keep it to 300/]]],
    ['the most patterns', { include: Array.from({ length: PATTERNS_MAX }, (_, i) => `/p${i}`) }, []],
    [
      'too many patterns',
      { exclude: Array.from({ length: PATTERNS_MAX + 1 }, (_, i) => `/p${i}`) },
      [['showOn.exclude', /has 51 paths: keep it to 50/]],
    ],
    [
      'hide on every page',
      { exclude: ['*'] },
      [['showOn.exclude[0]', /hides the form on every page: .*Show this form to visitors/]],
    ],
    [
      'a path in both lists',
      { include: ['/a', '/b'], exclude: ['/b'] },
      [['showOn.exclude[0]', /"\/b" is in both Show on and Hide on/]],
    ],
  ];
  for (const [what, showOn, want] of cases) {
    const got = problems(showOn);
    assert.equal(
      got.map((p) => p.path),
      want.map(([path]) => path),
      what,
    );
    got.forEach((p, i) => {
      assert.match(p.message, want[i][1], what);
    });
  }
});

test('checkSettings carries the display rules: a bad pattern or device is refused, good rules pass', () => {
  const form = { fields: [{ type: 'email', name: 'EMAIL', label: 'Email', merge_id: 0 }] };
  assert.equal(checkSettings({ ...form, showOn: { include: ['/posts/*'], devices: 'desktop' } }), []);
  assert.equal(
    checkSettings({ ...form, showOn: { include: ['posts'], devices: 'phone' } }).map((p) => p.path),
    ['showOn.include[0]', 'showOn.devices'],
  );
});

test.run();
