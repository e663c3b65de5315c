/**
 * The dev build (issue 2, spec 4.1 step 3 and 7.2): embed.dev.js carries the popup, so with env 'dev' the form is
 * built directly, no versioned popup.js is fetched, and the stylesheets come unversioned from the settings' appDomain.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launch, newPage, snippetPage, startFixture } from './harness';
import { EMAIL_FIELD, HOST_BODY, MODAL, shown } from './popup-env';

test(`env dev: popup built directly from embed.dev.js, \
stylesheets from //{appDomain}/css/signup-forms/popup/`, async () => {
  const browser = await launch();
  const fx = await startFixture();
  try {
    fx.forms.set('dev1', { settings: { popupDelay: 0, version: '1.1', appDomain: fx.host, fields: [EMAIL_FIELD] } });
    // A dropdown comes with form-extras.js: the dev popup renders it from the unversioned copy beside embed.dev.js.
    const FREQ = { type: 'dropdown', name: 'FREQ', label: 'How often', merge_id: 3, choices: [{ value: 'Weekly' }] };
    fx.forms.set('dev2', {
      settings: { popupDelay: 0, version: '1.1', appDomain: fx.host, fields: [EMAIL_FIELD, FREQ] },
    });
    const url = fx.page(
      'dev.html',
      snippetPage(
        fx,
        { baseUrl: fx.host, uuid: 'dev1', lid: 'l', env: 'dev' },
        HOST_BODY,
        '/js/signup-forms/popup/embed.dev.js',
      ),
    );
    const { page, context, log } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(url);
    const { frame } = await shown(page, MODAL);
    const sheets = await frame.$$eval('link[rel=stylesheet]', (l) => l.map((x) => (x as HTMLLinkElement).href));
    assert.equal(sheets, [`${fx.origin}/css/signup-forms/popup/modal-1.css`]);
    assert.ok(await frame.$('input[name=EMAIL]'), 'the form is built');
    assert.not.ok(
      scripts.some((s) => s.endsWith('popup.js')),
      `no popup.js fetched: ${scripts}`,
    );
    // The stylesheets applied: the dialog has the width of spec 9.3's default max_width.
    assert.is(await frame.$eval('.mc-dialog', (d) => (d as HTMLElement).offsetWidth), 768);
    // The files beside it work with the dev popup: form-actions.js judges the field on blur, then the submit reaches
    // the provider and its answer shows; form-extras.js (beside it too) is not needed by this form.
    await frame.fill('input[name=EMAIL]', 'not an address');
    await frame.press('input[name=EMAIL]', 'Tab');
    await frame.waitForSelector('input[name=EMAIL][aria-invalid=true]');
    await frame.fill('input[name=EMAIL]', 'dev@example.com');
    await frame.press('input[name=EMAIL]', 'Enter');
    await frame.waitForSelector('.mc-success:not(:empty)');
    assert.ok(
      scripts.some((s) => s === '/js/signup-forms/popup/form-actions.js'),
      `form-actions.js fetched unversioned: ${scripts}`,
    );
    assert.equal(log.errors, []);
    await context.close();

    const extras = await newPage(browser);
    await extras.page.goto(
      fx.page(
        'dev2.html',
        snippetPage(
          fx,
          { baseUrl: fx.host, uuid: 'dev2', lid: 'l', env: 'dev' },
          HOST_BODY,
          '/js/signup-forms/popup/embed.dev.js',
        ),
      ),
    );
    const two = (await shown(extras.page, MODAL)).frame;
    await two.selectOption('select[name=FREQ]', 'Weekly');
    await two.fill('input[name=EMAIL]', 'dev2@example.com');
    await two.press('input[name=EMAIL]', 'Enter');
    await two.waitForSelector('.mc-success:not(:empty)');
    assert.equal(extras.log.errors, []);
    await extras.context.close();
  } finally {
    await browser.close();
    await fx.close();
  }
});

test.run();
