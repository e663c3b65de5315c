/**
 * Property-based fuzz of the settings (issue 8): whatever JSON arrives, the popup renders or shows nothing, and never
 * throws into the host page. fast-check generates arbitrary JSON, and objects shaped like settings (spec 3.2 to 3.4)
 * whose every key takes a random type, and hands each to `window.__mcsf.mount` of the shipped popup.js on one page
 * (isPreview: no server call, no cookie). Mounting again replaces the popup, so the runs follow each other on that
 * page. The seed is printed on failure; FUZZ_SEED=<n> replays it. `npm test` draws fewer cases from a fixed seed, and
 * checks that they still reach every kind of JSON value, every settings key and every field type; FUZZ_FULL=1 draws
 * the full numbers (test/fuzz.ts).
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BANNER_FRAME_TITLE, FRAME_TITLE, SHEETS_TIMEOUT_MS } from '../../src/constants';
import type { LoaderParams } from '../../src/types';
import { startFixture, type Fixture } from './harness';
import { assertHostUnharmed, guardPage, launchWithBfcache, warnings, type Guard } from './hardening-env';
import { EMAIL_FIELD, MODAL, shown } from './popup-env';
import { fuzzOptions, reached } from '../fuzz';
import { PARAMS } from '../params';

const ctx = {
  browser: null as unknown as Browser,
  fx: null as unknown as Fixture,
  context: null as unknown as BrowserContext,
  page: null as unknown as Page,
  g: null as unknown as Guard,
};
const Z = suite('hardening: settings fuzz', ctx);

Z.before(async () => {
  ctx.browser = await launchWithBfcache();
  ctx.fx = await startFixture();
  const url = ctx.fx.page(
    'fuzz.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fuzz host</title></head>
<body><main><h1>Fuzz host</h1><p><button id="host-button" type="button">Host button</button></p></main>
<script src="${ctx.fx.origin}/js/signup-forms/popup/1.0/popup.js"></script></body></html>`,
  );
  ctx.context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  ctx.page = await ctx.context.newPage();
  ctx.g = await guardPage(ctx.page);
  await ctx.page.goto(url);
  await ctx.page.waitForFunction(() => typeof window.__mcsf?.mount === 'function');
});
Z.after(async () => {
  await ctx.browser.close();
  await ctx.fx.close();
});

/** Mounts `raw` on the fuzz page (a phone-sized viewport when `phone`) and reports what the page holds after it. */
async function mountOnce(raw: unknown, phone: boolean): Promise<{ frames: number; rendered: number }> {
  const { page } = ctx;
  const size = phone ? { width: 375, height: 700 } : { width: 1280, height: 800 };
  const now = page.viewportSize();
  if (!now || now.width !== size.width) await page.setViewportSize(size);
  const params: LoaderParams = {
    ...PARAMS,
    baseUrl: ctx.fx.host,
    uuid: 'fuzz',
    lid: 'list1',
    ignoreCookie: true,
    isPreview: true,
    cdn: `${ctx.fx.origin}/`,
  };
  return page.evaluate(
    async ([p, r, sel, limit]) => {
      window.__mcsf!.mount!(p, r as Record<string, unknown>);
      const frames = () => [...document.querySelectorAll<HTMLIFrameElement>(sel)];
      const drawn = (f: HTMLIFrameElement) => !!f.contentDocument?.querySelector('.mc-root,.mc-banner');
      // Let the frame's effects, layout and a task run, so asynchronous errors of this run show up in this run.
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      // A frame is rendered once its stylesheets settle (loaded, failed, or their time-out): until then an empty
      // frame is a popup on its way. One still empty after that was left behind.
      const until = Date.now() + limit;
      while (frames().some((f) => !drawn(f)) && Date.now() < until) await new Promise((done) => setTimeout(done, 10));
      return { frames: frames().length, rendered: frames().filter(drawn).length };
    },
    [
      params,
      raw,
      `iframe[title="${FRAME_TITLE}"],iframe[title="${BANNER_FRAME_TITLE}"]`,
      SHEETS_TIMEOUT_MS + 1000,
    ] as const,
  );
}

const TYPES = 'text email address birthday date phone smsphone number select dropdown radio checkbox url image'.split(
  ' ',
);
/** Any JSON value, weighted towards the small and the plausible. */
const any = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', 'Y', 'N', 'true', '0', '-1', '1e400', 'NaN', '#fff', '768px', '__proto__', 'constructor'),
  fc.jsonValue({ maxDepth: 2 }),
);
/** `a` or, one time in four, anything at all. */
const mostly = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: any });
const opt = { requiredKeys: [] as never[] };

const choice = fc.record({ value: any, label: any }, opt);
const field = fc.record(
  {
    type: mostly(fc.constantFrom(...TYPES)),
    name: mostly(fc.constantFrom('EMAIL', 'FNAME', 'LNAME', 'PHONE', 'SMSPHONE', 'group[1]', 'gdpr[101]', 'u', 'c')),
    label: any,
    required: any,
    helper_text: any,
    merge_id: any,
    group_id: any,
    choices: mostly(fc.array(mostly(choice), { maxLength: 4 })),
    dateformat: mostly(fc.constantFrom('MM/DD', 'DD/MM', 'DD/MM/YYYY', 'MM/DD/YYYY')),
    phoneformat: mostly(fc.constantFrom('US', 'none')),
    marketing_preference_id: any,
    legal: mostly(fc.record({ required: any, optional: any }, opt)),
    smsProgramData: mostly(
      fc.array(fc.record({ imgSrc: any, countryCode: any, requiredTemplate: any, optionalTemplate: any }, opt), {
        maxLength: 2,
      }),
    ),
  },
  opt,
);
const button = mostly(fc.record({ color: any, hover_color: any, text_color: any, alignment: any, style: any }, opt));

/** Objects shaped like settings (spec 3.2 to 3.4): the real keys, each with a plausible or a random value. */
const SETTINGS_SHAPE = {
  result: mostly(fc.constantFrom('success', 'error')),
  version: mostly(fc.constantFrom('1.0', '1.1', '2')),
  template: mostly(fc.integer({ min: -1, max: 7 })),
  modalVariation: mostly(fc.constantFrom('modal', 'slide', 'fixed')),
  popupDelay: any,
  popupFrequency: any,
  popupOpacity: any,
  confirmationDuration: mostly(fc.integer({ min: 0, max: 3 })),
  useMobileBanner: mostly(fc.constantFrom('Y', 'N')),
  hasGdprEnabled: mostly(fc.constantFrom('Y', 'N')),
  hasDoubleOptIn: any,
  useEmailStep: any,
  useTtt: any,
  captcha: any,
  useRewards: any,
  imageEdgeToEdge: any,
  description: any,
  footer: any,
  bannerDescription: any,
  bannerCtaLabel: any,
  closeLabel: any,
  buttonLabel: any,
  continueLabel: any,
  successMsg: any,
  doubleOptInSuccessMessage: any,
  gdprLabel: any,
  gdprDescription: any,
  gdprLegal: any,
  gdprMCLegal: any,
  smsTransportNumber: any,
  imageUrl: mostly(fc.constantFrom('https://example.invalid/i.png', '//example.invalid/i.png')),
  rewardsUrl: any,
  appDomain: any,
  translations: mostly(
    fc.dictionary(fc.constantFrom('required', 'email', 'phone', 'url', 'number', 'birthday', 'date', 'address'), any),
  ),
  cookies: mostly(fc.array(fc.record({ name: any, value: any, expires: any, path: any }, opt), { maxLength: 3 })),
  styles: mostly(
    fc.record(
      {
        modal: mostly(fc.record({ max_width: any, close_link_color: any }, opt)),
        button,
        bannerCta: button,
        labels: mostly(fc.record({ color: any, font: any }, opt)),
        headingColor: any,
        headingFont: any,
        paragraphColor: any,
        paragraphFont: any,
        backgroundColor: any,
        baseFontSize: any,
      },
      opt,
    ),
  ),
  // At least one field, each mostly plausible: settings without a field to fill show nothing (and warn once,
  // src/popup/session.tsx), which the JSON fuzz above covers.
  fields: fc.array(mostly(field), { minLength: 1, maxLength: 6 }),
};
const settingsLike = fc.record(SETTINGS_SHAPE, { requiredKeys: ['fields'] });
const SETTINGS_KEYS = Object.keys(SETTINGS_SHAPE);

/** What kinds of case a draw reached: see `kinds`. */
type Kinds = Set<string>;

/**
 * The kinds of case one drawn value is: its JSON type at the top, 'key:' each settings key it holds, 'type:' each
 * field type among its fields, and the viewport.
 */
const kinds = (raw: unknown, phone: boolean, into: Kinds): void => {
  into.add(phone ? 'phone' : 'desktop');
  into.add(raw === null ? 'null' : Array.isArray(raw) ? 'array' : typeof raw);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return;
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o)) into.add(`key:${k}`);
  if (Array.isArray(o.fields))
    for (const f of o.fields) if (f && typeof f === 'object') into.add(`type:${(f as { type?: unknown }).type}`);
};

/**
 * Runs the property over `arb` (`full` cases under FUZZ_FULL, else `quick`); the seed is printed when it fails.
 * Returns how many runs rendered a popup, how many ran, and the kinds of case they reached.
 */
async function fuzz(
  label: string,
  arb: fc.Arbitrary<unknown>,
  full: number,
  quick: number,
): Promise<{ rendered: number; runs: number; seen: Kinds }> {
  let rendered = 0;
  let runs = 0;
  const seen: Kinds = new Set();
  const errorsBefore = ctx.g.log.errors.length;
  const { seed, numRuns } = fuzzOptions(full, quick);
  try {
    await fc.assert(
      fc.asyncProperty(arb, fc.boolean(), async (raw, phone) => {
        runs++;
        kinds(raw, phone, seen);
        const r = await mountOnce(raw, phone);
        const errors = ctx.g.log.errors.slice(errorsBefore);
        if (errors.length) throw Error(`uncaught error in the host page: ${errors[0]}`);
        if (r.frames > 1) throw Error(`${r.frames} popup frames`);
        // A frame on the page holds the popup: an empty frame left behind by a failed mount is a defect too.
        if (r.frames !== r.rendered) throw Error('a popup frame with nothing rendered in it');
        rendered += r.rendered;
      }),
      { seed, numRuns, endOnFailure: true },
    );
  } catch (e) {
    console.error(`\n${label}: fuzz failed with seed ${seed} (replay: FUZZ_SEED=${seed})\n`);
    throw e;
  }
  assert.is(runs, numRuns, label);
  return { rendered, runs, seen };
}

Z('arbitrary JSON as the settings: never an uncaught error, never two popups', async () => {
  const { seen } = await fuzz('jsonValue', fc.jsonValue(), 120, 40);
  reached(seen, ['object', 'array', 'string', 'number', 'boolean', 'null', 'phone', 'desktop'], 'kinds of JSON');
  await assertHostUnharmed(ctx.page, ctx.g, 'after arbitrary JSON');
});

/** Every key settingsLike draws, and every field type: what its smaller default draw must still reach. */
const SETTINGS_KINDS = [...SETTINGS_KEYS.map((k) => `key:${k}`), ...TYPES.map((t) => `type:${t}`), 'phone', 'desktop'];

Z(
  'settings-shaped objects with random types per key: renders or shows nothing, never throws, never two popups',
  async () => {
    const { rendered, runs, seen } = await fuzz('settings-like', settingsLike, 250, 80);
    reached(seen, SETTINGS_KINDS, 'settings keys and field types');
    // Most shaped objects render a popup: the property was not passing because nothing was ever mounted.
    assert.ok(rendered > runs * 0.4, `rendered ${rendered} of ${runs}`);
    await assertHostUnharmed(ctx.page, ctx.g, 'after settings-like objects');
    // Mount's own guard (a caught failure and a console warning) must not be how the fuzz passed; a form left with
    // no field to fill is refused by design, not caught.
    const caught = warnings(ctx.g).filter((w) => w.startsWith('signup popup:') && !/the form has no fields/.test(w));
    assert.equal(caught, [], 'no mount failed and was caught');
  },
);

Z('after the fuzz, the same page still mounts a working popup', async () => {
  await ctx.page.setViewportSize({ width: 1280, height: 800 });
  await mountOnce({ fields: [EMAIL_FIELD], description: '<h2>Still here</h2>' }, false);
  const { frame } = await shown(ctx.page, MODAL);
  assert.is((await frame.textContent('h2'))?.trim(), 'Still here');
  await frame.fill('input[name=EMAIL]', 'after.fuzz@example.com');
  await frame.click('button[type=submit]');
  await frame.waitForSelector('.mc-success:not(:empty)', { state: 'attached' });
  await assertHostUnharmed(ctx.page, ctx.g, 'after the fuzz');
  assert.is(ctx.fx.calls('form-post-json').length, 0, 'preview: no server call');
});

Z.run();
