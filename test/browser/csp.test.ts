/**
 * A strict Content-Security-Policy through a whole subscribe (issue 8): no 'unsafe-inline', no 'unsafe-eval', only the
 * provider's origin, and then the same with `require-trusted-types-for 'script'` and the one named policy. Zero
 * violations, in the host page and in the popup's frames (which inherit the host's policy).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { TT_POLICY } from '../../src/constants';
import { demoForm } from '../../src/server/seed/forms';
import { launch, newPage, plain, startFixture, until, type Fixture } from './harness';
import { EMAIL_FIELD, MODAL, shown } from './popup-env';

/** The directives an owner needs for the popup, given the provider's origin (README lists the same). */
export const directives = (origin: string, trustedTypes: boolean): string =>
  [
    "default-src 'none'",
    `script-src ${origin}`,
    `style-src ${origin}`,
    `img-src ${origin}`,
    // The counts' beacon (issue 36 item 2) to a provider that says providerCounts.
    `connect-src ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    ...(trustedTypes ? ["require-trusted-types-for 'script'", `trusted-types ${TT_POLICY}`] : []),
  ].join('; ');

/** A host page whose only script is embed.js with data attributes (no inline script: the policy forbids it). */
const hostPage = (
  fx: Fixture,
  uuid: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title></head>
<body><main><h1>Strict host</h1></main>
<script src="${fx.origin}/js/signup-forms/popup/embed.js" data-base-url="${fx.host}"
data-uuid="${uuid}" data-lid="l1"></script></body></html>`;

/** Subscribes through the popup and returns every CSP or Trusted Types complaint the page logged. */
async function subscribe(page: Page, violations: string[], extras: boolean): Promise<void> {
  const { frame } = await shown(page, MODAL);
  await frame.fill('input[name=EMAIL]', 'strict.csp@example.com');
  if (extras) {
    // The parts that come from form-extras.js and countries.js work under the policy too.
    await frame.waitForSelector('select[name="ADDRESS[country]"] option[value="262"]', { state: 'attached' });
    for (const [k, v] of [
      ['addr1', '1 Harbour Road'],
      ['city', 'Portsmouth'],
      ['state', 'Hampshire'],
      ['zip', 'PO1 2AB'],
    ])
      await frame.fill(`[name="ADDRESS[${k}]"]`, v);
    await frame.selectOption('select[name="ADDRESS[country]"]', '262');
    await frame.check('.mc-gdpr input[type=checkbox]');
  }
  await frame.click('button[type=submit]');
  await frame.waitForSelector('.mc-success:not(:empty)');
  assert.match((await frame.textContent('.mc-success')) || '', 'Thank you');
  assert.equal(violations, []);
}

/** The GDPR demo form with an optional address field: form-extras.js and countries.js load beside popup.js. */
const extrasSettings = () => {
  const gdpr = demoForm('gdpr')!.settings as { fields: Record<string, unknown>[] };
  const address = (demoForm('every-field')!.settings as { fields: Record<string, unknown>[] }).fields.find(
    (f) => f.type === 'address',
  )!;
  // Display rules too (issue 36): embed-extras.js and embed-rules.js load and judge under the policy.
  return {
    ...gdpr,
    popupDelay: 0,
    fields: [...gdpr.fields, { ...address, required: false }],
    showOn: { include: ['*'] },
  };
};

// One Chromium and one fixture for the file: each test has its own account (uuid), page and context.
let browser: Browser;
let fx: Fixture;
test.before(async () => {
  browser = await launch();
  fx = await startFixture();
});
test.after(async () => {
  await browser?.close();
  await fx?.close();
});

for (const tt of [false, true])
  for (const extras of [false, true])
    test(`strict CSP${tt ? ' + Trusted Types' : ''}: \
a whole subscribe, no violation${extras ? ', with form-extras.js, countries.js and display rules' : ''}`, async () => {
      const { page, context, log } = await newPage(browser);
      try {
        const uuid = (tt ? 'strict-tt' : 'strict') + (extras ? '-extras' : '');
        fx.forms.set(uuid, {
          // providerCounts as the reference provider answers: its beacons go out under the policy too.
          settings: extras
            ? { ...extrasSettings(), providerCounts: true }
            : {
                providerCounts: true,
                popupDelay: 0,
                description: '<h2>Strict</h2><p style="color:#333">Styled text</p>',
                fields: [EMAIL_FIELD],
              },
        });
        const url = fx.page(`${uuid}.html`, hostPage(fx, uuid), {
          'Content-Security-Policy': directives(fx.origin, tt),
        });
        const violations: string[] = [];
        const beacons: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/subscribe/form-event')) beacons.push(r.url());
        });
        page.on('console', (m) => {
          if (/Content Security Policy|Trusted ?Type|TrustedHTML|TrustedScript/i.test(m.text()))
            violations.push(m.text());
        });
        await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
        await page.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            (window as unknown as { reportViolation(v: string): void }).reportViolation(
              `${e.violatedDirective} ${e.blockedURI}`,
            ),
          ),
        );
        await page.goto(url);
        await subscribe(page, violations, extras);
        assert.equal(log.errors, []);
        const loaded = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).map(
          (u) => plain(u).split('/').pop(),
        );
        assert.is(
          loaded.includes('form-extras.js') && loaded.includes('countries.js'),
          extras,
          'form-extras.js and countries.js loaded when needed',
        );
        assert.is(loaded.includes('embed-rules.js'), extras, 'embed-rules.js loaded for display rules');
        assert.is(fx.calls('form-post-json').filter((c) => c.query.u === uuid).length, 1);
        // The beacon goes once counts.js, a script beside popup.js, has loaded under the policy too.
        await until(() => beacons.length >= 1, 'the reveal beaconed');
        const counts = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).map(
          (u) => plain(u).split('/').pop(),
        );
        assert.ok(counts.includes('counts.js'), 'counts.js loaded');
        assert.equal(violations, []);
        assert.equal(log.errors, []);
      } finally {
        await context.close();
      }
    });

test.run();
