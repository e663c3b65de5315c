/**
 * The shipped embed.js in Chromium (issue 2): both starts, the spec 8 error, settings and is-subscribed answers,
 * cookies, every trigger with real input, provider faults, and two loaders on one page.
 * popup.js is a probe here that honours the loader ↔ popup contract (src/types.ts) and records each mount, so these
 * tests see exactly what the loader hands over; the real popup is tested end to end in popup-*.test.ts.
 */
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { ERR_MISSING_PARAMS } from '../../src/loader/constants';
import { JSONP_TIMEOUT_MS } from '../../src/constants';
import type { LoaderParams } from '../../src/types';
import {
  buildId,
  DIST,
  dataAttrPage,
  launch,
  installClock,
  newPage,
  quiet,
  settle,
  snippetPage,
  startFixture,
  until,
  type Fixture,
} from './harness';

// Records a mount only when the loader asks to show: a warm-up before the trigger (issue 12.1) prepares nothing here.
const PROBE = `(function () {
  var g = window.__mcsf || (window.__mcsf = {});
  g.show = function (p, s, reveal) {
    if (reveal) (window.__mounts = window.__mounts || []).push({ p: p, s: s, t: performance.now() });
  };
  if (g.handoff) { var h = g.handoff; g.handoff = undefined; g.show(h.params, h.settings, h.show); }
})();`;

interface Mount {
  p: LoaderParams;
  s: Record<string, unknown>;
  /** When it was asked to show (performance.now()). */
  t: number;
}

const ctx = { browser: null as unknown as Browser, fx: null as unknown as Fixture, cdn: '' };
const L = suite('loader', ctx);

L.before(async () => {
  ctx.browser = await launch();
  ctx.fx = await startFixture();
  // The probe content host: popup.js at both versioned paths and their unique-methods twins.
  ctx.cdn = `${ctx.fx.origin}/host/cdn/`;
  for (const dir of ['', 'unique-methods/'])
    for (const v of ['1.0', '1.1'])
      ctx.fx.page(`cdn/js/signup-forms/popup/${dir}${v}/popup.js`, PROBE, { 'Content-Type': 'text/javascript' });
  // The shipped embed-extras.js beside it (the campaign check, exit, middle and bottom triggers).
  ctx.fx.page(
    'cdn/js/signup-forms/popup/embed-extras.js',
    readFileSync(`${DIST}/js/signup-forms/popup/embed-extras.js`, 'utf8'),
    {
      'Content-Type': 'text/javascript',
    },
  );
});
L.after(async () => {
  await ctx.browser.close();
  await ctx.fx.close();
});

let n = 0;
/** Registers an account with the fixture provider and returns its uuid. */
const account = (settings: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) => {
  const uuid = `acct${++n}`;
  ctx.fx.forms.set(uuid, { settings, ...extra });
  return uuid;
};
const mounts = (page: Page) => page.evaluate(() => (window as unknown as { __mounts?: Mount[] }).__mounts || []);
const waitMount = (page: Page, ms = 4000) =>
  page.waitForFunction(() => ((window as unknown as { __mounts?: unknown[] }).__mounts || []).length > 0, null, {
    timeout: ms,
  });
const start = (uuid: string, more: Record<string, unknown> = {}) => ({
  baseUrl: ctx.fx.host,
  uuid,
  lid: 'list1',
  cdnUrl: ctx.cdn,
  ...more,
});
const popupLoads = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).pathname.endsWith('/popup.js')),
  );

/**
 * A fresh page whose clock is installed (harness `installClock`), and every path it asks for, as it asks: for the
 * tests that check that nothing happens within a time (harness `quiet`).
 */
const clockPage = async (...a: Parameters<typeof newPage> extends [unknown, ...infer R] ? R : never) => {
  const opened = await newPage(ctx.browser, ...a);
  return { ...opened, requests: await installClock(opened.page) };
};

/**
 * Waits until a trigger of embed-extras.js is armed: embed-extras.js has run (its parts on the shared object; the
 * settings' callback arms the trigger with them in the same task). popup.js comes later, on intent (issue 37).
 */
const armed = async (page: Page) => {
  await page.waitForFunction(() => !!window.__mcsf?.lx);
  await settle(page);
};

/**
 * Waits until popup.js, fetched on the reader's intent, has run (the probe's `show`), so that a trigger that fired
 * from then on is recorded at once, and a check that none did means something.
 */
const warmed = (page: Page) => page.waitForFunction(() => !!window.__mcsf?.show);

/** Requests for the provider's `path`, or for popup.js, among `requests`. */
const asked = (requests: string[], path: string) => requests.filter((u) => u.endsWith(`/${path}`));

L(
  'the Mailchimp snippet starts it: settings by JSONP, then the versioned popup.js gets params and settings',
  async () => {
    const uuid = account({ popupDelay: 0, version: '1.0', template: 2, title: 'x' });
    const { page, log, context } = await newPage(ctx.browser);
    await page.goto(ctx.fx.page(`snippet-${uuid}`, snippetPage(ctx.fx, start(uuid, { f_id: 'form9' }))));
    await waitMount(page);
    const [m] = await mounts(page);
    assert.equal(m.p, {
      baseUrl: ctx.fx.host,
      uuid,
      lid: 'list1',
      fId: 'form9',
      dev: false,
      uniqueMethods: false,
      ignoreCookie: false,
      isPreview: false,
      cdn: ctx.cdn,
    });
    assert.equal(m.s, { popupDelay: 0, version: '1.0', template: 2, title: 'x' });
    const calls = ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid);
    assert.is(calls.length, 1);
    assert.equal({ ...calls[0].query, c: undefined }, { u: uuid, id: 'list1', f_id: 'form9', c: undefined });
    assert.match(calls[0].query.c, /^__mcsf\d+$/);
    assert.equal(await popupLoads(page), [`${ctx.cdn}js/signup-forms/popup/1.0/popup.js?b=${buildId()}`]);
    // Nothing global but dojoRequire and our one namespace: no AMD require/define to break other loaders.
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as Record<string, unknown>).require,
      define: typeof (window as unknown as Record<string, unknown>).define,
      dojoRequire: typeof window.dojoRequire,
      callbacks: Object.keys(window).filter((k) => /^__mcsf\d/.test(k)),
    }));
    assert.equal(globals, { require: 'undefined', define: 'undefined', dojoRequire: 'function', callbacks: [] });
    assert.equal(log.errors, []);
    await context.close();
  },
);

L(
  'uniqueMethods and version 1.1 choose unique-methods/1.1/popup.js; the content host defaults to embed.js’s',
  async () => {
    const uuid = account({ popupDelay: 0, version: '1.1' });
    const { page, context } = await newPage(ctx.browser);
    await page.goto(ctx.fx.page(`um-${uuid}`, snippetPage(ctx.fx, start(uuid, { uniqueMethods: true }))));
    await waitMount(page);
    assert.equal(await popupLoads(page), [
      `${ctx.cdn}js/signup-forms/popup/unique-methods/1.1/popup.js?b=${buildId()}`,
    ]);
    // Without cdnUrl the content host is where embed.js came from (the fixture serves dist/ there).
    const uuid2 = account({ popupDelay: 0 });
    await page.goto(
      ctx.fx.page(`nocdn-${uuid2}`, snippetPage(ctx.fx, { baseUrl: ctx.fx.host, uuid: uuid2, lid: 'l' })),
    );
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith('/popup.js')),
    );
    assert.equal(await popupLoads(page), [`${ctx.fx.origin}/js/signup-forms/popup/1.0/popup.js?b=${buildId()}`]);
    await context.close();
  },
);

L('the data-attribute start reads every parameter from the script tag', async () => {
  const uuid = account({ popupDelay: 0 });
  const { page, log, context } = await newPage(ctx.browser);
  const html = dataAttrPage(ctx.fx, {
    'base-url': ctx.fx.host,
    uuid,
    lid: 'L7',
    'f-id': 'F1',
    env: 'dev',
    'unique-methods': '',
    'ignore-cookie': 'true',
    'is-preview': 'false',
    'cdn-url': ctx.cdn,
  });
  await page.goto(ctx.fx.page(`data-${uuid}`, html));
  await waitMount(page);
  const [m] = await mounts(page);
  assert.equal(m.p, {
    baseUrl: ctx.fx.host,
    uuid,
    lid: 'L7',
    fId: 'F1',
    dev: true,
    uniqueMethods: true,
    ignoreCookie: true,
    isPreview: false,
    cdn: ctx.cdn,
  });
  assert.equal(log.errors, []);
  await context.close();
});

L('a start without baseUrl, uuid or lid fails with the spec text and calls nothing', async () => {
  const before = ctx.fx.seen.length;
  for (const [name, html] of [
    ['miss-snippet', snippetPage(ctx.fx, { baseUrl: ctx.fx.host, uuid: 'u' })],
    ['miss-data', dataAttrPage(ctx.fx, { 'base-url': ctx.fx.host, lid: 'l' })],
  ]) {
    const { page, log, context, requests } = await clockPage();
    await page.goto(ctx.fx.page(name, html));
    // A start that went on would ask on its first look at the loaded page (LOAD_POLL_MS) and a task later.
    await quiet(page, 2000);
    assert.equal(log.errors, [ERR_MISSING_PARAMS], name);
    assert.equal(
      requests.filter((u) => u.includes('/subscribe/')),
      [],
      name,
    );
    await context.close();
  }
  assert.is(ctx.fx.seen.length, before);
});

L('settings result "error", or not an object, shows nothing and loads no popup.js', async () => {
  for (const settings of [{ result: 'error' }, undefined]) {
    const uuid = account(settings);
    const { page, log, context, requests } = await clockPage();
    const answered = page.waitForEvent('requestfinished', (r) => r.url().includes('/subscribe/form-settings'));
    await page.goto(ctx.fx.page(`err-${uuid}`, snippetPage(ctx.fx, start(uuid))));
    await answered;
    // Past the answer's script, the default trigger (1 s) and the warm-up: popup.js would have been asked for.
    await quiet(page, 2000);
    assert.is(ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid).length, 1);
    assert.equal(asked(requests, 'popup.js'), []);
    assert.equal(await mounts(page), []);
    assert.equal(log.errors, []);
    await context.close();
  }
});

L(
  'campaign ids: subscribed sets the closed cookie and shows nothing; not subscribed or a failed call shows it',
  async () => {
    const yes = account({ popupDelay: 0 }, { subscribed: true });
    const { page, context, requests } = await clockPage();
    await page.goto(ctx.fx.page(`sub-${yes}`, snippetPage(ctx.fx, start(yes))) + '?mc_eid=E1&mc_cid=C1');
    await page.waitForFunction(() => document.cookie.includes('MCPopupClosed='));
    const q = ctx.fx.calls('is-email-subscribed').find((c) => c.query.u === yes)!.query;
    assert.equal([q.mc_eid, q.mc_cid, q.id], ['E1', 'C1', 'list1']);
    // The cookie is written in the answer's callback; a settings call after it would go out within a task or two.
    await quiet(page, 2000);
    assert.equal(await mounts(page), []);
    assert.equal(asked(requests, 'form-settings'), []);
    assert.is(ctx.fx.calls('form-settings').filter((c) => c.query.u === yes).length, 0);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'MCPopupClosed');
    assert.is(cookie.sameSite, 'Lax');
    assert.is(cookie.path, '/');
    // About 365 days (spec 9.2 default frequency).
    assert.ok(Math.abs(cookie.expires - (Date.now() / 1000 + 365 * 86400)) < 120, `expires ${cookie.expires}`);
    await context.close();

    for (const [label, extra] of [
      ['not subscribed', { subscribed: false }],
      ['call fails', { mode: '404' }],
    ] as const) {
      // A '404' account fails every call: what matters is that the failed check still goes on to the settings call.
      const uuid = account({ popupDelay: 0 }, extra);
      const { page: p2, log, context: c2 } = await newPage(ctx.browser);
      await p2.goto(ctx.fx.page(`nsub-${uuid}`, snippetPage(ctx.fx, start(uuid))) + '?mc_eid=E2&mc_cid=C2');
      await p2.waitForFunction(
        () => performance.getEntriesByType('resource').some((e) => e.name.includes('form-settings')),
        null,
        { timeout: 15000 },
      );
      assert.is(ctx.fx.calls('is-email-subscribed').filter((c) => c.query.u === uuid).length, 1, label);
      assert.is(ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid).length, 1, label);
      if (label === 'not subscribed') await waitMount(p2);
      assert.not.ok(
        (await c2.cookies()).some((c) => c.name === 'MCPopupClosed'),
        label,
      );
      assert.equal(log.errors, [], label);
      await c2.close();
    }
  },
);

L('campaign ids with isPreview: no is-subscribed call and no cookie in the owner’s browser (spec 6)', async () => {
  const uuid = account({ popupDelay: 0 }, { subscribed: true });
  const { page, context, log } = await newPage(ctx.browser);
  await page.goto(
    ctx.fx.page(`prev-${uuid}`, snippetPage(ctx.fx, start(uuid, { isPreview: true }))) + '?mc_eid=E3&mc_cid=C3',
  );
  // The preview shows its form, whatever the campaign's subscriber.
  await waitMount(page);
  assert.is(ctx.fx.calls('is-email-subscribed').filter((c) => c.query.u === uuid).length, 0);
  assert.equal(await context.cookies(), []);
  assert.equal(log.errors, []);
  await context.close();
});

L('closed or subscribed cookie: nothing, not even the settings call; ignoreCookie shows it anyway', async () => {
  for (const name of ['MCPopupClosed', 'MCPopupSubscribed']) {
    const uuid = account({ popupDelay: 0 });
    const { page, context, requests } = await clockPage();
    await context.addCookies([{ name, value: '1', url: ctx.fx.origin }]);
    await page.goto(ctx.fx.page(`ck-${uuid}`, snippetPage(ctx.fx, start(uuid))));
    // Past the loader's look at the loaded page and its cookie check: a settings call would have gone out.
    await quiet(page, 2000);
    assert.equal(asked(requests, 'form-settings'), [], name);
    assert.equal(await mounts(page), [], name);
    assert.is(ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid).length, 0, name);
    const uuid2 = account({ popupDelay: 0 });
    await page.goto(ctx.fx.page(`ckig-${uuid2}`, snippetPage(ctx.fx, start(uuid2, { ignoreCookie: true }))));
    await waitMount(page);
    await context.close();
  }
});

L('it waits for the page’s load without a load listener: the settings call starts after the load event', async () => {
  const uuid = account({ popupDelay: 0 });
  const { page, log, context } = await newPage(ctx.browser);
  await page.addInitScript(() => {
    // The types of the listeners added to the window: a load listener would run inside the page's own load task.
    const w = window as unknown as { __types: string[] };
    w.__types = [];
    const add = window.addEventListener;
    window.addEventListener = function (this: Window, type: string, ...rest: unknown[]) {
      w.__types.push(type);
      return (add as (...a: unknown[]) => void).call(this, type, ...rest);
    } as typeof window.addEventListener;
  });
  await page.goto(ctx.fx.page(`poll-${uuid}`, snippetPage(ctx.fx, start(uuid))));
  await waitMount(page);
  const seen = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const call = performance.getEntriesByType('resource').find((e) => e.name.includes('/form-settings?'))!;
    return {
      types: (window as unknown as { __types: string[] }).__types,
      afterLoad: call.startTime >= nav.loadEventEnd,
    };
  });
  assert.not.ok(seen.types.includes('load'), `window listeners: ${seen.types}`);
  assert.ok(seen.afterLoad);
  assert.equal(log.errors, []);
  await context.close();
});

L('the settings call starts in a task after the cookie check, not in the task that read the cookies', async () => {
  const uuid = account({ popupDelay: 0 });
  const { page, log, context } = await newPage(ctx.browser);
  await page.addInitScript(() => {
    // Each read of document.cookie marks its task until the task's microtasks run; each script the page appends
    // records whether its task had read the cookies, and how many reads came before it.
    const w = window as unknown as { __reads: number; __scripts: { src: string; sameTask: boolean; reads: number }[] };
    w.__reads = 0;
    w.__scripts = [];
    let marked = false;
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') as PropertyDescriptor;
    Object.defineProperty(Document.prototype, 'cookie', {
      ...cookie,
      get(this: Document) {
        w.__reads++;
        if (!marked) {
          marked = true;
          queueMicrotask(() => (marked = false));
        }
        return cookie.get!.call(this);
      },
    });
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, n: T): T {
      if (n instanceof HTMLScriptElement) w.__scripts.push({ src: n.src, sameTask: marked, reads: w.__reads });
      return append.call(this, n) as T;
    };
  });
  await page.goto(ctx.fx.page(`split-${uuid}`, snippetPage(ctx.fx, start(uuid))));
  await waitMount(page);
  const scripts = await page.evaluate(
    () => (window as unknown as { __scripts: { src: string; sameTask: boolean; reads: number }[] }).__scripts,
  );
  const call = scripts.filter((s) => s.src.includes('/form-settings?'));
  assert.is(call.length, 1);
  // Both cookies read (closed, then subscribed) before the call, and in another task.
  assert.ok(call[0].reads >= 2, `cookie reads before the call: ${call[0].reads}`);
  assert.is(call[0].sameTask, false);
  assert.equal(log.errors, []);
  await context.close();
});

L('under a strict CSP with Trusted Types required: no violation, one named policy, the popup still loads', async () => {
  const uuid = account({ popupDelay: 0 });
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-n0nce' ${ctx.fx.origin}`,
    "require-trusted-types-for 'script'",
    'trusted-types signup-popup',
  ].join('; ');
  const html = snippetPage(ctx.fx, start(uuid)).replace(/<script/g, '<script nonce="n0nce"');
  const { page, log, context } = await newPage(ctx.browser);
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(ctx.fx.page(`csp-${uuid}`, html, { 'Content-Security-Policy': csp }));
  await waitMount(page);
  assert.equal(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), []);
  assert.equal(log.errors, []);
  await context.close();
});

L('delay trigger: popupDelay seconds, and the 1 s default', async () => {
  const uuid = account({ popupDelay: 2 });
  const dflt = account({});
  const { page, context } = await newPage(ctx.browser);
  const { page: page2, context: c2 } = await newPage(ctx.browser);
  await Promise.all([
    page.goto(ctx.fx.page(`delay-${uuid}`, snippetPage(ctx.fx, start(uuid)))),
    page2.goto(ctx.fx.page(`delay-${dflt}`, snippetPage(ctx.fx, start(dflt)))),
  ]);
  await waitMount(page, 5000);
  await waitMount(page2, 5000);
  // From the settings' answer to the show: never earlier than the delay.
  const delay = (p: Page) =>
    p.evaluate(() => {
      const answer = performance.getEntriesByType('resource').find((e) => e.name.includes('/form-settings?'))!;
      return (
        (window as unknown as { __mounts: Mount[] }).__mounts[0].t - (answer as PerformanceResourceTiming).responseEnd
      );
    });
  const [two, one] = [await delay(page), await delay(page2)];
  assert.ok(two >= 2000, `popupDelay 2: shown ${two} ms after the settings`);
  assert.ok(one >= 1000, `the 1 s default: shown ${one} ms after the settings`);
  await context.close();
  await c2.close();
});

const TALL = '<main style="height:4000px"><h1>Tall host page</h1><p>Long article.</p></main>';

L('exit trigger: a real mouse leaving the window opens it; moving inside does not', async () => {
  const uuid = account({ popupDelay: 'exit' });
  const { page, context } = await clockPage();
  await page.goto(ctx.fx.page(`exit-${uuid}`, snippetPage(ctx.fx, start(uuid), TALL)));
  await armed(page);
  await page.mouse.move(600, 400);
  await page.mouse.move(300, 100, { steps: 5 });
  // Upward in the window's top quarter: intent, so popup.js comes (hidden) before the pointer leaves.
  await warmed(page);
  // Moves are handled as they come; the time covers the 1 s without a mouse of a small screen, which this is not.
  await quiet(page, 1300);
  assert.equal(await mounts(page), [], 'still inside');
  await page.mouse.move(300, -20, { steps: 5 });
  await waitMount(page, 2000);
  await context.close();
});

L('exit trigger on a screen under 640 px opens after 1 s without a mouse', async () => {
  const uuid = account({ popupDelay: 'exit' });
  const { page, context } = await newPage(
    ctx.browser,
    { width: 390, height: 800 },
    { screen: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  );
  await page.goto(ctx.fx.page(`exitm-${uuid}`, snippetPage(ctx.fx, start(uuid), TALL)));
  await waitMount(page, 3000);
  await context.close();
});

L('middle and bottom triggers follow real wheel scrolling', async () => {
  for (const kind of ['middle', 'bottom']) {
    const uuid = account({ popupDelay: kind });
    const { page, context } = await clockPage();
    await page.goto(ctx.fx.page(`${kind}-${uuid}`, snippetPage(ctx.fx, start(uuid), TALL)));
    await armed(page);
    await page.mouse.move(600, 400);
    // The page is ~4000 px tall and 800 px high: the scrollable range is ~3200 px, its middle ~1600 px.
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY >= 1100);
    // Past a third of the way to the point: intent, so popup.js has come (hidden).
    await warmed(page);
    // The scroll's handlers, frames and any timer they set, at once.
    await quiet(page, 300);
    assert.equal(await mounts(page), [], `${kind}: not at 1200 px`);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY >= 1700);
    if (kind === 'middle') await waitMount(page, 2000);
    else {
      await quiet(page, 300);
      assert.equal(await mounts(page), [], 'bottom: not at 1800 px');
      await page.mouse.wheel(0, 3000);
      await waitMount(page, 2000);
    }
    await context.close();
  }
});

L(
  'a provider that hangs, 404s, 500s, answers text/html under nosniff, never calls back or answers late breaks nothing',
  async () => {
    const modes = ['hang', '404', '500', 'html', 'never', 'late'] as const;
    // 'late': the page holds the call and lets the provider answer once the loader's time-out has passed.
    let release = () => {};
    const late = new Promise<void>((r) => (release = r));
    const pages: ({ mode: (typeof modes)[number] } & Awaited<ReturnType<typeof clockPage>>)[] = [];
    for (const mode of modes) {
      const uuid = account({ popupDelay: 0 }, mode === 'late' ? {} : { mode });
      const opened = await clockPage();
      if (mode === 'late')
        await opened.page.route('**/subscribe/form-settings**', async (r) => {
          await late;
          await r.continue();
        });
      await opened.page.goto(ctx.fx.page(`fault-${uuid}`, snippetPage(ctx.fx, start(uuid))), {
        waitUntil: 'domcontentloaded',
      });
      pages.push({ mode, ...opened });
    }
    // Each page has asked (its time-out is set before the script is added), then the time-out passes on all at once.
    await until(() => pages.every((p) => asked(p.requests, 'form-settings').length), 'every settings call', 15000);
    await Promise.all(pages.map(({ page }) => page.clock.runFor(JSONP_TIMEOUT_MS)));
    const landed = pages
      .filter((p) => p.mode === 'late')
      .map((p) => p.page.waitForEvent('requestfinished', (r) => r.url().includes('/subscribe/form-settings')));
    release();
    await Promise.all(landed);
    // Past the late answer's script and the trigger (popupDelay 0): popup.js would have been asked for.
    await Promise.all(pages.map(({ page }) => quiet(page, 1000)));
    for (const { mode, page, log, context, requests } of pages) {
      assert.equal(log.errors, [], mode);
      assert.equal(await mounts(page), [], mode);
      assert.equal(asked(requests, 'popup.js'), [], mode);
      // The script tag is gone and no callback global is left behind but the no-op of a timed-out call.
      const left = await page.evaluate(() => document.querySelectorAll('script[src*="/subscribe/"]').length);
      assert.is(left, 0, mode);
      await context.close();
    }
  },
);

L('two loaders and two starts on one page: one settings request, one popup', async () => {
  const uuid = account({ popupDelay: 0 });
  const opts = JSON.stringify(start(uuid));
  const html = `<!doctype html><html lang="en"><head><title>Two</title></head><body><main>Two loaders</main>
<script src="${ctx.fx.origin}/js/signup-forms/popup/embed.js"></script>
<script src="${ctx.fx.origin}/js/signup-forms/popup/unique-methods/embed.js"></script>
<script async src="${ctx.fx.origin}/js/signup-forms/popup/embed.js" data-base-url="${ctx.fx.host}"
data-uuid="${uuid}" data-lid="list1" data-cdn-url="${ctx.cdn}"></script>
<script>window.dojoRequire(["mojo/signup-forms/Loader"], function (L) { L.start(${opts}); L.start(${opts}) })</script>
</body></html>`;
  const { page, log, context, requests } = await clockPage();
  await page.goto(ctx.fx.page(`two-${uuid}`, html));
  await waitMount(page);
  // Every start ran at load; what they set going (a second call, a second trigger) has run within a second.
  await quiet(page, 1000);
  assert.is((await mounts(page)).length, 1);
  assert.is(asked(requests, 'form-settings').length, 1);
  assert.is(ctx.fx.calls('form-settings').filter((c) => c.query.u === uuid).length, 1);
  assert.equal(log.errors, []);
  await context.close();
});

L('a dojoRequire already on the page keeps working for its own modules', async () => {
  const uuid = account({ popupDelay: 0 });
  const html = `<!doctype html><html lang="en"><head><title>Dojo</title></head><body><main>Dojo</main>
<script>window.dojoRequire = function (m, cb) { window.__theirs = m[0]; cb('theirs'); };</script>
<script src="${ctx.fx.origin}/js/signup-forms/popup/embed.js"></script>
<script>window.dojoRequire(["app/Thing"], function (T) { window.__got = T; });
window.dojoRequire(["mojo/signup-forms/Loader"], function (L) { L.start(${JSON.stringify(start(uuid))}) })</script>
</body></html>`;
  const { page, context } = await newPage(ctx.browser);
  await page.goto(ctx.fx.page(`dojo-${uuid}`, html));
  await waitMount(page);
  assert.equal(
    await page.evaluate(() => [
      (window as unknown as Record<string, unknown>).__theirs,
      (window as unknown as Record<string, unknown>).__got,
    ]),
    ['app/Thing', 'theirs'],
  );
  await context.close();
});

L.run();
