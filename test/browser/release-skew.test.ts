/**
 * Releases that never break a visitor (issue 32). popup.js is cached where it runs (a visitor's browser, a CDN's
 * edge, a page left open) while the content host moves on, and the files it loads beside it (form-extras.js,
 * form-actions.js, countries.js, its stylesheets) run on what it lends them (src/popup/runtime.ts) and read its objects
 * under mangle.json's short names: files of two builds must never meet.
 *
 * Two builds whose contract differs: dist/ (the newer) and the same sources built again with mangle.json's pinned
 * short names rotated (the older), as a `npm run mangle -- --write` between two releases changes them. The content
 * host was uploaded with the older build, then the newer one over it without deleting (the README's deployment), and
 * a form that needs form-extras.js, countries.js and form-actions.js must show and subscribe when
 * - a cache in front of it still holds the older embed.js and popup.js (a visitor of the minutes before the release,
 *   a page left open): the older popup.js beside the newer build's files;
 * - a cache in front of it holds the older build's other files under their addresses (an edge filled before the
 *   release) and the newer embed.js and popup.js: the reverse;
 * - Chromium's own cache holds what a visit before the release fetched, and embed.js is fetched anew (its five
 *   minutes are over): then the newer popup.js runs at once, with the newer files.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Frame, Page } from 'playwright-core';
import { demoForm } from '../../src/server/seed/forms';
import { addForm, start, stop, stored, type Env } from './form-env';
import { CACHE_IMMUTABLE } from '../../src/constants';
import { buildId, DIST } from './harness';
import { MODAL, shown } from './popup-env';

const ROOT = process.cwd();
const ctx = { env: null as unknown as Env, tmp: '', older: '', host: '' };
const S = suite('release skew: files of two builds never meet', ctx);

/**
 * Builds this tree's sources again into `dir` with mangle.json's short names rotated (each listed name takes the next
 * one's), so the objects popup.js makes are read under other names by the other build's files. Returns its dist/.
 */
const buildOlder = (dir: string): string => {
  for (const f of ['build.mjs', 'build', 'src', 'package.json', 'tsconfig.json'])
    cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(dir, 'node_modules'));
  const m = JSON.parse(readFileSync(join(ROOT, 'mangle.json'), 'utf8')) as { props: Record<string, string> };
  const names = Object.keys(m.props);
  m.props = Object.fromEntries(names.map((n, i) => [n, m.props[names[(i + 1) % names.length]]]));
  writeFileSync(join(dir, 'mangle.json'), JSON.stringify(m));
  const r = spawnSync(process.execPath, ['build.mjs', '--quiet'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw Error(`the older build failed: ${r.stderr}`);
  return join(dir, 'dist');
};

/** Every file under `dir`, as paths relative to it. */
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));

/** The loader and popup.js: what a visitor fetches first, by the addresses the snippet and the settings give. */
const LOADER = /(^|\/)(embed|embed-full|popup)\.js$/;

/**
 * Fills the content host's folder with builds, each copied over the ones before (an upload that deletes nothing),
 * taking the files `pick` keeps.
 */
const host = (...layers: [string, (file: string) => boolean][]) => {
  rmSync(ctx.host, { recursive: true, force: true });
  for (const [dir, pick] of layers)
    for (const f of files(dir).filter(pick)) {
      mkdirSync(join(ctx.host, f, '..'), { recursive: true });
      cpSync(join(dir, f), join(ctx.host, f));
    }
};
const all = () => true;
const loader = (f: string) => LOADER.test(f);
const rest = (f: string) => !LOADER.test(f);

/** The GDPR demo form with an optional address field: form-extras.js, countries.js, and form-actions.js on submit. */
const extrasForm = () => {
  const gdpr = demoForm('gdpr')!.settings as { fields: Record<string, unknown>[] };
  const address = (demoForm('every-field')!.settings as { fields: Record<string, unknown>[] }).fields.find(
    (f) => f.type === 'address',
  )!;
  return { ...gdpr, popupDelay: 0, useMobileBanner: 'N', fields: [...gdpr.fields, { ...address, required: false }] };
};

S.before(async () => {
  ctx.tmp = mkdtempSync(join(tmpdir(), 'release-skew-'));
  ctx.older = buildOlder(join(ctx.tmp, 'older'));
  assert.is.not(
    readFileSync(join(ctx.older, 'js/signup-forms/popup/1.0/popup.js'), 'utf8'),
    readFileSync(join(DIST, 'js/signup-forms/popup/1.0/popup.js'), 'utf8'),
    'the two builds differ',
  );
  ctx.host = join(ctx.tmp, 'host');
  ctx.env = await start(ctx.host);
  for (const key of ['older-popup', 'newer-popup', 'cached'])
    await addForm(ctx.env, key, extrasForm(), demoForm('gdpr')!.requireConsent);
  await addForm(ctx.env, 'plain', { ...demoForm('modal')!.settings, popupDelay: 0, useMobileBanner: 'N' });
});
S.after(async () => {
  await stop(ctx.env);
  rmSync(ctx.tmp, { recursive: true, force: true });
});

/** Opens form `key`'s host page on `page` and waits for the modal; `embed` asks for embed.js by a new address. */
const open = async (page: Page, key: string, embed = ''): Promise<Frame> => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.url()} ${r.status()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'warning' && errors.push(m.text().split('\n')[0]));
  await page.goto(`${ctx.env.p.origin}/formtest/${key}${embed && `?embed=${embed}`}`);
  const { frame } = await shown(page, MODAL).catch((e: Error) => {
    throw Error(`${e.message.split('\n')[0]}\nfailed: ${JSON.stringify(failed)}\nerrors: ${JSON.stringify(errors)}`);
  });
  await frame.waitForSelector('form');
  return frame;
};

/** Fills the extras form (its address from countries.js, a GDPR choice from form-extras.js) and subscribes. */
const subscribe = async (frame: Frame, key: string, email: string) => {
  await frame.fill('input[name=EMAIL]', email);
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
  await frame.click('button[type=submit]');
  await frame.waitForSelector('.mc-success:not(:empty)', { timeout: 15000 }).catch(async (e: Error) => {
    const said = await frame.evaluate(() => document.body.textContent?.slice(0, 400)).catch(() => '');
    throw Error(`${e.message.split('\n')[0]}\nthe form says: ${said}`);
  });
  assert.match((await frame.textContent('.mc-success')) || '', 'Thank you');
  assert.equal(
    (await stored(ctx.env, key)).map((s) => s.email),
    [email],
    'stored',
  );
};

S('an older popup.js beside the newer build: the popup shows and a form with extras subscribes', async () => {
  // The older embed.js and popup.js still held by a cache; everything else as uploaded.
  host([ctx.older, all], [DIST, all], [ctx.older, loader]);
  const context = await ctx.env.browser.newContext({ reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await subscribe(await open(page, 'older-popup'), 'older-popup', 'older.popup@example.com');
  } finally {
    await context.close();
  }
});

S('a newer popup.js beside the older build: the popup shows and a form with extras subscribes', async () => {
  // The newer embed.js and popup.js; every other file as an edge cache filled before the release holds it.
  host([DIST, all], [ctx.older, rest]);
  const context = await ctx.env.browser.newContext({ reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await subscribe(await open(page, 'newer-popup'), 'newer-popup', 'newer.popup@example.com');
  } finally {
    await context.close();
  }
});

S(
  "a release between two visits, through the browser's cache: the newer popup.js runs, with its own files",
  async () => {
    host([ctx.older, all]);
    const context = await ctx.env.browser.newContext({ reducedMotion: 'reduce' });
    try {
      // Before the release: an e-mail form, so only popup.js and its stylesheet are cached.
      const before = await context.newPage();
      await open(before, 'plain');
      await before.close();
      host([ctx.older, all], [DIST, all]);
      // After it, once embed.js's five minutes are over: embed.js is asked for by an address not cached.
      const page = await context.newPage();
      const popups: { url: string; cache: string }[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.endsWith('/popup.js'))
          popups.push({ url: r.url(), cache: r.headers()['cache-control'] || '' });
      });
      await subscribe(await open(page, 'cached', 'after'), 'cached', 'cached.visit@example.com');
      // The newer loader asked for the newer popup.js by its build id, which the content host confirms: kept a year.
      assert.equal(popups, [
        { url: `${ctx.env.p.origin}/js/signup-forms/popup/1.0/popup.js?b=${buildId()}`, cache: CACHE_IMMUTABLE },
      ]);
      // The files beside popup.js it fetched are the newer build's: the popup.js that ran is the newer one.
      const newer = new Set(files(DIST));
      const urls = await Promise.all(
        page.frames().map((f) => f.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))),
      );
      const beside = urls
        .flat()
        .map((u) => new URL(u).pathname.slice(1))
        .filter((p) => /\/\d+\.\d+\//.test(p) && !LOADER.test(p));
      assert.ok(beside.length >= 4, `form-extras.js, countries.js, form-actions.js and a stylesheet: ${beside}`);
      assert.equal(
        beside.filter((p) => !newer.has(p)),
        [],
        'every one is a file of the newer build',
      );
    } finally {
      await context.close();
    }
  },
);

S.run();
