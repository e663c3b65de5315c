/**
 * The reference provider end to end in Chromium (issue 5 'Tests', issue 8 rate limit): the demo host page's real
 * embed snippet, the real popup, a subscribe that lands as a row in the SQLite file; double opt-in through the
 * mailbox; a rate-limited submit shown in the form; and the studio's stage rendering every demo form with popup.js in
 * preview mode, re-rendered on each mount, with no server calls.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { listSubscribers } from '../../src/server/db/subscribers';
import { DEMO_FORMS, DEMO_UUID, demoForm } from '../../src/server/seed/forms';
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
    // The reveal's beacon too: this provider counts (issue 36 item 2). It goes once counts.js has loaded beside
    // popup.js, so it is not ordered against the submit.
    assert.is(calls[0], '/subscribe/form-settings');
    assert.equal([...calls].sort(), ['/subscribe/form-event', '/subscribe/form-post-json', '/subscribe/form-settings']);
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

/** The form-settings answer of demo form `key` (its JSONP unwrapped): what the studio's editor starts from. */
async function settingsOf(p: Provider, key: string): Promise<Record<string, unknown>> {
  const f = demoForm(key)!;
  const q = new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, c: 'cb' });
  const text = await (await fetch(`${p.origin}/subscribe/form-settings?${q}`)).text();
  return JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')));
}

/**
 * Mounts `settings` of demo form `key` in the studio's stage open in `page`, as the editor does on every change:
 * popup.js's mount API in preview mode (spec 6).
 */
async function mountOnStage(page: Page, key: string, settings: Record<string, unknown>): Promise<void> {
  const f = demoForm(key)!;
  await page.waitForFunction(() => !!window.__mcsf?.mount);
  await page.evaluate(([params, s]) => window.__mcsf!.mount!(params, s), [
    {
      baseUrl: new URL(page.url()).host,
      uuid: DEMO_UUID,
      lid: f.lid,
      fId: f.fId,
      dev: false,
      uniqueMethods: false,
      ignoreCookie: true,
      isPreview: true,
      cdn: new URL(page.url()).origin + '/',
    },
    settings,
  ] as const);
}

E('the studio stage renders every demo form with popup.js in preview mode, and calls no provider', async () => {
  const p = await provider();
  const { context, page, log } = await newPage(ctx.browser);
  try {
    const forms: [string, Record<string, unknown>][] = [];
    for (const f of DEMO_FORMS) forms.push([f.key, await settingsOf(p, f.key)]);
    const calls = providerCalls(page);
    await page.goto(`${p.origin}/studio/stage?v=1.0`);
    for (const [key, settings] of forms) {
      await mountOnStage(page, key, settings);
      await page.waitForFunction((sel) => !!document.querySelector(sel), `iframe[title="${FRAME_TITLE}"]`);
      assert.is(await page.$$eval('iframe', (fs) => fs.length >= 1), true, `${key}: no popup frame in the stage`);
    }
    assert.equal(calls, []);
    assert.equal(log.errors, []);
    assert.is((await listSubscribers(p.store)).length, 0);
  } finally {
    await context.close();
    await p.close();
  }
});

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

E('the studio stage: mounting changed settings (a template, texts) re-renders the one popup live', async () => {
  const p = await provider();
  const { context, page, log } = await newPage(ctx.browser);
  try {
    const settings = await settingsOf(p, 'modal');
    const calls = providerCalls(page);
    await page.goto(`${p.origin}/studio/stage?v=1.0`);
    /** The popup's modal frame in the stage, once shown with a dialog whose template is `t`. */
    const popup = async (t: string): Promise<Frame> => {
      await page.waitForFunction(
        ([sel, t]) => {
          const f = document.querySelector<HTMLIFrameElement>(sel);
          const doc = f?.contentDocument;
          return (
            !!f &&
            f.style.visibility === '' &&
            !!doc?.querySelector('.mc-dialog') &&
            doc.documentElement.classList.contains(`mc-t${t}`)
          );
        },
        [`iframe[title="${FRAME_TITLE}"]`, t] as const,
      );
      return (await (await page.$(`iframe[title="${FRAME_TITLE}"]`))!.contentFrame())!;
    };
    const width = async (f: Frame) => f.$eval('.mc-dialog', (d) => (d as HTMLElement).offsetWidth);

    await mountOnStage(page, 'modal', settings);
    assert.is(await width(await popup('2')), 768, 'the modal demo form: template 2, 768 px');
    // Another template: the popup is rebuilt on template 3 (603 px wide, spec 9.3).
    await mountOnStage(page, 'modal', { ...settings, template: 3 });
    assert.is(await width(await popup('3')), 603, 'template 3');
    // New texts and template 4 show without a reload.
    await mountOnStage(page, 'modal', {
      ...settings,
      template: 4,
      description: '<h2>Edited live</h2><p>From the studio.</p>',
      buttonLabel: 'Count me in',
    });
    const f = await popup('4');
    await f.waitForFunction(
      () => (document.querySelector('button[type=submit]')?.textContent || '').trim() === 'Count me in',
    );
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
    assert.is(await page.$$eval('iframe', (fs) => fs.length), 1, 'one popup, replaced rather than added');
    assert.equal(calls, []);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
    await p.close();
  }
});

E.run();
