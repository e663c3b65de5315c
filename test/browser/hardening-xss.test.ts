/**
 * Hostile settings (issue 8): an XSS corpus placed in every owner-HTML field and every string setting the popup reads
 * (spec 3.2 to 3.4), and in the submit responses' msg and errors (spec 3.6), rendered by the real embed.js → popup.js
 * in Chromium through every state that shows them: the modal's e-mail step, validation messages, a server error, a
 * gdpr_error, a custom success; the mobile banner, the SMS step with text-to-join; a preview's double opt-in message.
 *
 * Each payload, if it ran, would bump `top.__pwned` or open a dialog; a payload that only leaked would ask for a
 * '/pwn-' address. After every state: nothing ran, nothing asked for '/pwn-', no `on*` attribute and no javascript:
 * URL anywhere in the page or its frames, no script, frame, object or base element inside the popup's frames, and the
 * frames hold exactly the form controls the same form rendered with benign settings holds.
 *
 * FUZZ_FULL=1 (test/fuzz.ts) renders each payload alone in every slot, through every state. `npm test` renders each
 * pair of payloads together, by turns over the slots (`pages`): every payload still reaches every state, and every
 * slot holds a payload in every state, in half the pages.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFixture, type Fixture } from './harness';
import { assertHostUnharmed, guardPage, launchWithBfcache, type Guard } from './hardening-env';
import { BANNER, MODAL, shown } from './popup-env';
import { FUZZ_FULL } from '../fuzz';

const RUN = 'top.__pwned++';
/** The corpus: markup, attribute breaks, URLs, CSS, mutation XSS, and unicode tricks. */
export const PAYLOADS: string[] = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="/pwn-img" onerror=${RUN}>`,
  `<a href="javascript:${RUN}">click</a>`,
  `<a href="java&#x09;script:${RUN}">tab</a>`,
  `<a href=" &#14; JaVaScRiPt:${RUN}">case</a>`,
  `<svg onload="${RUN}"><circle r=1></circle></svg>`,
  `<svg><script>${RUN}</script></svg>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>`,
  `"><img src=x onerror=${RUN}>`,
  `'><script>${RUN}</script>`,
  `" autofocus onfocus="${RUN}" x="`,
  `</style><script>${RUN}</script>`,
  `</textarea></title></noscript><script>${RUN}</script>`,
  `red;background:url(/pwn-css)`,
  `<div style="background-image:url(/pwn-css);color:red">css</div>`,
  `<style>@import '/pwn-css';*{background:url(/pwn-css)}</style>`,
  `expression(${RUN})`,
  `\uff1cscript\uff1e${RUN}\uff1c/script\uff1e`,
  `<scr\u0000ipt>${RUN}</scr\u0000ipt>\u202e\u2028\u2029`,
  `<img src=x o\u0000nerror=${RUN}>`,
  `<iframe src="javascript:${RUN}"></iframe><iframe srcdoc="<script>${RUN}</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
  `<input autofocus onfocus=${RUN}><button formaction="javascript:${RUN}">b</button>` +
    '<select><option>o</select><textarea>t</textarea>',
  `<details open ontoggle=${RUN}><summary>s</summary></details>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}"><base href="javascript:/">`,
  `javascript:${RUN}`,
  `//x" onerror="${RUN}`,
  `{{constructor.constructor('${RUN}')()}}`,
  `<a href=# onclick=${RUN} id=mc-EMAIL-0 name=EMAIL>clobber</a><img name=__mcsf id=__mcsf src=x>`,
  `<!--<img src=x onerror=${RUN}>--><![CDATA[<img src=x onerror=${RUN}>]]>`,
  `<img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a>`,
];

/** Benign text of the same shape, for the reference rendering. */
const BENIGN = 'Plain words';

/** The text for each slot of the settings, asked once per slot in the order the settings object lists them. */
interface Fill {
  /** The payloads it puts in the slots, for messages. */
  label: string;
  next(): string;
}
/** `x` in every slot. */
const every = (x: string): Fill => ({ label: JSON.stringify(x), next: () => x });
/** The payloads `xs` by turns over the slots, the first slot taking `xs[from]`. */
const byTurns = (xs: string[], from: number): Fill => {
  let i = from;
  return { label: JSON.stringify(xs), next: () => xs[i++ % xs.length] };
};

/**
 * A settings object with the fill's payloads in every string setting and owner-HTML field (spec 3.2, 3.3, 3.4). Field
 * names carry a suffix so that no two collide (a collision drops a field, which would change the form rather than
 * attack it).
 */
function hostileSettings(fill: Fill, o: { sms?: boolean } = {}): Record<string, unknown> {
  const x = fill.next;
  const choices = [
    { value: x(), label: x() },
    { value: `${x()} b`, label: x() },
  ];
  const btn = { color: x(), hover_color: x(), text_color: x(), alignment: x(), style: x() };
  const fields: Record<string, unknown>[] = [
    { type: 'email', name: 'EMAIL', label: x(), required: true, helper_text: x(), merge_id: 0 },
    { type: 'text', name: `${x()} 1`, label: x(), required: true, helper_text: x(), merge_id: 1 },
    { type: 'dropdown', name: `${x()} 2`, label: x(), helper_text: x(), merge_id: 2, choices },
    { type: 'radio', name: `${x()} 3`, label: x(), helper_text: x(), merge_id: 3, choices },
    { type: 'checkbox', name: `${x()} 4`, label: x(), helper_text: x(), merge_id: 4, group_id: x(), choices },
    { type: 'url', name: `${x()} 5`, label: x(), helper_text: x(), merge_id: 5 },
    { type: 'phone', name: `${x()} 6`, label: x(), helper_text: x(), merge_id: 6, phoneformat: x() },
    { type: 'checkbox', name: `${x()} 7`, label: x(), helper_text: x(), merge_id: 7, marketing_preference_id: x() },
    { type: 'checkbox', name: `${x()} 8`, label: x(), merge_id: 8, marketing_preference_id: `${x()} 8` },
  ];
  if (o.sms)
    fields.push({
      type: 'smsphone',
      name: `${x()} 9`,
      label: x(),
      required: true,
      helper_text: x(),
      merge_id: 9,
      legal: { required: x(), optional: x() },
      smsProgramData: [{ imgSrc: x(), countryCode: x(), requiredTemplate: x(), optionalTemplate: x() }],
    });
  return {
    popupDelay: x(),
    version: x(),
    template: 2,
    modalVariation: 'modal',
    appDomain: x(),
    imageUrl: x(),
    rewardsUrl: x(),
    useRewards: 'Y',
    description: x(),
    footer: x(),
    bannerDescription: x(),
    bannerCtaLabel: x(),
    closeLabel: x(),
    buttonLabel: x(),
    continueLabel: x(),
    successMsg: x(),
    doubleOptInSuccessMessage: x(),
    gdprLabel: x(),
    gdprDescription: x(),
    gdprLegal: x(),
    gdprMCLegal: x(),
    hasGdprEnabled: 'Y',
    // A number first, so that text-to-join shows with benign and hostile settings alike; the payload follows it.
    smsTransportNumber: `+1 555 0100 ${x()}`,
    useTtt: 'Y',
    translations: { required: x(), email: x(), phone: x(), url: x(), number: x(), [x()]: x() },
    styles: {
      modal: { close_link_color: x(), max_width: x() },
      button: btn,
      bannerCta: btn,
      labels: { color: x(), font: x() },
      headingColor: x(),
      headingFont: x(),
      paragraphColor: x(),
      paragraphFont: x(),
      backgroundColor: x(),
      baseFontSize: x(),
    },
    fields,
  };
}

/** A hostile submit response: each call answers the next of error with field errors, gdpr_error, custom success. */
const hostileAnswers = (fill: Fill) => {
  const x = fill.next;
  let i = 0;
  return () =>
    [
      () => ({ result: 'error', msg: x(), errors: { 0: x(), 1: x(), 2: x(), 5: x(), [x()]: x() } }),
      () => ({ result: 'error', type: 'gdpr_error', msg: x(), errors: { msg: x() } }),
      () => ({ result: 'success', type: 'custom', msg: x(), webEngagementCookieValue: x() }),
    ][Math.min(i++, 2)]();
};

const ctx = {
  browser: null as unknown as Browser,
  fx: null as unknown as Fixture,
  reference: new Map<string, string>(),
};
const X = suite('hardening: hostile settings', ctx);
X.before(async () => {
  ctx.browser = await launchWithBfcache();
  ctx.fx = await startFixture();
});
X.after(async () => {
  await ctx.browser.close();
  await ctx.fx.close();
});

/** What a state of the page holds that an attack would change. */
interface Scan {
  /** `where:tag:type` of every form control in the page and the popup's frames, sorted. */
  controls: string;
  /** Elements with an on* attribute, javascript: URLs, active elements inside the frames. */
  bad: string[];
}

/** Walks the host document and every popup frame's document. */
const scan = (page: Page): Promise<Scan> =>
  page.evaluate((origin) => {
    const bad: string[] = [];
    const controls: string[] = [];
    const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'background', 'poster'];
    const walk = (doc: Document, where: string, inFrame: boolean) => {
      for (const el of doc.querySelectorAll('*')) {
        for (const a of el.attributes) {
          if (/^on/i.test(a.name)) bad.push(`${where}: <${el.localName} ${a.name}>`);
          if (
            URL_ATTRS.includes(a.name.toLowerCase()) &&
            /^\s*javascript:/i.test(a.value.replace(/[\0-\x1f\x7f]/g, ''))
          )
            bad.push(`${where}: <${el.localName} ${a.name}=${a.value}>`);
        }
        // The one SVG we draw ourselves: the GDPR block's information icon (src/popup/form/Gdpr.tsx),
        // no owner HTML near it.
        const ours = el.localName == 'svg' && !!el.parentElement?.matches('.mc-gdpr-info > a');
        if (inFrame && !ours && /^(script|iframe|frame|object|embed|base|style|svg|math|template)$/.test(el.localName))
          bad.push(`${where}: <${el.localName}> in a popup frame`);
        if (inFrame && el.localName == 'meta' && el.getAttribute('http-equiv')) bad.push(`${where}: <meta http-equiv>`);
        // The frames link only our stylesheets, from the content host.
        if (
          inFrame &&
          el.localName == 'link' &&
          (el.getAttribute('rel') != 'stylesheet' || !(el as HTMLLinkElement).href.startsWith(origin + '/'))
        )
          bad.push(`${where}: <link rel=${el.getAttribute('rel')} href=${el.getAttribute('href')}>`);
        if (/^(input|select|textarea|button)$/.test(el.localName))
          controls.push(`${where}:${el.localName}:${el.getAttribute('type') || ''}`);
        if (el.localName == 'iframe') {
          const d = (el as HTMLIFrameElement).contentDocument;
          if (d) walk(d, `frame "${el.getAttribute('title')}"`, true);
        }
      }
    };
    walk(document, 'host', false);
    return { controls: controls.sort().join(' '), bad };
  }, ctx.fx.origin);

interface Page1 {
  context: BrowserContext;
  page: Page;
  g: Guard;
  leaks: string[];
}

let n = 0;
/** Opens a guarded host page for `settings` (served as 'localhost', not the provider's own site). */
async function openWith(
  settings: Record<string, unknown>,
  o: { phone?: boolean; params?: Record<string, unknown>; submit?: () => Record<string, unknown> } = {},
): Promise<Page1> {
  const uuid = `hx${++n}`;
  ctx.fx.forms.set(uuid, { settings, submit: o.submit });
  const start = JSON.stringify({ baseUrl: ctx.fx.host, uuid, lid: 'list1', ...o.params });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Host</h1><p>Text.</p></main><script src="${ctx.fx.origin}/js/signup-forms/popup/embed.js"></script>
<script>window.dojoRequire(["mojo/signup-forms/Loader"], function (L) { L.start(${start}) })</script></body></html>`;
  const url = ctx.fx.page(`${uuid}.html`, html).replace('//127.0.0.1:', '//localhost:');
  const context = await ctx.browser.newContext(
    o.phone
      ? { viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' }
      : { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
  );
  const page = await context.newPage();
  const g = await guardPage(page);
  const leaks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/pwn-')) leaks.push(r.url());
  });
  await page.goto(url);
  return { context, page, g, leaks };
}

/**
 * Checks one state: the host unharmed, nothing leaked, nothing active; with the benign text, records the form
 * controls as the reference for `state`, else compares with it.
 */
async function check(p: Page1, state: string, fill: Fill): Promise<void> {
  const label = `${state} with ${fill.label}`;
  await assertHostUnharmed(p.page, p.g, label);
  assert.equal(p.leaks, [], `${label}: leaked requests`);
  const s = await scan(p.page);
  assert.equal(s.bad, [], label);
  if (fill.label == every(BENIGN).label) ctx.reference.set(state, s.controls);
  else assert.is(s.controls, ctx.reference.get(state), `${label}: form controls differ from the benign form's`);
}

/** The desktop modal: e-mail step, validation messages, server error, gdpr_error, custom success. */
async function desktop(x: Fill): Promise<void> {
  const p = await openWith(hostileSettings(x), { submit: hostileAnswers(x) });
  try {
    const { frame } = await shown(p.page, MODAL);
    await check(p, 'modal', x);
    // Validation: an invalid address and an empty required field show the (hostile) translations.
    await frame.fill('input[name=EMAIL]', 'not an address');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('[aria-invalid="true"]');
    await check(p, 'validation', x);
    await frame.fill('input[name=EMAIL]', 'hostile@example.com');
    await frame.fill('.mc-field-text input', 'Name');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-flash:not(:empty)', { state: 'attached' });
    await check(p, 'server error', x);
    await frame.click('button[type=submit]');
    await frame.waitForFunction(() => !!document.querySelector('.mc-gdpr-msg:not(:empty)'));
    await check(p, 'gdpr_error', x);
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-success:not(:empty)', { state: 'attached' });
    await check(p, 'custom success', x);
  } finally {
    await p.context.close();
  }
}

/** The phone: the mobile banner, its call to action, the SMS step with text-to-join, and the success message. */
async function phone(x: Fill): Promise<void> {
  const p = await openWith({ ...hostileSettings(x, { sms: true }), useMobileBanner: 'Y' }, { phone: true });
  try {
    const banner = await shown(p.page, BANNER);
    await check(p, 'banner', x);
    await banner.frame.click('.mc-cta');
    const { frame } = await shown(p.page, MODAL);
    await check(p, 'mobile modal', x);
    await frame.fill('input[name=EMAIL]', 'hostile@example.com');
    await frame.fill('.mc-field-text input', 'Name');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-sms');
    await check(p, 'sms step', x);
  } finally {
    await p.context.close();
  }
}

/** A preview (no server call) with double opt-in: the double opt-in message; env 'dev', so appDomain is read. */
async function preview(x: Fill): Promise<void> {
  const p = await openWith(
    { ...hostileSettings(x), modalVariation: 'slide', hasDoubleOptIn: 'Y' },
    { params: { isPreview: true, env: 'dev' } },
  );
  try {
    const { frame } = await shown(p.page, MODAL);
    await check(p, 'slide preview', x);
    await frame.fill('input[name=EMAIL]', 'hostile@example.com');
    await frame.fill('.mc-field-text input', 'Name');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('.mc-success:not(:empty)', { state: 'attached' });
    await check(p, 'double opt-in success', x);
  } finally {
    await p.context.close();
  }
}

X('the benign form renders every state (the reference of form controls)', async () => {
  await Promise.all([desktop(every(BENIGN)), phone(every(BENIGN)), preview(every(BENIGN))]);
  assert.is(ctx.reference.size, 10);
  // The reference is a real form: the e-mail step's controls are all there.
  assert.match(ctx.reference.get('modal')!, /input:email.*input:text/);
});

/**
 * The pages of one pair of payloads. FUZZ_FULL: each payload alone, in every slot, through every state. Else the two
 * by turns over the slots, each state opened once: every slot holds one of them in every state, and the desktop's
 * and the preview's slots (the same ones) start from different payloads, so each of their slots holds both.
 */
const pages = (batch: string[]): Promise<void>[] =>
  FUZZ_FULL
    ? batch.flatMap((x) => [desktop(every(x)), phone(every(x)), preview(every(x))])
    : [desktop(byTurns(batch, 0)), phone(byTurns(batch, 1)), preview(byTurns(batch, 1))];

// Two payloads at a time: under FUZZ_FULL each opens three pages, and six Chromium pages at once is what two busy
// cores carry within the harness's time-outs (four at a time timed out on CI's 2 cores, a different batch each run).
for (let i = 0; i < PAYLOADS.length; i += 2) {
  const batch = PAYLOADS.slice(i, i + 2);
  X(`payloads ${i + 1}–${i + batch.length}: nothing runs, leaks or injects a control, in any state`, async () => {
    await Promise.all(pages(batch));
  });
}

X.run();
