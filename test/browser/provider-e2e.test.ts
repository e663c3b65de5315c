/**
 * The reference provider end to end in Chromium (issue 5 'Tests', issue 8 rate limit): the demo host page's real
 * embed snippet, the real popup, a subscribe that lands as a row in the SQLite file; double opt-in through the
 * mailbox; a rate-limited submit shown in the form; and the owner preview rendering every demo form with popup.js
 * and no server calls.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { listSubscribers } from '../../src/server/db/subscribers';
import { DEMO_FORMS, demoForm } from '../../src/server/seed/forms';
import { MSG_RATE_CLIENT } from '../../src/server/subscribe/messages';
import { FRAME_TITLE } from '../../src/constants';
import { DIST, launch, newPage } from './harness';

const ctx = { browser: null as unknown as Browser, dirs: [] as string[] };
const E = suite('provider end to end', ctx);

E.before(async () => {
  ctx.browser = await launch();
});
E.after(async () => {
  await ctx.browser.close();
  for (const d of ctx.dirs) rmSync(d, { recursive: true, force: true });
});

/** A reference provider over a new temporary database, serving the built dist/. */
async function provider(opts: Partial<ProviderOptions> = {}): Promise<Provider> {
  const dir = mkdtempSync(join(tmpdir(), 'provider-e2e-'));
  ctx.dirs.push(dir);
  return startProvider({ dbPath: join(dir, 'provider.sqlite'), distDir: DIST, quiet: true, rateLimit: false, ...opts });
}

/** The popup's frame once its e-mail input is visible. */
async function popupFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    for (const f of page.frames())
      if (f !== page.mainFrame() && (await f.$('input[type=email]').catch(() => null))) return f;
    await page.waitForTimeout(100);
  }
  throw Error('the popup did not open');
}

/** Fills the e-mail, submits, and waits for the form's answer text. */
async function submit(frame: Frame, email: string, expect: RegExp): Promise<void> {
  await frame.fill('input[type=email]', email);
  await frame.click('[type=submit]');
  await frame.waitForFunction((src) => new RegExp(src).test(document.body.textContent || ''), expect.source, {
    timeout: 10000,
  });
}

/** Provider calls a page made, by path. */
const providerCalls = (page: Page): string[] => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/subscribe/')) calls.push(u.pathname);
  });
  return calls;
};

E("the demo page's embed snippet to a row in the database, with no page error", async () => {
  const p = await provider();
  const { context, page, log } = await newPage(ctx.browser);
  try {
    const calls = providerCalls(page);
    await page.goto(`${p.origin}/demo?form=modal`);
    const frame = await popupFrame(page);
    await submit(frame, 'Browser.Person@example.com', /Thank you for subscribing!/);
    const rows = await listSubscribers(p.store, demoForm('modal')!.lid);
    assert.equal(
      rows.map((r) => [r.email, r.status]),
      [['Browser.Person@example.com', 'subscribed']],
    );
    assert.equal(calls, ['/subscribe/form-settings', '/subscribe/form-post-json']);
    assert.equal(log.errors, []);
    assert.equal(
      log.console.filter((m) => m.type === 'error'),
      [],
    );
  } finally {
    await context.close();
    await p.close();
  }
});

E('double opt-in: the popup says to confirm, the mailbox link confirms the row', async () => {
  const p = await provider();
  const { context, page } = await newPage(ctx.browser);
  try {
    const f = demoForm('double-opt-in')!;
    await page.goto(`${p.origin}/demo?form=double-opt-in`);
    await submit(
      await popupFrame(page),
      'confirm.me@example.com',
      new RegExp(
        String(f.settings.doubleOptInSuccessMessage)
          .slice(0, 20)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      ),
    );
    assert.is((await listSubscribers(p.store, f.lid))[0].status, 'pending');
    await page.goto(`${p.origin}/mailbox`);
    await page.click('a[href*="/subscribe/confirm?token="]');
    // The link's page asks; its button confirms.
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.waitForSelector('text=Subscription confirmed');
    assert.is((await listSubscribers(p.store, f.lid))[0].status, 'subscribed');
  } finally {
    await context.close();
    await p.close();
  }
});

E("a rate-limited submit shows the provider's message in the form and stores nothing", async () => {
  const p = await provider({ rateLimit: { perClient: { max: 0, windowMs: 60_000 }, perAddress: null } });
  const { context, page, log } = await newPage(ctx.browser);
  try {
    await page.goto(`${p.origin}/demo?form=modal`);
    await submit(await popupFrame(page), 'limited@example.com', /Too many signup attempts/);
    assert.ok(MSG_RATE_CLIENT.startsWith('Too many signup attempts'));
    assert.is((await listSubscribers(p.store)).length, 0);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
    await p.close();
  }
});

E(
  'the owner preview renders every demo form with popup.js, switches variants and width, and calls no provider',
  async () => {
    const p = await provider();
    const { context, page, log } = await newPage(ctx.browser);
    try {
      const calls = providerCalls(page);
      await page.goto(`${p.origin}/preview`);
      const rendered = (title: string) =>
        page.waitForFunction(
          (t) => (document.getElementById('status')?.textContent || '').startsWith(`Rendered ${t}`),
          title,
          { timeout: 10000 },
        );
      const stage = async () => (await (await page.$('#stage'))!.contentFrame())!;
      const popupFrames = async () => (await stage()).evaluate(() => document.querySelectorAll('iframe').length);
      for (const f of DEMO_FORMS) {
        await page.selectOption('#form', f.key);
        await rendered(f.title);
        assert.ok((await popupFrames()) >= 1, `${f.key}: no popup frame in the stage`);
      }
      await page.selectOption('#form', 'modal');
      await rendered('Modal');
      await page.selectOption('#variant', 'slide');
      await rendered('Modal, slide');
      assert.match(await page.inputValue('#json'), /"modalVariation": "slide"/);
      await page.check('#phone');
      await page.waitForFunction(() => /phone width/.test(document.getElementById('status')?.textContent || ''));
      assert.is(await page.$eval('#stage', (e) => (e as HTMLElement).getBoundingClientRect().width), 375);
      // Broken JSON is reported, not thrown.
      await page.fill('#json', '{ not json');
      await page.waitForFunction(() => /^Not rendered/.test(document.getElementById('status')?.textContent || ''));
      assert.equal(calls, []);
      assert.equal(log.errors, []);
      assert.is((await listSubscribers(p.store)).length, 0);
    } finally {
      await context.close();
      await p.close();
    }
  },
);

E('/demo on a 320 and a 360 px phone: the page never scrolls sideways (its table of forms wraps)', async () => {
  const p = await provider();
  try {
    for (const width of [320, 360]) {
      const { context, page } = await newPage(ctx.browser, { width, height: 640 }, { isMobile: true, hasTouch: true });
      try {
        await page.goto(`${p.origin}/demo?form=template-1`);
        // A phone widens its layout viewport to the content: the page's width is compared with the device's.
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px phone`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await p.close();
  }
});

E('the owner preview: the template switch and an edit of the settings JSON re-render the popup live', async () => {
  const p = await provider();
  const { context, page, log } = await newPage(ctx.browser);
  try {
    const calls = providerCalls(page);
    await page.goto(`${p.origin}/preview?form=modal`);
    const status = () => page.$eval('#status', (e) => e.textContent || '');
    const rendered = (prefix: string) =>
      page.waitForFunction((t) => (document.getElementById('status')?.textContent || '').startsWith(t), prefix, {
        timeout: 10000,
      });
    /** The popup's modal frame inside the stage, once shown and holding a dialog. */
    const popup = async (): Promise<Frame> => {
      const stage = (await (await page.$('#stage'))!.contentFrame())!;
      await stage.waitForFunction((sel) => {
        const f = document.querySelector<HTMLIFrameElement>(sel);
        return !!f && f.style.visibility == '' && !!f.contentDocument!.querySelector('.mc-dialog');
      }, `iframe[title="${FRAME_TITLE}"]`);
      return (await (await stage.$(`iframe[title="${FRAME_TITLE}"]`))!.contentFrame())!;
    };
    const template = async (f: Frame) =>
      f.evaluate(() => (/\bmc-t(\d)\b/.exec(document.documentElement.className) || [])[1]);
    const width = async (f: Frame) => f.$eval('.mc-dialog', (d) => (d as HTMLElement).offsetWidth);

    await rendered('Rendered Modal, modal, template 2');
    let f = await popup();
    assert.equal([await template(f), await width(f)], ['2', 768], 'the modal demo form: template 2, 768 px');

    // The template switch: the JSON says so and the popup is rebuilt on template 3 (603 px wide, spec 9.3).
    await page.selectOption('#template', '3');
    await rendered('Rendered Modal, modal, template 3');
    assert.match(await page.inputValue('#json'), /"template": 3/);
    await page.waitForFunction((sel) => {
      const stage = (document.getElementById('stage') as HTMLIFrameElement).contentDocument!;
      return stage.querySelector<HTMLIFrameElement>(sel)?.contentDocument?.documentElement.classList.contains('mc-t3');
    }, `iframe[title="${FRAME_TITLE}"]`);
    f = await popup();
    assert.equal([await template(f), await width(f)], ['3', 603], 'template 3 after the switch');

    // An edit of the settings JSON (valid): a new heading, button label and variant show without a reload.
    const settings = JSON.parse(await page.inputValue('#json')) as Record<string, unknown>;
    settings.description = '<h2>Edited live</h2><p>From the settings text.</p>';
    settings.buttonLabel = 'Count me in';
    settings.template = 4;
    await page.fill('#json', JSON.stringify(settings, null, 2));
    await rendered('Rendered Modal, modal, template 4');
    await page.waitForFunction((sel) => {
      const doc = (
        document.getElementById('stage') as HTMLIFrameElement
      ).contentDocument!.querySelector<HTMLIFrameElement>(sel)?.contentDocument;
      return !!doc && (doc.querySelector('button[type=submit]')?.textContent || '').trim() == 'Count me in';
    }, `iframe[title="${FRAME_TITLE}"]`);
    f = await popup();
    assert.is((await f.textContent('.mc-description h2'))!.trim(), 'Edited live');
    assert.is(
      await f.$eval(
        '.mc-dialog',
        (d) =>
          d.getAttribute('aria-labelledby') &&
          d.ownerDocument.getElementById(d.getAttribute('aria-labelledby')!)!.textContent,
      ),
      'Edited live',
      'the new heading names the dialog',
    );
    assert.is(await template(f), '4', 'template from the JSON');
    assert.is(await page.inputValue('#template'), '4', 'the switch follows the JSON');
    const stage = (await (await page.$('#stage'))!.contentFrame())!;
    assert.is(await stage.$$eval('iframe', (fs) => fs.length), 1, 'one popup, replaced rather than added');
    assert.match(await status(), /^Rendered/);
    assert.equal(calls, []);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
    await p.close();
  }
});

E.run();
