/**
 * The popup session's teardown (issue 11, src/popup/session.tsx) on the shipped popup.js: whichever way a session
 * ends, the host page is left as it was before the popup came: the same body markup (no frame, nothing inert), the
 * same root attributes (overflow back), the same event listeners on the window and in the document (read through the
 * DevTools protocol, frames included), and no timer of the popup still pending; Escape or a resize after it does
 * nothing. Also a session ended while its frame still waits, hidden, for its stylesheets.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SHEETS_TIMEOUT_MS } from '../../src/constants';
import { installClock, plain, quiet } from './harness';
import { BANNER, MODAL, connection, gone, openHost, pendingTimers, popupSuite, shown, trackTimers } from './popup-env';

const SAVE_DATA = { saveData: true, effectiveType: '4g' };

const { T, ctx } = popupSuite('popup session teardown');

/** What a popup could change on the host page. */
interface HostState {
  body: string;
  /** The root's attributes; an emptied style attribute (the overflow put back as it was: none) counts as none. */
  root: string[];
  /**
   * Where and what type every event listener of the popup's scripts (popup.js, form-extras.js) is, on the window and
   * on any node of the document, frames included. Left out: the loader's (embed.js: its trigger listener goes when
   * it fires), Playwright's (its input checks), and those of the files' own script tags (popup.js and the files it
   * loads once stay loaded for the page, as a script does).
   */
  listeners: string[];
}

/** A DevTools session on `page` that knows which script each listener comes from. */
const devtools = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  cdp.on('Debugger.scriptParsed', (e) => urls.set(e.scriptId, e.url));
  await cdp.send('Debugger.enable');
  return { cdp, ours: (scriptId: string) => /\/(popup|form-extras)\.js$/.test(plain(urls.get(scriptId) || '')) };
};

const hostState = async (page: Page, d: Awaited<ReturnType<typeof devtools>>): Promise<HostState> => {
  const dom = await page.evaluate(() => ({
    body: document.body.outerHTML,
    root: [...document.documentElement.attributes]
      .filter((a) => a.name !== 'style' || a.value)
      .map((a) => `${a.name}=${a.value}`),
  }));
  const listeners: string[] = [];
  for (const expression of ['window', 'document']) {
    const { result } = await d.cdp.send('Runtime.evaluate', { expression });
    const found = await d.cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId!,
      depth: -1,
      pierce: true,
    });
    for (const l of found.listeners) {
      if (!d.ours(l.scriptId)) continue;
      const node = l.backendNodeId
        ? (await d.cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId })).node.nodeName
        : 'window';
      if (node !== 'SCRIPT') listeners.push(`${node}#${l.backendNodeId || ''} ${l.type}`);
    }
    await d.cdp.send('Runtime.releaseObject', { objectId: result.objectId! });
  }
  return { ...dom, listeners: listeners.sort() };
};

/**
 * Opens the popup now: its trigger is exit intent (spec 4.2), the pointer leaving the page, so the host page can be
 * read before at leisure. Viewports stay at least 640 px wide, where exit intent is not replaced by a 1 s delay.
 */
const trigger = (page: Page) =>
  // Again until a frame is there: the loader arms its trigger once the settings are in.
  page.waitForFunction(
    () => {
      document.documentElement.dispatchEvent(new MouseEvent('mouseleave'));
      return !!document.querySelector('iframe');
    },
    undefined,
    { polling: 100, timeout: 10000 },
  );

/** One way a session ends, from a shown popup. */
interface Ending {
  name: string;
  settings: Record<string, unknown>;
  viewport?: { width: number; height: number };
  /** The frame that shows first. */
  first: string;
  /**
   * The host page has state of its own the popup must leave as it was: an inert element (it stays inert) and the
   * root's `overflow: auto !important` (put back, priority included), both set through the CSSOM and DOM.
   */
  ownState?: boolean;
  /** Ends the session; resolves once its last frame is gone. */
  end(page: Page): Promise<void>;
}

const pressEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await gone(page, MODAL);
};

const ENDINGS: Ending[] = [
  { name: 'modal, Escape', settings: {}, first: MODAL, end: pressEscape },
  {
    name: 'modal on a page with an inert element and an important overflow of its own, Escape',
    settings: {},
    first: MODAL,
    ownState: true,
    end: pressEscape,
  },
  {
    name: 'slide-in, its close control (animated out)',
    settings: { modalVariation: 'slide' },
    first: MODAL,
    end: async (page) => {
      const frame = (await (await page.$(MODAL))!.contentFrame())!;
      await frame.click('.mc-close');
      await gone(page, MODAL);
    },
  },
  {
    name: 'mobile banner, its close control',
    settings: { useMobileBanner: 'Y', bannerDescription: '<p>News</p>' },
    viewport: { width: 700, height: 800 },
    first: BANNER,
    end: async (page) => {
      const frame = (await (await page.$(BANNER))!.contentFrame())!;
      await frame.click('[data-action="close-mc-banner"]');
      await gone(page, BANNER);
    },
  },
  {
    name: 'mobile banner, its call to action, then the modal closed by Escape',
    settings: { useMobileBanner: 'Y', bannerDescription: '<p>News</p>' },
    viewport: { width: 700, height: 800 },
    first: BANNER,
    end: async (page) => {
      const frame = (await (await page.$(BANNER))!.contentFrame())!;
      await frame.click('.mc-cta');
      await gone(page, BANNER);
      await shown(page, MODAL);
      await pressEscape(page);
    },
  },
];

for (const e of ENDINGS)
  T(`${e.name}: the host page is left as it was, and Escape or a resize after it does nothing`, async () => {
    const { page, context, log } = await openHost(
      ctx.browser,
      ctx.fx,
      { popupDelay: 'exit', ...e.settings },
      // Save-Data: nothing is prepared before the trigger, so the state read before it is the page without the popup.
      { viewport: e.viewport, before: (p) => Promise.all([trackTimers(p), connection(SAVE_DATA)(p)]) },
    );
    try {
      const dt = await devtools(page);
      if (e.ownState)
        await page.evaluate(() => {
          document.body.append(Object.assign(document.createElement('aside'), { inert: true }));
          document.documentElement.style.setProperty('overflow', 'auto', 'important');
        });
      const before = await hostState(page, dt);
      await trigger(page);
      await shown(page, e.first);
      const open = await hostState(page, dt);
      assert.not.equal(open.listeners, before.listeners, 'the popup listens while it is open (the check can fail)');
      if (e.ownState) assert.not.equal(open.root, before.root, 'the modal holds the root (the check can fail)');
      await e.end(page);
      assert.equal(await pendingTimers(page), [], 'no timer of the popup pending');
      assert.equal(await hostState(page, dt), before);
      // Nothing listens any more: Escape and a resize change nothing, and no late timer brings anything back.
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 900, height: 500 });
      await page.evaluate(() => dispatchEvent(new Event('resize')));
      // What listened to them has run, and set no timer (the banner measures BANNER_MEASURE_MS after a resize): with
      // nothing pending, nothing of the popup can come back later.
      assert.equal(await pendingTimers(page), [], 'no timer after Escape and a resize');
      assert.equal(await hostState(page, dt), before, 'after Escape and a resize');
      assert.equal(log.errors, []);
    } finally {
      await context.close();
    }
  });

T('prepared before the trigger (on the way to an exit), shown, then Escape: nothing of the popup is left', async () => {
  const { page, context, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 'exit' }, { before: trackTimers });
  try {
    const dt = await devtools(page);
    // The host's own body: the warm-up may have added its hidden frame already.
    const body = await page.evaluate(() => {
      const b = document.body.cloneNode(true) as HTMLElement;
      for (const f of b.querySelectorAll('iframe')) f.remove();
      return b.outerHTML;
    });
    // The pointer heading for the top of the window (issue 37) prepares the modal hidden: its frame and its listeners
    // are there before the trigger. Again until prepared: the loader arms its trigger once the settings are in.
    await page.waitForFunction(
      () => {
        document.dispatchEvent(new MouseEvent('mousemove', { clientY: 50, movementY: -10 }));
        return !!document.querySelector('iframe')?.contentDocument?.querySelector('form');
      },
      undefined,
      { polling: 100, timeout: 10000 },
    );
    assert.ok((await hostState(page, dt)).listeners.length > 0, 'the hidden popup listens (the check can fail)');
    await trigger(page);
    await shown(page, MODAL);
    await pressEscape(page);
    assert.equal(await pendingTimers(page), [], 'no timer of the popup pending');
    assert.equal(await hostState(page, dt), { body, root: ['lang=en'], listeners: [] });
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('ended while its frame waits hidden for its stylesheets: nothing is left, and nothing shows later', async () => {
  // The stylesheets never answer: the modal is built and rendered but stays hidden until SHEETS_TIMEOUT_MS.
  // Save-Data: nothing is prepared before the trigger, so the state read before it is the page without the popup
  // (with the warm-up, its hidden frame's listeners were in it on some runs and not on others).
  // The page's clock first (harness installClock: timers wrapped by trackTimers after it are still its own).
  const hang = async (page: Page) =>
    Promise.all([
      await installClock(page),
      trackTimers(page),
      connection(SAVE_DATA)(page),
      page.route(
        (u) => u.pathname.endsWith('.css'),
        () => undefined,
      ),
    ]);
  const { page, context, log } = await openHost(ctx.browser, ctx.fx, { popupDelay: 'exit' }, { before: hang });
  try {
    const dt = await devtools(page);
    const before = await hostState(page, dt);
    await trigger(page);
    await page.waitForSelector(MODAL, { state: 'attached' });
    assert.is(await page.$eval(MODAL, (f) => (f as HTMLIFrameElement).style.visibility), 'hidden', 'prepared, hidden');
    // A modal dialog holds the host once it shows, not while it waits hidden (src/popup/session.tsx `hold`).
    assert.not.ok(await page.$eval('main', (m) => (m as HTMLElement).inert), 'not held while nothing shows');
    await pressEscape(page);
    assert.equal(await pendingTimers(page), [], "no timer left: not even the stylesheets' time-out");
    assert.equal(await hostState(page, dt), before);
    // The page's clock run past the time-out at once.
    await quiet(page, SHEETS_TIMEOUT_MS + 300);
    assert.is(await page.$(MODAL), null, 'nothing shows when the time-out would have passed');
    assert.equal(await hostState(page, dt), before);
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

T('ended while its frame loads: the frame and its load time-out go at once, and nothing shows later', async () => {
  // An observer of the host page destroys the popup as its frame is added, before the frame's srcdoc document has
  // come (the frame still holds its initial about:blank one), and reads whether the frame is still on the page.
  // Save-Data: nothing is prepared before the trigger, so the state read before it is the page without the popup.
  const destroyOnAppend = (page: Page) =>
    page.addInitScript(() => {
      if (window.top !== window) return;
      const mo = new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLIFrameElement) {
              mo.disconnect();
              const url = n.contentDocument ? n.contentDocument.URL : '';
              window.__mcsf!.popup!.destroy();
              (window as unknown as { __seen: unknown }).__seen = { url, connected: n.isConnected };
            }
      });
      mo.observe(document, { childList: true, subtree: true });
    });
  const { page, context, log } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 'exit' },
    {
      // The page's clock first (harness installClock: timers wrapped by trackTimers after it are still its own).
      before: async (p) =>
        Promise.all([await installClock(p), trackTimers(p), connection(SAVE_DATA)(p), destroyOnAppend(p)]),
    },
  );
  try {
    const dt = await devtools(page);
    const before = await hostState(page, dt);
    // The trigger, again until the frame has come and gone: the loader arms it once the settings are in.
    await page.waitForFunction(
      () => {
        document.documentElement.dispatchEvent(new MouseEvent('mouseleave'));
        return '__seen' in window;
      },
      undefined,
      { polling: 100, timeout: 10000 },
    );
    assert.equal(
      await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen),
      { url: 'about:blank', connected: false },
      'destroyed before its document came, the frame is gone in the same task',
    );
    assert.equal(await pendingTimers(page), [], "no timer left: not even the frame's load time-out");
    assert.equal(await hostState(page, dt), before);
    // The page's clock run past the time-out at once.
    await quiet(page, SHEETS_TIMEOUT_MS + 300);
    assert.is(await page.$('iframe'), null, 'nothing comes back when the time-out would have passed');
    assert.equal(await hostState(page, dt), before);
    assert.equal(log.errors, []);
    assert.equal(
      log.console.filter((m) => m.type === 'warning'),
      [],
      'an ending is not a failure: no warning',
    );
  } finally {
    await context.close();
  }
});

T.run();
