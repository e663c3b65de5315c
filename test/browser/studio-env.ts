/**
 * What the studio's browser tests share (issue 33): the real provider in production mode at its public URL over a new
 * SQLite file (the owner signs in), a page whose CSP complaints and errors are collected, and the ways in to the
 * editor's parts: its controls by their visible labels, the live region, the popup inside the stage.
 */
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { BANNER_FRAME_TITLE, FRAME_TITLE } from '../../src/constants';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { DIST, launch, type PageLog, watch } from './harness';

export interface StudioCtx {
  browser: Browser;
  dirs: string[];
}

/** A suite with Chromium started before and every temporary folder removed after. */
export function studioSuite(name: string): { T: Test<StudioCtx>; ctx: StudioCtx } {
  const ctx: StudioCtx = { browser: null as unknown as Browser, dirs: [] };
  const T = suite(name, ctx);
  T.before(async () => {
    ctx.browser = await launch();
  });
  T.after(async () => {
    await ctx.browser.close();
    for (const d of ctx.dirs) rmSync(d, { recursive: true, force: true });
  });
  return { T, ctx };
}

/** The owner secret of the tests' providers: random, so that no rule against a guessable secret refuses it. */
export const SECRET = randomBytes(24).toString('hex');

/** A free port on this machine. */
const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => done(port));
    });
  });

/**
 * A production provider over a new SQLite file whose public URL is the address it listens on, as a browser reaches
 * it (the owner's posts come from that origin). A port taken between the look and the start is looked for again.
 */
export async function studioProvider(ctx: StudioCtx, opts: Partial<ProviderOptions> = {}): Promise<Provider> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-'));
  ctx.dirs.push(dir);
  for (;;) {
    const port = await freePort();
    try {
      return await startProvider({
        dbPath: join(dir, 'provider.sqlite'),
        distDir: DIST,
        quiet: true,
        rateLimit: false,
        mode: 'production',
        ownerSecret: SECRET,
        publicUrl: `http://127.0.0.1:${port}`,
        port,
        ...opts,
      });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    }
  }
}

/** An open page whose CSP violations (any frame) and errors are collected. */
export interface Watched {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  violations: string[];
}

/** A fresh context and page on which CSP violations are reported. */
export async function openWatched(
  ctx: StudioCtx,
  viewport = { width: 1400, height: 1000 },
  context?: BrowserContext,
): Promise<Watched> {
  const c = context || (await ctx.browser.newContext({ viewport }));
  const violations: string[] = [];
  if (!context) {
    // The Copy buttons write to the clipboard; the tests read it back.
    await c.grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.exposeBinding('__cspViolation', (_source, v: string) => violations.push(v));
    await c.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
          `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
        ),
      ),
    );
  }
  const page = await c.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text()))
      violations.push(m.text());
  });
  return { context: c, page, log: watch(page), violations };
}

/** Asserts a page ran clean: no CSP violation, no uncaught error. */
export const clean = (w: Watched, what: string): void => {
  assert.equal(w.violations, [], `${what}: CSP violations`);
  assert.equal(w.log.errors, [], `${what}: page errors`);
};

/** Signs in on the owner gate's page that `path` answers without a session, and lands on `path`. */
export async function signIn(page: Page, p: Provider, path = '/studio'): Promise<void> {
  const r = await page.goto(p.origin + path);
  assert.is(r?.status(), 401, 'the studio is behind the owner secret');
  await page.fill('#secret', SECRET);
  await Promise.all([page.waitForURL(p.origin + path), page.click('[type=submit]')]);
}

/** The studio's Save button: exactly one button named Save. */
export const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** Opens the editor of a form and waits until it has loaded and its preview shows a popup frame. */
export async function openEditor(page: Page, p: Provider, lid: string, fId: string): Promise<void> {
  await page.goto(`${p.origin}/studio/forms/${lid}/${fId}`);
  await saveButton(page).waitFor();
}

/** The control labelled exactly `label` (the one field labelled Button label, and every other). */
export const control = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Waits until the live region says something matching `re`, and returns what it says. */
export async function saysLive(page: Page, re: RegExp): Promise<string> {
  await page
    .waitForFunction(
      (src) => new RegExp(src).test(document.querySelector('[role=status]')?.textContent || ''),
      re.source,
      // Polled on a timer: animation frames stop while another tab of the test is in front.
      { timeout: 15000, polling: 50 },
    )
    .catch(async (e: Error) => {
      throw Error(`${e.message}\nwaiting for ${re}; the live region says: ${await page.textContent('[role=status]')}`);
    });
  return (await page.textContent('[role=status]')) || '';
}

/**
 * Whether focus comes to `el` within 15 s: the studio moves it after a render, which a loaded machine delays, so a
 * look right after the action that moves it would race.
 */
export const gainsFocus = (el: Locator): Promise<boolean> =>
  el.evaluate(
    (e) =>
      new Promise<boolean>((done) => {
        const until = Date.now() + 15000;
        const look = () =>
          e === document.activeElement ? done(true) : Date.now() > until ? done(false) : setTimeout(look, 50);
        look();
      }),
  );

/** The focused element's text once it is `text` (as gainsFocus: within 15 s), else whatever it is then. */
export async function focusedText(page: Page, text: string): Promise<string | null | undefined> {
  await page
    .waitForFunction((t) => document.activeElement?.textContent === t, text, { timeout: 15000, polling: 50 })
    .catch(() => {});
  return page.evaluate(() => document.activeElement?.textContent);
}

/** The stage frame of the editor. */
export const stage = (page: Page): FrameLocator => page.frameLocator('#stage');
/** The popup's modal frame inside the stage. */
export const stageModal = (page: Page): FrameLocator => stage(page).frameLocator(`iframe[title="${FRAME_TITLE}"]`);
/** The popup's banner frame inside the stage. */
export const stageBanner = (page: Page): FrameLocator =>
  stage(page).frameLocator(`iframe[title="${BANNER_FRAME_TITLE}"]`);

/** Waits until the stage shows a popup frame (the modal, or on a narrow stage the mobile banner) with content. */
export const popupShown = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    () => {
      const d = (document.getElementById('stage') as HTMLIFrameElement | null)?.contentDocument;
      const f = d?.querySelector('iframe');
      return !!f && f.style.visibility === '' && !!f.contentDocument?.body?.firstElementChild;
    },
    null,
    { timeout: 20000 },
  );

/**
 * Runs `change` (a view, a setting) and waits for the popup it mounts again in the stage: the popup frame from before
 * is marked first, and the wait ends at a shown frame without the mark. A look right after the change found the popup
 * the mount was about to replace (CI, studio-stage: the phone view's mount came after the test had typed an address,
 * so its submit went to an empty form).
 */
export async function remounted(page: Page, change: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() =>
    (document.getElementById('stage') as HTMLIFrameElement).contentDocument
      ?.querySelector('iframe')
      ?.setAttribute('data-before', ''),
  );
  await change();
  await page.waitForFunction(
    () => {
      const d = (document.getElementById('stage') as HTMLIFrameElement | null)?.contentDocument;
      const f = d?.querySelector<HTMLIFrameElement>('iframe:not([data-before])');
      return !!f && f.style.visibility === '' && !!f.contentDocument?.body?.firstElementChild;
    },
    null,
    { timeout: 20000 },
  );
}

/** Makes a list on the home page and returns its id (from its subscribers link). */
export async function newList(page: Page, name: string): Promise<string> {
  await control(page, 'List name').fill(name);
  await page.getByRole('button', { name: 'New list', exact: true }).click();
  const link = page.getByRole('link', { name: `Subscribers of ${name}`, exact: true });
  await link.waitFor();
  return decodeURIComponent(/\/studio\/lists\/([^/]+)$/.exec((await link.getAttribute('href')) || '')![1]);
}

/** Makes a form on list `list` from `start` ('Modal', 'Slide-in', 'Fixed bar'), lands in its editor: its [lid, fId]. */
export async function newForm(page: Page, list: string, title: string, start = 'Modal'): Promise<[string, string]> {
  const panel = page.getByRole('region', { name: list, exact: true });
  await panel.getByLabel('New form title', { exact: true }).fill(title);
  await panel.getByLabel('Start from', { exact: true }).selectOption({ label: start });
  await Promise.all([
    page.waitForURL(/\/studio\/forms\/[^/]+\/[^/]+$/),
    panel.getByRole('button', { name: 'New form', exact: true }).click(),
  ]);
  await saveButton(page).waitFor();
  const [, lid, fId] = /\/studio\/forms\/([^/]+)\/([^/]+)$/.exec(page.url())!;
  return [decodeURIComponent(lid), decodeURIComponent(fId)];
}
