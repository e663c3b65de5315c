/**
 * The popup shell in Chromium from a real embed.js start (issue 3): opening by delay and by the banner's call to
 * action, every way of closing, the closed cookie and its expiry, Escape inside and outside the frames, the focus
 * cycle and its return, the inert and unscrollable host, variants and templates, mobile width, preview rebuild and the
 * server's cookies (spec 3.8).
 */
import * as assert from 'uvu/assert';
import { DAY_MS, SHEETS_TIMEOUT_MS } from '../../src/constants';
import { beside, installClock, plain, quiet, settle } from './harness';
import {
  BANNER,
  EMAIL_FIELD,
  MODAL,
  cookies,
  focusAt,
  gone,
  held,
  holdState,
  openHost,
  type Opened,
  shown,
  visibleBox,
  popupSuite,
  shownFrames,
  tabStops,
} from './popup-env';

const { T, ctx } = popupSuite('popup shell');

const open = (settings: Record<string, unknown>, o: Parameters<typeof openHost>[3] = {}) =>
  openHost(ctx.browser, ctx.fx, settings, o);

T('modal: opens after the delay as a labelled modal dialog, focus in, host inert and unscrollable', async () => {
  const { page, context, log } = await open(
    { popupDelay: 3, description: '<h2>Our newsletter</h2><p>Weekly.</p>' },
    { focusHost: true },
  );
  // Before the delay the popup may be prepared, hidden (the warm-up, issue 12.1): nothing shows. The look comes just
  // after the load, and the delay counts from the settings' answer after it: 3 s leaves a loaded machine room (with
  // 1 s, two CI runs at a load average of 15 looked after it had passed).
  assert.is(await shownFrames(page), 0, 'nothing shows before the delay');
  const { frame } = await shown(page, MODAL);
  const d = await frame.$eval('.mc-dialog', (el) => ({
    role: el.getAttribute('role'),
    modal: el.getAttribute('aria-modal'),
    name: el.ownerDocument.getElementById(el.getAttribute('aria-labelledby') || '')?.textContent,
  }));
  assert.equal(d, { role: 'dialog', modal: 'true', name: 'Our newsletter' });
  assert.is(await focusAt(page), 'frame:EMAIL', 'focus moves to the first field');
  // The opening animation runs once the frame is visible, not while it waited hidden for its stylesheets.
  assert.is(
    await frame.evaluate(
      () =>
        document.documentElement.classList.contains('mc-shown') &&
        getComputedStyle(document.querySelector('.mc-dialog')!).animationName,
    ),
    'mc-pop',
  );
  await held(page);
  assert.is(
    await frame.$eval('.mc-close', (b) =>
      [b.tagName, b.getAttribute('aria-label'), b.getAttribute('data-action')].join(),
    ),
    'BUTTON,Close,close-mc-modal',
  );
  assert.equal(log.errors, []);
  await context.close();
});

T('modal: the host page stays usable until the dialog shows, then is held', async () => {
  // A stylesheet on its way keeps the dialog hidden (src/popup/piece.ts): the page is neither inert nor unscrollable
  // meanwhile, for the visitor sees nothing that would explain it; held once the dialog shows.
  let release = () => {};
  const css = new Promise<void>((done) => (release = done));
  const { page, context } = await open(
    { popupDelay: 0 },
    {
      before: (pg) =>
        pg.route(
          (u) => /\/modal-1\.[0-9a-f]{8}\.css$/.test(u.pathname),
          async (r) => {
            await css;
            await r.continue();
          },
        ),
    },
  );
  await page.waitForSelector(MODAL, { state: 'attached' });
  assert.is(await shownFrames(page), 0, 'the dialog waits for its stylesheet');
  assert.equal(await holdState(page), [false, ''], 'the page is usable meanwhile');
  release();
  await shown(page, MODAL);
  await held(page);
  await context.close();
});
T('modal: Tab and Shift+Tab stay inside the dialog and wrap', async () => {
  const { page, context } = await open({ popupDelay: 0 });
  await shown(page, MODAL);
  const seen = await tabStops(page, 5);
  // From the e-mail field: Subscribe, Powered by, then wrapping to Close and the e-mail field again.
  assert.ok(
    seen.every((s) => s.startsWith('frame:')),
    `focus left the dialog: ${seen}`,
  );
  assert.ok(seen.includes('frame:close-mc-modal'), `Tab wraps to the close control: ${seen}`);
  await page.keyboard.press('Shift+Tab');
  const back = await focusAt(page);
  assert.ok(back.startsWith('frame:'), back);
  await context.close();
});

for (const [how, act] of [
  [
    'the close control',
    async (p: import('playwright-core').Page) => (await (await p.$(MODAL))!.contentFrame())!.click('.mc-close'),
  ],
  ['Escape inside the frame', async (p: import('playwright-core').Page) => p.keyboard.press('Escape')],
  ['a click on the overlay', async (p: import('playwright-core').Page) => p.mouse.click(20, 20)],
] as const)
  T(
    `modal: closes by ${how}; focus, overflow and the host come back; the closed cookie lives popupFrequency days`,
    async () => {
      const { page, context } = await open({ popupDelay: 1, popupFrequency: 30 }, { focusHost: true });
      await shown(page, MODAL);
      const before = Date.now();
      await act(page);
      await gone(page, MODAL);
      assert.is(await focusAt(page), 'host:host-button');
      assert.equal(
        await page.evaluate(() => [
          (document.querySelector('main') as HTMLElement).inert,
          document.documentElement.style.overflow,
        ]),
        [false, ''],
      );
      const c = (await cookies(context)).MCPopupClosed;
      assert.ok(c, 'closed cookie set');
      assert.is(c.sameSite, 'Lax');
      const days = (c.expires * 1000 - before) / DAY_MS;
      assert.ok(days > 29.9 && days < 30.1, `expires in ${days} days`);
      await context.close();
    },
  );

T(
  "closed cookie: not set on the provider's own site (spec 4.3), and a reload then shows nothing when it is set",
  async () => {
    const own = await openHost(ctx.browser, ctx.fx, { popupDelay: 0 }, { sameHost: true });
    await shown(own.page, MODAL);
    await own.page.keyboard.press('Escape');
    await gone(own.page, MODAL);
    assert.not.ok((await cookies(own.context)).MCPopupClosed);
    await own.context.close();

    let requests: string[] = [];
    const { page, context } = await open(
      { popupDelay: 0 },
      { before: async (p) => void (requests = await installClock(p)) },
    );
    await shown(page, MODAL);
    await page.keyboard.press('Escape');
    await gone(page, MODAL);
    const asked = requests.length;
    await page.reload();
    // Past the loader's look at the loaded page and its cookie check (the page's clock run on at once): a settings
    // call would have gone out, and with popupDelay 0 the popup would be on its way.
    await quiet(page, 600);
    assert.not.ok(
      requests.slice(asked).some((u) => u.endsWith('/form-settings')),
      'no settings call',
    );
    assert.not.ok(await page.$(MODAL), 'a closed popup stays closed');
    await context.close();
  },
);

T('slide: a non-modal panel at the bottom right; Escape in the host page closes it; it animates out', async () => {
  const { page, context } = await open({ popupDelay: 0, modalVariation: 'slide' });
  const { el, frame } = await shown(page, MODAL);
  const box = await visibleBox(el);
  assert.ok(box.x + box.width >= 1279 && box.y + box.height >= 799 && box.width <= 401, JSON.stringify(box));
  assert.ok(box.height > 100 && box.height < 800, `fits its content: ${box.height}`);
  assert.is(await frame.$eval('.mc-dialog', (d) => d.getAttribute('aria-modal')), 'false');
  assert.equal(
    await page.evaluate(() => [
      (document.querySelector('main') as HTMLElement).inert,
      document.documentElement.style.overflow,
    ]),
    [false, ''],
  );
  assert.is(await focusAt(page), 'host:BODY', 'a slide-in does not take focus');
  // The clipped-off part of the frame takes no clicks: the host page above the panel is still usable.
  await page.evaluate(() => document.getElementById('host-button')!.style.setProperty('margin-left', '1100px'));
  await page.click('#host-button');
  assert.is(await focusAt(page), 'host:host-button');
  await page.focus('#host-button');
  await page.keyboard.press('Escape');
  assert.ok(await frame.evaluate(() => document.documentElement.classList.contains('mc-out')), 'animating out');
  await gone(page, MODAL);
  await context.close();
});

T('fixed and slide: no animation under prefers-reduced-motion', async () => {
  let o: Opened | undefined;
  for (const modalVariation of ['fixed', 'slide']) {
    o = await open({ popupDelay: 0, modalVariation }, { reducedMotion: 'reduce', on: o });
    const { page } = o;
    const { frame } = await shown(page, MODAL);
    await frame.click('.mc-close');
    assert.not.ok(
      await page.evaluate(() =>
        document.querySelector('iframe')?.contentDocument?.documentElement.classList.contains('mc-out'),
      ),
      modalVariation,
    );
    await gone(page, MODAL);
  }
  await o?.context.close();
});

T('fixed: a full-width bar at the bottom, template 1, description cut to 50 characters', async () => {
  const long = '<p>Get&nbsp;the weekly letter with every new post, recipe and event in town.</p>';
  const { page, context } = await open({ popupDelay: 0, modalVariation: 'fixed', template: 4, description: long });
  const { el, frame } = await shown(page, MODAL);
  const box = await visibleBox(el);
  assert.ok(box.width === 1280 && box.y + box.height >= 799 && box.height < 400, JSON.stringify(box));
  assert.ok(
    await frame.evaluate(() => document.documentElement.classList.contains('mc-t1')),
    'fixed forces template 1',
  );
  assert.is(
    (await frame.textContent('.mc-description'))!.trim(),
    'Get the weekly letter with every new post, recipe ...',
  );
  assert.is(await frame.getAttribute('input[name=EMAIL]', 'placeholder'), 'Enter your email');
  await context.close();
});

T('templates: 3 and 4 are 603 px wide; the image is an <img> in template 1 and a background otherwise', async () => {
  const img = ctx.fx.origin + '/css/signup-forms/popup/1.0/common.css';
  let o: Opened | undefined;
  for (const template of [1, 2, 3, 4, 5]) {
    o = await open({ popupDelay: 0, template, imageUrl: img }, { on: o });
    const { page } = o;
    const { frame } = await shown(page, MODAL);
    // offsetWidth: the layout width, not the opening animation's scaled box.
    const w = await frame.$eval('.mc-dialog', (d) => (d as HTMLElement).offsetWidth);
    if (template === 3 || template === 4) assert.is(w, 603, `template ${template}`);
    else assert.is(w, 768, `template ${template}`);
    const hasImg = !!(await frame.$('.mc-image img'));
    assert.is(hasImg, template === 1, `template ${template} <img>`);
    if (template !== 1)
      assert.match(
        await frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mc-image')),
        'url(',
        `template ${template}`,
      );
  }
  await o?.context.close();
});

T('mobile: the banner shows first, its call to action opens the modal; the banner close closes the popup', async () => {
  const phone = { width: 375, height: 700 };
  const s = {
    popupDelay: 0,
    useMobileBanner: 'Y',
    bannerDescription: '<p>Get our letter</p>',
    bannerCtaLabel: 'Sign me up',
  };
  const a = await open(s, { viewport: phone });
  const { el, frame } = await shown(a.page, BANNER);
  assert.not.ok(await a.page.$(MODAL));
  const box = await visibleBox(el);
  assert.ok(box.height > 40 && box.y + box.height >= 699 && box.width === 375, JSON.stringify(box));
  assert.is(
    await frame.evaluate(() => document.querySelector('meta[name=viewport]')?.getAttribute('content')),
    'width=device-width,initial-scale=1,maximum-scale=1',
  );
  assert.not.match(
    await a.page.evaluate(() => document.querySelector('meta[name=viewport]')!.getAttribute('content')!),
    'maximum-scale',
    'host zoom untouched',
  );
  await frame.click('text=Sign me up');
  const m = await shown(a.page, MODAL);
  assert.not.ok(await a.page.$(BANNER), 'the banner gives way to the modal');
  assert.ok(await m.frame.evaluate(() => document.documentElement.classList.contains('mc-mobile')));
  await a.context.close();

  const b = await open(s, { viewport: phone });
  const banner = await shown(b.page, BANNER);
  await banner.frame.click('.mc-close');
  await gone(b.page, BANNER);
  assert.ok((await cookies(b.context)).MCPopupClosed, 'the banner close sets the closed cookie');
  await b.context.close();

  // useMobileBanner N: the modal at once, on a phone too (spec 4.2).
  const c = await open({ ...s, useMobileBanner: 'N' }, { viewport: phone });
  await shown(c.page, MODAL);
  assert.not.ok(await c.page.$(BANNER));
  await c.context.close();
});

T('preview: closing rebuilds and reopens the popup; no cookie, no server call', async () => {
  const { page, context, uuid } = await open({ popupDelay: 0 }, { params: { isPreview: true } });
  const first = await shown(page, MODAL);
  await first.frame.click('.mc-close');
  await page.waitForFunction((sel) => {
    const f = document.querySelector<HTMLIFrameElement>(sel);
    return f && f.style.visibility === '' && f.contentDocument!.querySelector('.mc-dialog');
  }, MODAL);
  assert.is(await page.$$eval('iframe', (f) => f.length), 1, 'one popup at a time');
  assert.equal(Object.keys(await cookies(context)), []);
  assert.is(ctx.fx.calls('form-post-json').filter((c) => c.query.u === uuid).length, 0);
  await context.close();
});

T(
  `preview: the modal takes no focus from the owner's page and keeps no Tab inside, opened or rebuilt \
after Escape (it mounts on every edit: WCAG 2.1.2, 3.2.2)`,
  async () => {
    const { page, context } = await open({ popupDelay: 0 }, { params: { isPreview: true }, focusHost: true });
    const first = await shown(page, MODAL);
    assert.is(await focusAt(page), 'host:host-button', 'focus stays where the owner was');
    // Escape closes; the preview rebuilds (spec 4.3); focus still stays on the page.
    await page.keyboard.press('Escape');
    await page.waitForFunction((old) => {
      const f = document.querySelector<HTMLIFrameElement>('iframe');
      return !!f && f !== old && f.style.visibility === '';
    }, first.el);
    // A popup takes focus as it is revealed, in the same task: done by now.
    await settle(page);
    assert.is(await focusAt(page), 'host:host-button', 'the rebuilt popup takes no focus either');
    // Tabbed into, Tab leaves it again at its end.
    const { frame } = await shown(page, MODAL);
    await frame.focus('input[type=email]');
    const stops = await tabStops(page, 8);
    assert.ok(
      stops.some((x) => x.startsWith('host:')),
      `Tab reaches the page again: ${stops.join(', ')}`,
    );
    await context.close();
  },
);

T('server cookies (spec 3.8) are set once the settings are in, before and without the trigger', async () => {
  const { page, context } = await open({
    popupDelay: 60,
    cookies: [{ name: 'promo', value: 'early', expires: 2, path: '/' }],
  });
  await page.waitForFunction(() => document.cookie.includes('promo=early'), null, { timeout: 10000 });
  assert.equal(await shownFrames(page), 0, 'nothing shows: the trigger never fired');
  await context.close();
});

T('template 4: the image column leaves the fields and their focus ring clear, edge to edge or not', async () => {
  const img = ctx.fx.origin + '/css/signup-forms/popup/1.0/common.css';
  let o: Opened | undefined;
  for (const imageEdgeToEdge of [false, true]) {
    o = await open({ popupDelay: 0, template: 4, imageUrl: img, imageEdgeToEdge }, { on: o });
    const { page } = o;
    const { frame } = await shown(page, MODAL);
    const gap = await frame.evaluate(() => {
      const input = document.querySelector('input[type=email]') as HTMLElement;
      input.focus();
      const o = getComputedStyle(input);
      // The ring reaches outline-width + outline-offset beyond the box.
      const ring = parseFloat(o.outlineWidth) + parseFloat(o.outlineOffset);
      return (
        document.querySelector('.mc-image')!.getBoundingClientRect().left - (input.getBoundingClientRect().right + ring)
      );
    });
    assert.ok(gap >= 0, `edge to edge ${imageEdgeToEdge}: the image starts ${gap.toFixed(1)} px from the focus ring`);
  }
  await o?.context.close();
});

T('server cookies (spec 3.8): safe ones are set on load, unsafe or our own are not', async () => {
  const { page, context } = await open({
    popupDelay: 0,
    cookies: [
      { name: 'promo', value: 'spring 26', expires: 2, path: '/' },
      { name: 'MCPopupClosed', value: '1', expires: 2, path: '/' },
      { name: 'bad;name', value: 'x', path: '/' },
      { name: 'inject', value: 'x; Domain=evil.example', path: '/' },
    ],
  });
  await shown(page, MODAL);
  const c = await cookies(context);
  assert.is(c.promo && decodeURIComponent(c.promo.value), 'spring 26');
  assert.ok(c.promo.expires * 1000 - Date.now() > 1.9 * DAY_MS);
  assert.not.ok(c.MCPopupClosed);
  assert.not.ok(c.inject);
  await context.close();
});

T('one popup: two loaders and a second mount leave one popup on the page', async () => {
  const { page, context } = await open({ popupDelay: 0, fields: [EMAIL_FIELD] });
  const first = await shown(page, MODAL);
  await page.evaluate((field) => {
    const g = (window as unknown as { __mcsf: { mount(p: unknown, s: unknown): void } }).__mcsf;
    g.mount(
      {
        baseUrl: location.host,
        uuid: 'x',
        lid: 'y',
        fId: '',
        dev: false,
        uniqueMethods: false,
        ignoreCookie: true,
        isPreview: false,
        cdn: location.origin + '/',
      },
      // A form with a field to fill: one without shows nothing at all.
      { popupDelay: 0, fields: [field] },
    );
  }, EMAIL_FIELD);
  // The second mount's popup shown in a frame of its own, then what it set going has run.
  await page.waitForFunction((old) => {
    const fs = [...document.querySelectorAll('iframe')];
    return fs.some((f) => f !== old && f.style.visibility === '');
  }, first.el);
  await settle(page);
  assert.is(await page.$$eval('iframe', (f) => f.length), 1);
  await context.close();
});

T(
  'countries.js: fetched beside popup.js only when a form has an address field, then the select lists them',
  async () => {
    const address = { type: 'address', name: 'ADDRESS', label: 'Address', required: false, merge_id: 3 };
    for (const withAddress of [true, false]) {
      const asked: string[] = [];
      const { page, context } = await open(
        { popupDelay: 0, fields: withAddress ? [EMAIL_FIELD, address] : [EMAIL_FIELD] },
        { before: async (p) => void p.on('request', (r) => asked.push(plain(new URL(r.url()).pathname))) },
      );
      const { frame } = await shown(page, MODAL);
      const fetched = async () =>
        (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)))
          .map(plain)
          .filter((p) => p.endsWith('countries.js'));
      if (withAddress) {
        await frame.waitForFunction(
          () => document.querySelectorAll('select[name="ADDRESS[country]"] option').length > 230,
        );
        assert.is(
          await frame.$eval('select[name="ADDRESS[country]"] option[value="262"]', (o) => o.textContent),
          'United Kingdom',
        );
        assert.is(
          await frame.$eval('select[name="ADDRESS[country]"]', (s) => (s as HTMLSelectElement).value),
          '',
          'empty default',
        );
        assert.equal(await fetched(), ['/js/signup-forms/popup/1.0/countries.js'], 'beside popup.js, once');
      } else {
        // The form rendered whole before it was shown, and an address field asks for the list as it renders: every
        // request of the page is counted as it is made, answered or not.
        await settle(page);
        assert.equal(
          asked.filter((p) => p.endsWith('countries.js')),
          [],
          'no address field, no country list',
        );
        assert.equal(await fetched(), [], 'no address field, no country list');
      }
      await context.close();
    }
  },
);

T(
  'countries.js blocked or never answered: the country is asked as text, so a required address can still be completed',
  async () => {
    const address = { type: 'address', name: 'ADDRESS', label: 'Address', required: true, merge_id: 3 };
    for (const mode of ['blocked', 'hang'] as const) {
      const { page, context, log } = await open(
        { popupDelay: 0, fields: [EMAIL_FIELD, address] },
        // Hanging: the request is taken and never answered, as by a CDN that accepts the connection and stalls.
        mode === 'blocked'
          ? { block: 'countries.js' }
          : { before: async (p) => void (await p.route(beside('countries.js'), () => undefined)) },
      );
      const { frame } = await shown(page, MODAL);
      // A bound on hanging, not a timing: the load gives up after SHEETS_TIMEOUT_MS, as form-extras.js's does.
      await frame.waitForSelector('input[name="ADDRESS[country]"]', { timeout: SHEETS_TIMEOUT_MS + 10000 });
      assert.is(await frame.$('select[name="ADDRESS[country]"]'), null, mode);
      assert.is(await frame.getAttribute('input[name="ADDRESS[country]"]', 'autocomplete'), 'country-name', mode);
      assert.ok(
        log.console.some((m) => m.type === 'warning' && m.text.includes('country list')),
        `${mode}: one clear warning`,
      );
      assert.equal(log.errors, [], mode);
      await context.close();
    }
  },
);

T('slide and fixed: content that grows late (a slow submit error) shifts nothing on the host page', async () => {
  let o: Opened | undefined;
  for (const modalVariation of ['slide', 'fixed']) {
    o = await open({ popupDelay: 0, modalVariation }, { on: o });
    const { page, uuid } = o;
    ctx.fx.forms.get(uuid)!.submit = () => ({
      result: 'error',
      msg: 'That address cannot be subscribed right now. Please try again in a little while.',
    });
    await page.evaluate(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { frame } = await shown(page, MODAL);
    await frame.fill('input[name=EMAIL]', 'late.error@example.com');
    // The reply comes 1.5 s after the click: past the 500 ms in which a shift counts as caused by the visitor.
    ctx.fx.forms.get(uuid)!.delayMs = 1500;
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-flash:not(:empty)');
    // The frame that drew the message, then the task that hands its layout shifts to the observer.
    await settle(page);
    assert.is(await page.evaluate(() => (window as unknown as { shift: number }).shift), 0, modalVariation);
  }
  await o?.context.close();
});

T.run();
