/**
 * The popup prepared hidden (issue 12, src/popup/mount.tsx `prepare`) on the shipped popup.js, handed over as the
 * loader does when it warms popup.js before the trigger (`__mcsf.handoff` with show: false): popup.js takes the
 * handoff when it runs and publishes the prepared popup as `__mcsf.popup`. Before reveal nothing shows, focus stays,
 * the host is neither inert nor unscrollable and no cookie of ours is written (the server's are: spec 3.8 sets them on
 * load), while the frame, its stylesheets and form-extras.js are all in; reveal then shows it without a request and
 * focus moves in.
 * Destroy, before or after reveal, leaves the page as it was.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SHEETS_TIMEOUT_MS } from '../../src/constants';
import type { LoaderParams, Shared } from '../../src/types';
import { installClock, plain, quiet } from './harness';
import { EMAIL_FIELD, HOST_BODY, MODAL, cookies, focusAt, held, popupSuite, shown } from './popup-env';
import { PARAMS } from '../params';

const { T, ctx } = popupSuite('popup prepared hidden, then revealed');

/** Raw settings with a server-provided cookie (spec 3.8), which needs form-extras.js. */
const SETTINGS = {
  fields: [EMAIL_FIELD],
  description: '<h2>Join</h2>',
  cookies: [{ name: 'mc_server', value: 'v1', expires: 1, path: '/' }],
};

/**
 * Opens a host page (served as 'localhost', not the provider's own site) whose script hands popup.js over as a warming
 * loader does, with `show`, then appends popup.js. The host button has focus before. Returns the page and the URLs of
 * every request it made. `clock`: the page's clock installed (harness installClock), for `quiet`.
 */
let pages = 0;
const open = async (show: boolean, settings: Record<string, unknown> = SETTINGS, onload = '', clock = false) => {
  const { fx, browser } = ctx;
  const params: LoaderParams = {
    ...PARAMS,
    baseUrl: fx.host,
    uuid: 'prep',
    lid: 'list1',
    cdn: `${fx.origin.replace('127.0.0.1', 'localhost')}/`,
  };
  const handoff = JSON.stringify({ params, settings: { version: '1.0', ...settings }, show });
  const url = fx.page(
    `prepare-${++pages}.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>${HOST_BODY}
<script>document.getElementById('host-button').focus();
window.__mcsf = { handoff: ${handoff} };
var s = document.createElement('script');
s.src = '${params.cdn}js/signup-forms/popup/1.0/popup.js';
s.onload = function () { ${onload} };
document.body.append(s);
</script></body></html>`,
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (clock) await installClock(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url.replace('//127.0.0.1:', '//localhost:'));
  return { context, page, requests, errors };
};

/** The host page as the popup could change it: body markup, the root's style, what has focus, its cookies. */
const hostState = (page: Page) =>
  page.evaluate(() => ({
    body: document.body.innerHTML.replace(/<script[\s\S]*?<\/script>/g, '').trim(),
    rootStyle: document.documentElement.getAttribute('style') || '',
    inert: [...document.querySelectorAll('[inert]')].length,
    focus: document.activeElement?.id,
    cookie: document.cookie,
  }));

/**
 * Waits until the hidden modal is fully prepared: rendered, every stylesheet it links loaded, form-extras.js run, and
 * every part of its dialog laid out (none hidden any more: src/popup/session.tsx lays them out one per task).
 */
const prepared = (page: Page) =>
  page.waitForFunction(
    () => {
      const f = document.querySelector<HTMLIFrameElement>('iframe');
      const d = f?.contentDocument;
      const g = window.__mcsf as Shared;
      const linked = d ? d.querySelectorAll('link[rel=stylesheet]').length : 0;
      return (
        !!d &&
        !!d.querySelector('.mc-root input') &&
        !d.querySelector('.mc-dialog>[hidden],.mc-content>[hidden]') &&
        linked > 0 &&
        d.styleSheets.length === linked &&
        !!g.extras
      );
    },
    undefined,
    { timeout: 20000 },
  );

T(
  `prepared hidden: frame, stylesheets and extras in, nothing shown, no focus, no inert host, \
no cookie but the server's (spec 3.8: on load)`,
  async () => {
    const { context, page, requests, errors } = await open(false, SETTINGS, '', true);
    try {
      await prepared(page);
      // A while longer, its timers run on at once: nothing that was prepared shows by itself.
      await quiet(page, 400);
      assert.equal(
        await page.evaluate(() => {
          const g = window.__mcsf as Shared;
          return { handoff: g.handoff === undefined, popup: typeof g.popup?.reveal };
        }),
        { handoff: true, popup: 'function' },
        'the handoff taken, the prepared popup published',
      );
      assert.is(await page.$eval(MODAL, (f) => (f as HTMLIFrameElement).style.visibility), 'hidden');
      const s = await hostState(page);
      assert.is(s.focus, 'host-button', 'focus stays where it was');
      assert.is(s.inert, 0, 'nothing inert');
      assert.is(s.rootStyle, '', 'the root untouched (no overflow)');
      assert.is(s.cookie, 'mc_server=v1', "the server's cookie, set on load; none of ours");
      assert.equal(Object.keys(await cookies(context)), ['mc_server'], 'nothing else in the jar');
      assert.ok(
        requests.some((u) => plain(u).endsWith('/css/signup-forms/popup/1.0/modal-1.css')),
        "the variant's stylesheet was requested while preparing",
      );

      // Reveal: shown in the same task (nothing waits on the network), focus in the first field, the host held.
      const before = requests.length;
      const shownAtOnce = await page.evaluate(() => {
        (window.__mcsf as Shared).popup!.reveal();
        return document.querySelector<HTMLIFrameElement>('iframe')!.style.visibility;
      });
      assert.is(shownAtOnce, '', 'shown by reveal itself');
      await shown(page, MODAL);
      assert.is(await focusAt(page), 'frame:EMAIL', 'focus moved into the form');
      await held(page);
      assert.equal(requests.slice(before), [], 'reveal made no request');
      // Closing returns focus to what had it at reveal.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('iframe'));
      assert.is((await hostState(page)).focus, 'host-button');
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  },
);

/**
 * Records, from the moment popup.js has loaded, every change of a `hidden` attribute inside the popup's frame, in the
 * batches a MutationObserver gets them: one batch per run of script between two yields to the browser. Each change
 * names its element by its class (or tag) and whether it is hidden after it.
 */
const RECORD_HIDDEN = `
  window.__batches = [];
  new MutationObserver(function (added, self) {
    var f = document.querySelector('iframe');
    if (!f) return;
    self.disconnect();
    // Its srcdoc document, once loaded (before the popup builds it: this listener comes after the popup's own).
    f.addEventListener('load', function () {
      new MutationObserver(function (rs) {
        window.__batches.push(rs.map(function (r) {
          return (r.target.className || r.target.localName) + (r.target.hidden ? ' hidden' : ' shown');
        }));
      }).observe(f.contentDocument, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
  }).observe(document.body, { childList: true });
`;

T(
  'prepared in parts (issue 12.2): every part of the dialog hidden at its render, then shown one per batch, in order',
  async () => {
    const settings = {
      ...SETTINGS,
      imageUrl: `${ctx.fx.origin}/no-image.png`,
      description: '<h2>Join</h2><p>Weekly notes.</p>',
    };
    const { context, page, errors } = await open(false, settings, RECORD_HIDDEN);
    try {
      await prepared(page);
      const { parts, batches, visibility } = await page.evaluate(() => {
        const d = document.querySelector('iframe')!.contentDocument!;
        return {
          parts: [...d.querySelectorAll<HTMLElement>('.mc-dialog>*,.mc-content>*')].map(
            (el) => el.className || el.localName,
          ),
          batches: (window as unknown as { __batches: string[][] }).__batches,
          visibility: document.querySelector('iframe')!.style.visibility,
        };
      });
      // The close control, the image, the content and, inside it, the description, the form and the badges' area.
      assert.ok(parts.length >= 5, `the dialog's parts: ${parts.join(', ')}`);
      assert.equal(
        batches,
        [parts.map((p) => `${p} hidden`), ...parts.map((p) => [`${p} shown`])],
        'all hidden together, then each shown alone, in document order',
      );
      assert.is(visibility, 'hidden', 'the frame still hidden: preparing shows nothing');
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  },
);

T(
  "destroyed before reveal: the page as it was, no cookie but the server's; a reveal after it shows nothing",
  async () => {
    const { context, page, errors } = await open(false, SETTINGS, '', true);
    try {
      await prepared(page);
      const left = await page.evaluate(() => {
        const g = window.__mcsf as Shared;
        const popup = g.popup!;
        popup.destroy();
        popup.destroy();
        popup.reveal();
        return !!g.popup;
      });
      assert.is(left, false, 'an ended popup is no longer published');
      // Its timers run on at once: nothing of it comes back.
      await quiet(page, 400);
      const s = await hostState(page);
      assert.equal(s, { body: HOST_BODY, rootStyle: '', inert: 0, focus: 'host-button', cookie: 'mc_server=v1' });
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  },
);

T('destroyed while still preparing: nothing is built later', async () => {
  // Destroyed by popup.js's load event, which follows its run in the same task: before any piece of preparing.
  const { context, page, errors } = await open(false, { fields: [EMAIL_FIELD] }, 'window.__mcsf.popup.destroy()', true);
  try {
    // popup.js has run and been destroyed (its load event, in the page's script), then its timers run on at once:
    // nothing is built later.
    await page.waitForFunction(() => !!window.__mcsf && !window.__mcsf.handoff && !window.__mcsf.popup);
    await quiet(page, 600);
    assert.equal(await hostState(page), {
      body: HOST_BODY,
      rootStyle: '',
      inert: 0,
      focus: 'host-button',
      cookie: '',
    });
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

T('destroyed while its frame loads: the frame goes at once, not at its load, and nothing is built later', async () => {
  // An observer of the host page destroys the popup as its frame is added, before the frame's srcdoc document has
  // come (the frame still holds its initial about:blank one), and reads whether the frame is still on the page.
  const { context, page, errors } = await open(
    false,
    { fields: [EMAIL_FIELD] },
    `new MutationObserver(function (records, mo) {
      records.forEach(function (r) {
        r.addedNodes.forEach(function (n) {
          if (n.tagName != 'IFRAME') return;
          mo.disconnect();
          var url = n.contentDocument ? n.contentDocument.URL : '';
          window.__mcsf.popup.destroy();
          window.__seen = { url: url, connected: n.isConnected };
        });
      });
    }).observe(document.body, { childList: true });`,
    true,
  );
  const warned: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warned.push(m.text()));
  try {
    await page.waitForFunction(() => '__seen' in window);
    assert.equal(
      await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen),
      { url: 'about:blank', connected: false },
      'destroyed before its document came, the frame is gone in the same task',
    );
    // Past the frame's load wait (SHEETS_TIMEOUT_MS), in case it came back or warned when its wait ended: the page's
    // clock run on at once.
    await quiet(page, SHEETS_TIMEOUT_MS + 300);
    assert.equal(await hostState(page), { body: HOST_BODY, rootStyle: '', inert: 0, focus: 'host-button', cookie: '' });
    assert.equal(warned, [], 'an ending is not a failure: no warning');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

T('destroyed after reveal: frames, inert host and overflow gone, no cookie, no server cookie either', async () => {
  const { context, page, errors } = await open(true, { fields: [EMAIL_FIELD] });
  try {
    await shown(page, MODAL);
    await held(page);
    await page.evaluate(() => (window.__mcsf as Shared).popup!.destroy());
    const s = await hostState(page);
    assert.equal(
      { ...s, focus: undefined },
      { body: HOST_BODY, rootStyle: '', inert: 0, focus: undefined, cookie: '' },
    );
    assert.equal(await cookies(context), {});
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

T.run();
