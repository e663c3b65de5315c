/**
 * What the popup tells (issue 36 items 2 and 3), in Chromium against the reference provider: a beacon at the reveal
 * and one at the close, each once, counted by the provider; none in the owner preview, none before the page's consent
 * (embed-full.js `consent: 'wait'`), none to a provider whose settings answer lacks `providerCounts`, which never
 * fetches counts.js, the beacon's file beside popup.js (issue 36: a form that does not count pays nothing for it); and
 * the host page's window hearing mc-popup:shown, closed and subscribed with `detail: { lid, f_id }`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { JS_PATH, LOADER_MODULE } from '../../src/constants';
import { dailyCounts } from '../../src/server/db/form-counts';
import { DEMO_UUID, demoForm } from '../../src/server/seed/forms';
import { addForm, start, stop, type Env } from './form-env';
import { beside, installClock, newPage, quiet, settle, until } from './harness';
import { MODAL, shown } from './popup-env';

const ctx = { env: null as unknown as Env };
const S = suite('popup: counts and window events', ctx);
S.before(async () => {
  ctx.env = await start();
  // Shown at once, and the success kept long enough to be seen before the modal hides.
  const settings = { ...demoForm('modal')!.settings, popupDelay: 0, useMobileBanner: 'N', confirmationDuration: 60 };
  for (const k of ['shown', 'subscribed', 'preview', 'plain', 'consent', 'file', 'nofile'])
    await addForm(ctx.env, k, settings);
});
S.after(() => stop(ctx.env));

/** One host page with what it sent and heard: the beacons' bodies and the window's mc-popup events. */
interface Watched {
  page: Page;
  close(): Promise<void>;
  beacons: unknown[][];
  /** The requests for counts.js, as the build named it beside popup.js. */
  countsFile: string[];
  /** The mc-popup events the host window heard, in order: [type, detail]. */
  told(): Promise<[string, unknown][]>;
}

/** counts.js as this build named it beside popup.js (build/release.mjs). */
const COUNTS_FILE = beside('counts.js');

/** The settings answer as another provider (Mailchimp's) sends it: the key taken out of the JSONP body. */
const withoutProviderCounts = (page: Page) =>
  page.route(
    (u) => u.pathname.endsWith('/subscribe/form-settings'),
    async (route) => {
      const r = await route.fetch();
      const body = (await r.text()).replace(',"providerCounts":true', '');
      assert.not.match(body, /providerCounts/);
      await route.fulfill({ response: r, body });
    },
  );

/** A new page that records beacons and the window's events; `before` runs ahead of the page's scripts. */
async function watched(before?: (page: Page) => Promise<unknown>): Promise<Watched> {
  const { context, page } = await newPage(ctx.env.browser);
  const beacons: unknown[][] = [];
  const countsFile: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/subscribe/form-event')) beacons.push(JSON.parse(r.postData() || 'null'));
    if (COUNTS_FILE.test(new URL(r.url()).pathname)) countsFile.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __told: [string, unknown][] };
    w.__told = [];
    for (const e of ['shown', 'closed', 'subscribed'])
      addEventListener(`mc-popup:${e}`, (ev) => w.__told.push([ev.type, (ev as CustomEvent).detail]));
  });
  if (before) await before(page);
  return {
    page,
    beacons,
    countsFile,
    close: () => context.close(),
    told: () => page.evaluate(() => (window as unknown as { __told: [string, unknown][] }).__told),
  };
}

const ids = (key: string) => ctx.env.forms.get(key)!;
/** The provider's counts of form `key` today. */
const today = async (key: string) => (await dailyCounts(ctx.env.p.store, ids(key).lid, ids(key).fId, 1))[0];
/** The host page of form `key` on another site than the provider's (localhost against 127.0.0.1). */
const hostUrl = (key: string, preview = false) =>
  `${ctx.env.p.origin.replace('127.0.0.1', 'localhost')}/formtest/${key}${preview ? '?preview=1' : ''}`;

S('a beacon at the reveal and one at the close, each once, counted; the window hears shown and closed', async () => {
  const w = await watched();
  try {
    await w.page.goto(hostUrl('shown'));
    await shown(w.page, MODAL);
    const { lid, fId } = ids('shown');
    await until(async () => (await today('shown')).shown === 1, 'the shown count');
    await w.page.keyboard.press('Escape');
    await w.page.waitForFunction((s) => !document.querySelector(s), MODAL);
    await until(async () => (await today('shown')).closed === 1, 'the closed count');
    await settle(w.page);
    assert.equal(w.beacons, [
      [DEMO_UUID, lid, fId, 'shown'],
      [DEMO_UUID, lid, fId, 'closed'],
    ]);
    assert.equal(await w.told(), [
      ['mc-popup:shown', { lid, f_id: fId }],
      ['mc-popup:closed', { lid, f_id: fId }],
    ]);
    const t = await today('shown');
    assert.equal([t.shown, t.closed, t.subscribed], [1, 1, 0]);
  } finally {
    await w.close();
  }
});

S('a signup the provider accepted: the window hears subscribed, the provider counts it, no beacon for it', async () => {
  const w = await watched();
  try {
    await w.page.goto(hostUrl('subscribed'));
    const { frame } = await shown(w.page, MODAL);
    await frame.fill('input[type="email"]', 'counted@example.com');
    await frame.click('[type="submit"]');
    const { lid, fId } = ids('subscribed');
    await w.page.waitForFunction(() =>
      (window as unknown as { __told: [string][] }).__told.some((t) => t[0] === 'mc-popup:subscribed'),
    );
    assert.equal(await w.told(), [
      ['mc-popup:shown', { lid, f_id: fId }],
      ['mc-popup:subscribed', { lid, f_id: fId }],
    ]);
    const t = await today('subscribed');
    assert.equal([t.subscribed, t.shown], [1, 1]);
    assert.equal(w.beacons, [[DEMO_UUID, lid, fId, 'shown']]);
  } finally {
    await w.close();
  }
});

S('the owner preview sends no beacon and tells the window nothing, shown, closed or submitted', async () => {
  const w = await watched();
  try {
    await w.page.goto(hostUrl('preview', true));
    const first = await shown(w.page, MODAL);
    await first.frame.fill('input[type="email"]', 'preview@example.com');
    await first.frame.click('[type="submit"]');
    await first.frame.waitForSelector('.mc-success:not(:empty)');
    await w.page.keyboard.press('Escape');
    // Closing the preview rebuilds it (spec 4.3): shown again, and still nothing told.
    await first.el.evaluate((f) => f.setAttribute('data-first', ''));
    await w.page.waitForFunction((s) => {
      const f = document.querySelector(s);
      return !!f && !f.hasAttribute('data-first');
    }, MODAL);
    await shown(w.page, MODAL);
    await settle(w.page);
    assert.equal(w.beacons, []);
    assert.equal(await w.told(), []);
    const t = await today('preview');
    assert.equal([t.shown, t.closed, t.subscribed], [0, 0, 0]);
  } finally {
    await w.close();
  }
});

S('a provider whose settings answer lacks providerCounts gets no beacon; the window still hears', async () => {
  const w = await watched(withoutProviderCounts);
  try {
    await w.page.goto(hostUrl('plain'));
    await shown(w.page, MODAL);
    await w.page.keyboard.press('Escape');
    await w.page.waitForFunction((s) => !document.querySelector(s), MODAL);
    await settle(w.page);
    const { lid, fId } = ids('plain');
    assert.equal(await w.told(), [
      ['mc-popup:shown', { lid, f_id: fId }],
      ['mc-popup:closed', { lid, f_id: fId }],
    ]);
    assert.equal(w.beacons, []);
    const t = await today('plain');
    assert.equal([t.shown, t.closed], [0, 0]);
  } finally {
    await w.close();
  }
});

S(
  'counts.js: fetched beside popup.js once for a provider that counts, its beacons arriving; never without',
  async () => {
    const counting = await watched();
    const not = await watched(withoutProviderCounts);
    try {
      for (const [w, key] of [
        [counting, 'file'],
        [not, 'nofile'],
      ] as const) {
        await w.page.goto(hostUrl(key));
        await shown(w.page, MODAL);
        await w.page.keyboard.press('Escape');
        await w.page.waitForFunction((s) => !document.querySelector(s), MODAL);
      }
      await until(async () => (await today('file')).closed === 1, 'the closed count');
      const { lid, fId } = ids('file');
      assert.equal(counting.beacons, [
        [DEMO_UUID, lid, fId, 'shown'],
        [DEMO_UUID, lid, fId, 'closed'],
      ]);
      assert.is(counting.countsFile.length, 1, `once: ${counting.countsFile}`);
      assert.match(counting.countsFile[0], /^\/js\/signup-forms\/popup\/1\.0\/counts\.[0-9a-f]{8}\.js$/);
      // Shown and closed, and every request the page makes counted as it is made, answered or not.
      await settle(not.page);
      assert.equal(not.countsFile, [], 'no counts.js without providerCounts');
      assert.equal(not.beacons, []);
    } finally {
      await counting.close();
      await not.close();
    }
  },
);

S("consent: 'wait' sends nothing until the page grants it; then the reveal's beacon", async () => {
  const { lid, fId } = ids('consent');
  const host = ctx.env.p.host;
  const options = { baseUrl: host, uuid: DEMO_UUID, lid, f_id: fId, consent: 'wait' };
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<main><h1>Host page</h1></main>
<script>window.dojoRequire=window.dojoRequire||function(){(dojoRequire.q=dojoRequire.q||[]).push(arguments)};
dojoRequire(["${LOADER_MODULE}"],function(L){L.start(${JSON.stringify(options)})});</script>
<script async src="//${host}/${JS_PATH}embed-full.js"></script></body></html>`;
  // On the provider's origin: a page Playwright fulfils has no address space of its own, and Chromium refuses its
  // requests to a loopback address from another name (private network access).
  const url = `${ctx.env.p.origin}/consent-host`;
  const w = await watched(async (page) => {
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await installClock(page);
  });
  try {
    await w.page.goto(url);
    await w.page.waitForFunction(() => document.readyState === 'complete');
    // Past any trigger at once (the page's clock): nothing may be sent while consent waits.
    await quiet(w.page, 1500);
    assert.equal(w.beacons, []);
    assert.equal(await w.told(), []);
    await w.page.evaluate(
      (m) => window.dojoRequire!([m], (L) => (L as { grantConsent(): void }).grantConsent()),
      LOADER_MODULE,
    );
    await shown(w.page, MODAL);
    await until(async () => (await today('consent')).shown === 1, 'the shown count');
    assert.equal(w.beacons, [[DEMO_UUID, lid, fId, 'shown']]);
  } finally {
    await w.close();
  }
});

S.run();
