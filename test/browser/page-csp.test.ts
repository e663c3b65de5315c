/**
 * Every HTML page under its own strict Content-Security-Policy in Chromium (issue 13 item 7): the blog's home and a
 * post with comments and video placeholders, /demo with the popup opening and subscribing, the mailbox, the confirm
 * page and a proposed change's page with its button, /preview re-rendering in its stage (in a chosen language and
 * direction; a text-to-join that navigates nothing; a stage rebuilt after it was navigated away), the captcha page
 * answered, and production's sign-in. Each page's scripts are exercised (menu, panels, video, comment form, popup,
 * preview switches) while every `securitypolicyviolation` event, in the page and its frames, and every CSP console
 * message is collected: there must be none.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { startBlog, type Blog } from './blog-env';
import { axe, DIST, launch, watch, type PageLog } from './harness';
import { BANNER, gone, MODAL, shown } from './popup-env';

const ctx = { browser: null as unknown as Browser, blog: null as unknown as Blog, dirs: [] as string[] };
const S = suite('pages under their CSP', ctx);

S.before(async () => {
  ctx.browser = await launch();
  ctx.blog = await startBlog();
});
S.after(async () => {
  await ctx.browser.close();
  await ctx.blog.cleanup();
  for (const d of ctx.dirs) rmSync(d, { recursive: true, force: true });
});

/** An open page whose CSP complaints are collected in `violations`. */
interface Watched {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  violations: string[];
}

/**
 * A fresh context on `origin`'s host whose pages report every CSP violation, from any frame. Requests to other
 * hosts (video thumbnails and players: the machine has no network) are answered with nothing; CSP is checked before
 * a request leaves, so a blocked one is still reported.
 */
async function open(origin: string, viewport = { width: 1280, height: 800 }): Promise<Watched> {
  const context = await ctx.browser.newContext({ viewport });
  const host = new URL(origin).host;
  await context.route(
    (u) => u.host !== host,
    (r) => r.fulfill({ status: 204, body: '' }),
  );
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, v: string) => violations.push(v));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  const page = await context.newPage();
  // Every HTML document of this server, page or frame, comes with a nonce-based policy: no page escapes the test
  // by having none (redirects carry no page).
  page.on('response', (r) => {
    const h = r.headers();
    const html = /^text\/html/.test(h['content-type'] || '') && r.request().resourceType() === 'document';
    if (html && new URL(r.url()).host === host && !/'nonce-/.test(h['content-security-policy'] || ''))
      violations.push(`${r.url()}: no nonce-based Content-Security-Policy`);
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text()))
      violations.push(m.text());
  });
  return { context, page, log: watch(page), violations };
}

/** Asserts a page ran clean: no violation, no uncaught error. */
const clean = (w: Watched, what: string) => {
  assert.equal(w.violations, [], `${what}: CSP violations`);
  assert.equal(w.log.errors, [], `${what}: page errors`);
};

/** A reference provider over a new temporary database, serving the built dist/. */
async function provider(opts: Partial<ProviderOptions> = {}): Promise<Provider> {
  const dir = mkdtempSync(join(tmpdir(), 'page-csp-'));
  ctx.dirs.push(dir);
  return startProvider({ dbPath: join(dir, 'provider.sqlite'), distDir: DIST, quiet: true, rateLimit: false, ...opts });
}

/** Runs `f` on a watched page (`open`) of a new provider, then closes both, whatever `f` did. */
async function served(
  f: (s: { w: Watched; p: Provider; page: Page }) => Promise<void>,
  viewport?: { width: number; height: number },
  opts: Partial<ProviderOptions> = {},
): Promise<void> {
  const p = await provider(opts);
  const w = await open(p.origin, viewport);
  try {
    await f({ w, p, page: w.page });
  } finally {
    await w.context.close();
    await p.close();
  }
}

/** The popup's form frame once its e-mail input shows. */
async function popupFrame(page: Page): Promise<Frame> {
  const { frame } = await shown(page, MODAL);
  await frame.waitForSelector('input[type=email]');
  return frame;
}

S('the blog: home with the menu and the popup, a post with its comments, a video, a comment posted', async () => {
  const w = await open(ctx.blog.origin, { width: 700, height: 800 });
  const { page } = w;
  try {
    await page.goto(ctx.blog.origin + '/');
    await page.click('.menu-toggle');
    assert.is(await page.getAttribute('.menu-toggle', 'aria-expanded'), 'true');
    // The slide-in opens past the middle of the page: its script, stylesheets and image load under the blog's CSP.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await popupFrame(page);
    clean(w, 'home');

    // The popup was seen; on the post it would open again over the controls (closing sets no cookie on the
    // provider's own site, spec 4.3).
    await page.route(
      (u) => u.pathname.endsWith('/popup.js'),
      (r) => r.fulfill({ status: 204, body: '' }),
    );
    await page.goto(ctx.blog.origin + '/posts/lamp-room-at-dawn');
    await page.click('.comments-toggle');
    assert.is(await page.getAttribute('.comments-toggle', 'aria-expanded'), 'true');
    await page.getByRole('button', { name: 'Play YouTube video' }).click();
    await page.waitForSelector('#video-1 iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await page.fill('#comment-author', 'Csp Reader');
    await page.fill('#comment-email', 'csp.reader@example.org');
    await page.fill('#comment-body', 'Read under a strict policy.');
    await Promise.all([page.waitForURL(/#comment-\d+$/), page.click('.comment-form [type=submit]')]);
    assert.ok(await page.getByText('Read under a strict policy.').isVisible());
    clean(w, 'post');
  } finally {
    await w.context.close();
  }
});

S('/demo: the popup opens and subscribes, the forget button runs; the mailbox and the confirm page', async () => {
  await served(async ({ w, p, page }) => {
    await page.goto(`${p.origin}/demo?form=double-opt-in`);
    const frame = await popupFrame(page);
    // The form image, the popup's stylesheets and form-post-json, all under the page's policy.
    // (Template 2 shows it as a CSS background: it is loaded, and timed, by the frame's document.)
    await frame.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => e.name.endsWith('/demo/assets/form-image.svg')),
    );
    await frame.fill('input[type=email]', 'csp.demo@example.com');
    await frame.click('[type=submit]');
    await frame.waitForFunction(() => /confirm/i.test(document.body.textContent || ''), null, { timeout: 10000 });
    await page.keyboard.press('Escape');
    await gone(page, MODAL);
    // The inline 'forget me' script runs: it clears the popup's cookies and reloads.
    await w.context.addCookies([{ name: 'MCPopupClosed', value: 'yes', url: p.origin }]);
    await Promise.all([page.waitForEvent('load'), page.click('#forget')]);
    assert.not.match(await page.evaluate(() => document.cookie), /MCPopupClosed/);
    clean(w, '/demo');

    await page.goto(`${p.origin}/mailbox`);
    await Promise.all([page.waitForURL(/\/subscribe\/confirm\?token=/), page.click('a[href*="/subscribe/confirm"]')]);
    assert.equal(await axe(page), [], "the confirmation's page: axe");
    // Its button posts the token back under the page's form-action.
    await Promise.all([
      page.waitForURL(/\/subscribe\/confirm$/),
      page.getByRole('button', { name: 'Confirm my subscription' }).click(),
    ]);
    assert.ok(await page.getByText('Subscription confirmed').isVisible());
    clean(w, 'mailbox and confirm');

    // The address submitted again (issue 13 item 3): the mailbox's newest link opens the change's page, whose
    // button posts it back under the page's form-action.
    const f = demoForm('double-opt-in')!;
    const again = new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, c: 'cb', EMAIL: 'csp.demo@example.com' });
    again.set('FNAME', 'Changed');
    assert.match(await (await fetch(`${p.origin}/subscribe/form-post-json?${again}`)).text(), /"result":"success"/);
    await page.goto(`${p.origin}/mailbox`);
    await Promise.all([page.waitForURL(/\/subscribe\/confirm\?token=/), page.click('a[href*="/subscribe/confirm"]')]);
    assert.ok(await page.getByText('Changed', { exact: true }).isVisible());
    assert.equal(await axe(page), [], "the change's page: axe");
    await Promise.all([
      page.waitForURL(/\/subscribe\/confirm$/),
      page.getByRole('button', { name: 'Update my subscription' }).click(),
    ]);
    assert.ok(await page.getByText('Subscription updated').isVisible());
    const row = await p.store.get<{ merge_fields: string }>('SELECT merge_fields FROM subscribers WHERE list_id = ?', [
      f.lid,
    ]);
    assert.equal(JSON.parse(row!.merge_fields), { FNAME: 'Changed' });
    clean(w, 'a change confirmed');
  });
});

S('/preview: the stage renders the popup, the switches re-render it', async () => {
  await served(async ({ w, p, page }) => {
    await page.goto(`${p.origin}/preview?form=modal`);
    const status = (prefix: string) =>
      page.waitForFunction((t) => (document.getElementById('status')?.textContent || '').startsWith(t), prefix, {
        timeout: 10000,
      });
    await status('Rendered Modal, modal, template 2');
    await page.selectOption('#variant', 'slide');
    await status('Rendered Modal, slide');
    await page.selectOption('#template', '4');
    await status('Rendered Modal, slide, template 4');
    await page.selectOption('#form', 'every-field');
    await status('Rendered Every field');
    await page.check('#phone');
    await page.waitForFunction(() => /phone width/.test(document.getElementById('status')?.textContent || ''));
    const stage = (await (await page.$('#stage'))!.contentFrame())!;
    assert.ok((await stage.$$('iframe')).length >= 1, 'the popup is in the stage');
    clean(w, '/preview');
  });
});

/** The stage frame of the preview page (same-origin: its document is readable). */
const stageOf = async (page: Page): Promise<Frame> => (await (await page.$('#stage'))!.contentFrame())!;

/** Waits until the popup frame `sel` inside the stage is shown, and returns its content frame. */
async function inStage(page: Page, sel: string): Promise<Frame> {
  const stage = await stageOf(page);
  await stage.waitForFunction(
    (s) => {
      const f = document.querySelector<HTMLIFrameElement>(s);
      return !!f && f.style.visibility == '' && !!f.contentDocument?.body?.firstElementChild;
    },
    sel,
    { timeout: 20000 },
  );
  return (await (await stage.$(sel))!.contentFrame())!;
}

/** Waits until the preview's status line starts with `prefix`. */
const statusIs = (page: Page, prefix: string) =>
  page.waitForFunction((t) => (document.getElementById('status')?.textContent || '').startsWith(t), prefix, {
    timeout: 10000,
  });

S(
  '/preview: "Join via text" at the phone width navigates nothing, names the number and keyword, and the preview \
goes on',
  async () => {
    // Tall enough for the whole 667 px stage below the controls: the banner sits at the stage's bottom.
    await served(
      async ({ w, p, page }) => {
        await page.goto(`${p.origin}/preview?form=sms`);
        await statusIs(page, 'Rendered SMS with text-to-join');
        await page.check('#phone');
        await statusIs(page, 'Rendered SMS with text-to-join, modal, template 2, phone width');
        // The mobile banner first; its button opens the modal: the e-mail step, then Continue to the SMS step.
        await (await inStage(page, BANNER)).click('.mc-cta');
        const modal = await inStage(page, MODAL);
        await modal.fill('input[type=email]', 'owner@example.com');
        await modal.click('[type=submit]');
        const join = await modal.waitForSelector('.mc-ttt-join');
        assert.is(await join.getAttribute('href'), 'sms:+15555550123?&body=SIGNUP');
        const stageUrl = (await stageOf(page)).url();
        await join.click();
        // The preview says what a visitor's phone would do instead of doing it (spec 6: it simulates).
        await page.waitForFunction(() => /\+15555550123/.test(document.getElementById('status')?.textContent || ''));
        const note = (await page.textContent('#status')) || '';
        assert.match(note, /Join via text/);
        assert.match(note, /SIGNUP/);
        // The stage is where it was, readable, its popup closing as after a real join (spec 4.4) and rebuilt.
        const stage = await stageOf(page);
        assert.is(stage.url(), stageUrl);
        assert.ok(await stage.evaluate(() => !!document.body), 'the stage is readable');
        // And the preview still renders: a switch re-renders in the same stage.
        await page.selectOption('#template', '3');
        await statusIs(page, 'Rendered SMS with text-to-join, modal, template 3, phone width');
        await inStage(page, BANNER);
        clean(w, '/preview join via text');
      },
      { width: 1280, height: 1100 },
    );
  },
);

S('/preview: a stage navigated off the preview (unreadable) is rebuilt, and the preview goes on', async () => {
  // Tall enough for the whole 667 px stage below the controls: the banner sits at the stage's bottom.
  await served(
    async ({ w, p, page }) => {
      await page.goto(`${p.origin}/preview?form=modal`);
      await statusIs(page, 'Rendered Modal, modal, template 2');
      // What a link with target="_parent" in the popup does to its parent, the stage, unless the preview stops it: the
      // page's frame-src refuses the address and the stage holds an error page of no origin the preview can read.
      await page.evaluate(() => {
        (document.getElementById('stage') as HTMLIFrameElement).contentWindow!.location.href = 'sms:+15555550100';
      });
      // The preview rebuilds its stage and renders into it again, without an error thrown.
      await page.waitForFunction(
        () => {
          const doc = (document.getElementById('stage') as HTMLIFrameElement).contentDocument;
          return !!doc && doc.location.pathname == '/preview/stage' && !!doc.querySelector('iframe');
        },
        null,
        { timeout: 10000 },
      );
      await page.selectOption('#template', '4');
      await statusIs(page, 'Rendered Modal, modal, template 4');
      await inStage(page, MODAL);
      assert.is(await page.$$eval('iframe', (f) => f.length), 1, 'one stage');
      // The address this test sent the stage to is refused by the page's frame-src, as it should be (Chromium names no
      // URL for it): those reports are the setup's; none of anything else.
      assert.ok(w.violations.length > 0, 'the setup was refused by frame-src');
      assert.ok(
        w.violations.every((v) => /frame-src/.test(v)),
        JSON.stringify(w.violations),
      );
      assert.equal(w.log.errors, [], 'page errors');
    },
    { width: 1280, height: 1100 },
  );
});

S(
  "/preview: the page language and direction controls set the stage's <html lang dir>, which the popup reads",
  async () => {
    await served(async ({ w, p, page }) => {
      await page.goto(`${p.origin}/preview?form=modal`);
      await statusIs(page, 'Rendered Modal, modal, template 2.');
      const root = async () =>
        (await stageOf(page)).evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
      assert.equal(await root(), ['en', 'ltr']);
      assert.equal(await axe(page), [], '/preview: axe');
      await page.getByLabel('Page language').fill('ar');
      await page.getByLabel('Page language').press('Tab');
      await page.getByLabel('Page direction').selectOption('rtl');
      await statusIs(page, 'Rendered Modal, modal, template 2, page ar rtl.');
      assert.equal(await root(), ['ar', 'rtl']);
      // The popup's frames take the language and direction of the page they show over (src/popup/frame.ts).
      const modal = await inStage(page, MODAL);
      assert.equal(
        await modal.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).direction]),
        ['ar', 'rtl'],
      );
      // The address keeps them, and the stage is served in them after a reload.
      assert.match(page.url(), /\?form=modal&lang=ar&dir=rtl$/);
      await page.reload();
      await statusIs(page, 'Rendered Modal, modal, template 2, page ar rtl.');
      assert.equal(await root(), ['ar', 'rtl']);
      assert.is(await page.inputValue('#lang'), 'ar');
      assert.is(await page.inputValue('#dir'), 'rtl');
      // Not a language tag: said, marked invalid, and the stage keeps its language.
      await page.getByLabel('Page language').fill('ar"><b>');
      await page.getByLabel('Page language').press('Tab');
      await statusIs(page, 'Not a language tag');
      assert.is(await page.getAttribute('#lang', 'aria-invalid'), 'true');
      assert.equal(await root(), ['ar', 'rtl']);
      assert.equal(await axe(page), [], '/preview with an invalid tag: axe');
      clean(w, '/preview language and direction');
    });
  },
);

S('the captcha page: a question answered in the browser subscribes', async () => {
  await served(async ({ w, p, page }) => {
    const f = demoForm('captcha')!;
    const q = new URLSearchParams({
      u: DEMO_UUID,
      id: f.lid,
      popup: 'true',
      f_id: f.fId,
      EMAIL: 'csp.cap@example.com',
    });
    await page.goto(`${p.origin}/subscribe/post?${q}`);
    const [a, b] = (/What is (\d+) plus (\d+)\?/.exec((await page.textContent('label[for=answer]')) || '') || [])
      .slice(1)
      .map(Number);
    await page.fill('#answer', String(a + b));
    await Promise.all([page.waitForURL(`${p.origin}/subscribe/post`), page.click('[type=submit]')]);
    assert.ok(await page.getByText('Thank you for subscribing!').isVisible());
    clean(w, 'captcha');
  });
});

S('production: the sign-in form sets the session, the preview renders behind it', async () => {
  const secret = 'owner-secret-for-the-browser-0123456789';
  // An http public URL on this machine: the session cookie is not Secure, so Chromium keeps it over plain http.
  await served(
    async ({ w, p, page }) => {
      const r = await page.goto(`${p.origin}/preview?form=gdpr`);
      assert.is(r?.status(), 401);
      await page.fill('#secret', 'a wrong guess');
      await Promise.all([page.waitForURL(`${p.origin}/owner/login`), page.click('[type=submit]')]);
      assert.ok(await page.getByText('That is not the owner secret.').isVisible());
      await page.fill('#secret', secret);
      await Promise.all([page.waitForURL(`${p.origin}/preview?form=gdpr`), page.click('[type=submit]')]);
      await page.waitForFunction(
        () => /^Rendered GDPR/.test(document.getElementById('status')?.textContent || ''),
        null,
        {
          timeout: 10000,
        },
      );
      const cookies = await w.context.cookies();
      assert.equal(
        cookies.map((c) => [c.name, c.httpOnly, c.sameSite]),
        [['owner', true, 'Strict']],
      );
      clean(w, 'production preview');
    },
    undefined,
    { mode: 'production', publicUrl: 'http://127.0.0.1:9', ownerSecret: secret },
  );
});

S.run();
