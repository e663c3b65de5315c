/**
 * `npm run gallery` (issue 7): PNG screenshots of every variant and template on a desktop (1280x800) and a phone
 * (375x720) viewport, the banner, each variant and the banner of a form in Arabic, right to left (issue 35 item 5),
 * each form step and state, the blog's pages and the owner's studio, written to docs/gallery/ with an index (README.md,
 * index.html).
 * Re-runnable: the folder's PNGs are replaced on each run.
 *
 * Everything is real: the reference provider over a temporary SQLite file with the blog's route, the built dist/, the
 * seeded demo forms (src/server/seed/forms.ts) with the settings the provider serves. Popups are mounted over the
 * blog's home page through popup.js's own entry, `window.__mcsf.mount(params, settings)`, the call the loader and the
 * owner preview make: with isPreview a submit is simulated (no server call), without it the provider answers. One
 * shot also goes through the blog's real embed snippet and its scroll trigger.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { createBlogRoute } from '../src/blog/server/routes';
import { BANNER_FRAME_TITLE, FRAME_TITLE, JS_PATH } from '../src/constants';
import { BLOG_STATS_PATH } from '../src/blog/constants';
import { startProvider, type Provider } from '../src/server/app';
import { DEMO_UUID, demoForm } from '../src/server/seed/forms';
import type { LoaderParams, RawSettings } from '../src/types';
import { launch } from '../test/browser/harness';
import { snapshot } from './snapshot';

const root = process.cwd();
const OUT = join(root, 'docs/gallery');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 720 } } as const;
type Viewport = keyof typeof VIEWPORTS;
const MODAL = `iframe[title="${FRAME_TITLE}"]`;
const BANNER = `iframe[title="${BANNER_FRAME_TITLE}"]`;
/** A post with comments, the menu's first entry. */
const POST = '/posts/storm-season-notes';

/** One screenshot in the index. */
interface Shot {
  section: string;
  file: string;
  caption: string;
}
const shots: Shot[] = [];
const failures: string[] = [];

/** The settings the provider serves for a demo form (its JSONP answer, unwrapped). */
async function settingsOf(p: Provider, key: string): Promise<RawSettings> {
  const f = demoForm(key);
  if (!f) throw Error(`no demo form ${key}`);
  const q = new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId, c: 'cb' });
  const text = await (await fetch(`${p.origin}/subscribe/form-settings?${q}`)).text();
  return JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))) as RawSettings;
}

/** The loader's parameters for a demo form, as the loader would parse them from a snippet on this provider. */
const paramsOf = (p: Provider, key: string, isPreview: boolean): LoaderParams => {
  const f = demoForm(key)!;
  return {
    baseUrl: p.host,
    uuid: DEMO_UUID,
    lid: f.lid,
    fId: f.fId,
    dev: false,
    uniqueMethods: false,
    ignoreCookie: true,
    isPreview,
    cdn: p.origin + '/',
  };
};

/** A new page on `viewport`, motion reduced (no frame mid-animation), the blog's beacons answered and not stored. */
async function newPage(browser: Browser, viewport: Viewport, embed: boolean): Promise<Page> {
  const phone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    reducedMotion: 'reduce',
  });
  await context.route('**' + BLOG_STATS_PATH, (r) => r.fulfill({ status: 204, body: '' }));
  // The blog's own embed is refused where a popup is mounted by hand, so only that one shows.
  if (!embed) await context.route('**/embed.js', (r) => r.abort());
  return context.newPage();
}

/** Waits until the frame `sel` is shown (its stylesheets settled), its images loaded, and returns its document. */
async function shown(page: Page, sel: string): Promise<Frame> {
  await page.waitForFunction(
    (s) => {
      const f = document.querySelector<HTMLIFrameElement>(s);
      return !!f && f.style.visibility === '' && !!f.contentDocument?.querySelector('.mc-root, body > *');
    },
    sel,
    { timeout: 10000 },
  );
  const frame = (await (await page.$(sel))!.contentFrame())!;
  await frame.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  // CSS background images (templates 2-5) have no load event to wait for; the provider is on loopback.
  await page.waitForTimeout(300);
  return frame;
}

/**
 * Opens the blog home with embed.js refused and mounts demo form `key` through popup.js's entry, its settings as
 * `change` makes them (the right-to-left shots: `arabic`).
 */
async function mountOn(
  page: Page,
  p: Provider,
  key: string,
  isPreview = true,
  change = (s: RawSettings) => s,
): Promise<void> {
  await page.goto(p.origin + '/', { waitUntil: 'load' });
  const settings = change(await settingsOf(p, key));
  await page.addScriptTag({ url: `${p.origin}/${JS_PATH}${settings.version || '1.0'}/popup.js` });
  await page.evaluate(([params, s]) => window.__mcsf!.mount!(params, s), [
    paramsOf(p, key, isPreview),
    settings,
  ] as const);
}

/**
 * Saves a PNG of the viewport and records it in the index. `whole`: the viewport first grows to the modal dialog's
 * height, so a dialog taller than the screen is shown whole (the modal centres it over the page).
 */
async function save(section: string, name: string, caption: string, page: Page, whole?: Frame): Promise<void> {
  const file = name + '.png';
  if (whole) {
    const h = await whole.$eval('.mc-dialog', (el) => Math.ceil(el.getBoundingClientRect().height) + 64);
    const v = page.viewportSize()!;
    if (h > v.height) {
      await page.setViewportSize({ width: v.width, height: h });
      await page.waitForTimeout(300);
    }
  }
  // The pointer leaves what it last clicked, so no button shows its hover colour.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(OUT, file), animations: 'disabled' });
  shots.push({ section, file, caption });
  process.stderr.write(`gallery: ${file}\n`);
}

/** Runs one shot in its own page; a failure is reported at the end and the rest go on. */
async function shot(
  browser: Browser,
  viewport: Viewport,
  label: string,
  fn: (page: Page) => Promise<void>,
  embed = false,
): Promise<void> {
  const page = await newPage(browser, viewport, embed);
  try {
    await fn(page);
  } catch (e) {
    failures.push(`${label}: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await page.context().close();
  }
}

/** Phones see the banner first for forms with the mobile banner (spec 2.2): its call to action opens the modal. */
async function modalFrame(page: Page, viewport: Viewport, key: string): Promise<Frame> {
  const banner = viewport === 'phone' && demoForm(key)!.settings.useMobileBanner === 'Y';
  if (banner) await (await shown(page, BANNER)).click('button:not(.mc-close)');
  return shown(page, MODAL);
}

/** Fills the e-mail and name fields a demo form has. */
async function fillIn(f: Frame, email: string): Promise<void> {
  await f.fill('#mc-EMAIL-0', email);
  for (const [sel, v] of [
    ['#mc-FNAME-0', 'Maren'],
    ['#mc-LNAME-0', 'Lund'],
  ])
    if (await f.$(sel)) await f.fill(sel, v);
}

const VARIANTS: [string, string][] = [
  ...[1, 2, 3, 4, 5].map((t): [string, string] => [`template-${t}`, `Modal, template ${t}`]),
  ['slide', 'Slide-in'],
  ['fixed', 'Fixed bar'],
];

async function popups(browser: Browser, p: Provider) {
  for (const viewport of ['desktop', 'phone'] as Viewport[])
    for (const [key, title] of VARIANTS)
      await shot(browser, viewport, `${key} ${viewport}`, async (page) => {
        await mountOn(page, p, key);
        await modalFrame(page, viewport, key);
        await save(
          'Variants and templates',
          `${key}-${viewport}`,
          `${title}, ${viewport} (${VIEWPORTS[viewport].width}x${VIEWPORTS[viewport].height})`,
          page,
        );
      });
  await shot(browser, 'phone', 'banner', async (page) => {
    await mountOn(page, p, 'modal');
    await shown(page, BANNER);
    await save(
      'Variants and templates',
      'banner-phone',
      'The mobile banner, phone (its call to action opens the modal)',
      page,
    );
  });
  await shot(browser, 'phone', 'slide banner', async (page) => {
    // A visitor's page, not the stage (whose phone view shows the form itself): a slide-in shows as the banner first
    // (docs/decisions/phones.md).
    await mountOn(page, p, 'slide', false);
    await shown(page, BANNER);
    await save(
      'Variants and templates',
      'slide-banner-phone',
      "A slide-in on a visitor's phone: the banner first (its call to action opens the slide-in)",
      page,
    );
  });
}

/** The Arabic field labels of the right-to-left shots, by field name. */
const AR_LABELS: Record<string, string> = { EMAIL: 'البريد الإلكتروني', FNAME: 'الاسم الأول', LNAME: 'اسم العائلة' };

/** The built-in texts the right-to-left shots show, in Arabic (the settings' translations, keyed by the English). */
const AR_TEXTS: Record<string, string> = {
  Close: 'إغلاق',
  Subscribe: 'اشترك',
  'Enter your email': 'أدخل بريدك الإلكتروني',
  [FRAME_TITLE]: 'الاشتراك في النشرة',
  [BANNER_FRAME_TITLE]: 'شريط الاشتراك في النشرة',
};

/**
 * A demo form in Arabic: its own language and direction (`lang`, `dir`), the owner's texts and the built-in texts
 * (`translations`) in Arabic, the demo's own English labels for the built-in ones left out.
 */
const arabic = (s: RawSettings): RawSettings => ({
  ...s,
  lang: 'ar',
  dir: 'rtl',
  translations: { ...(s.translations as Record<string, string>), ...AR_TEXTS },
  description: '<h2>نشرتنا الأسبوعية</h2><p>وصفات جديدة وعروض للأعضاء كل يوم جمعة.</p>',
  footer: '<p>يمكنك إلغاء الاشتراك في أي وقت. لا نشارك عنوانك أبدًا.</p>',
  bannerDescription: '<p><strong>خصم 10%</strong> على طلبك الأول عند الاشتراك.</p>',
  buttonLabel: '',
  bannerCtaLabel: '',
  closeLabel: '',
  fields: (s.fields as Record<string, unknown>[]).map((f) => ({ ...f, label: AR_LABELS[f.name as string] || f.label })),
});

/**
 * Every variant on a desktop and the banner on a phone, a form in Arabic over the blog's English page: the frames
 * take the form's language and direction and mirror.
 */
async function rightToLeft(browser: Browser, p: Provider) {
  const S = 'Right to left (a form in Arabic)';
  for (const [key, title] of VARIANTS)
    await shot(browser, 'desktop', `${key} rtl`, async (page) => {
      await mountOn(page, p, key, true, arabic);
      await shown(page, `iframe[title="${AR_TEXTS[FRAME_TITLE]}"]`);
      await save(S, `${key}-rtl-desktop`, `${title}, a form in Arabic, right to left, desktop`, page);
    });
  await shot(browser, 'phone', 'banner rtl', async (page) => {
    await mountOn(page, p, 'modal', true, arabic);
    await shown(page, `iframe[title="${AR_TEXTS[BANNER_FRAME_TITLE]}"]`);
    await save(S, 'banner-rtl-phone', 'The mobile banner of a form in Arabic, phone', page);
  });
}

async function states(browser: Browser, p: Provider) {
  const S = 'Form steps and states';
  await shot(browser, 'desktop', 'e-mail step', async (page) => {
    await mountOn(page, p, 'sms');
    const f = await shown(page, MODAL);
    await save(S, 'state-email-step-desktop', 'E-mail step of the SMS form (its Continue leads to the SMS step)', page);
    await f.fill('#mc-EMAIL-0', 'reader@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('[name="SMSPHONE"]');
    await save(S, 'state-sms-step-desktop', 'SMS step', page);
  });
  await shot(browser, 'phone', 'text-to-join', async (page) => {
    await mountOn(page, p, 'sms');
    const f = await modalFrame(page, 'phone', 'sms');
    await f.fill('#mc-EMAIL-0', 'reader@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-ttt');
    await save(S, 'state-text-to-join-phone', 'Text-to-join on a phone, after the e-mail step', page);
  });
  await shot(browser, 'desktop', 'field errors', async (page) => {
    await mountOn(page, p, 'every-field');
    const f = await shown(page, MODAL);
    await save(S, 'state-every-field-desktop', 'Every field type (the dialog, whole)', page, f);
    await f.fill('#mc-EMAIL-0', 'not-an-address');
    await f.fill('#mc-WEBSITE-0', 'www.example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('[aria-invalid="true"]');
    await page.waitForTimeout(200);
    await save(S, 'state-field-errors-desktop', 'Field errors after a submit (the dialog, whole)', page, f);
  });
  await shot(browser, 'desktop', 'GDPR', async (page) => {
    // Not a preview: the provider answers, and refuses a signup that grants no marketing permission.
    await mountOn(page, p, 'gdpr', false);
    const f = await shown(page, MODAL);
    await save(S, 'state-gdpr-desktop', 'GDPR form with marketing permissions (the dialog, whole)', page, f);
    await fillIn(f, 'no.consent@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-gdpr-msg:not(:empty)');
    await page.waitForTimeout(200);
    await save(
      S,
      'state-server-error-gdpr-desktop',
      "Server error: the provider's gdpr_error, shown in the GDPR block (the dialog, whole)",
      page,
      f,
    );
  });
  await shot(browser, 'desktop', 'provider down', async (page) => {
    await mountOn(page, p, 'template-1', false);
    const f = await shown(page, MODAL);
    await page.route('**/subscribe/form-post-json**', (r) => r.abort('connectionrefused'));
    await fillIn(f, 'offline@example.com');
    await f.click('button[type=submit]');
    await f.waitForSelector('.mc-flash:not(:empty)');
    await page.waitForTimeout(200);
    await save(S, 'state-server-error-desktop', 'Server error: the provider does not answer', page);
  });
  for (const viewport of ['desktop', 'phone'] as Viewport[])
    await shot(browser, viewport, `success ${viewport}`, async (page) => {
      await mountOn(page, p, 'template-1');
      const f = await modalFrame(page, viewport, 'template-1');
      await fillIn(f, 'reader@example.com');
      await f.click('button[type=submit]');
      await f.waitForSelector('.mc-success:not(:empty)');
      await page.waitForTimeout(200);
      await save(S, `state-success-${viewport}`, `Success message, ${viewport}`, page);
    });
}

async function blog(browser: Browser, p: Provider) {
  const S = 'The blog';
  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    await shot(browser, viewport, `blog home ${viewport}`, async (page) => {
      await page.goto(p.origin + '/', { waitUntil: 'load' });
      await save(S, `blog-home-${viewport}`, `Home page, ${viewport}`, page);
    });
    await shot(browser, viewport, `blog post ${viewport}`, async (page) => {
      await page.goto(p.origin + POST, { waitUntil: 'load' });
      await save(S, `blog-post-${viewport}`, `A post, ${viewport}`, page);
      await page.click('.comments-toggle');
      await page.waitForSelector('#comments.open:not(.animating)');
      await page.locator('.comments-toggle').scrollIntoViewIfNeeded();
      await save(S, `blog-comments-${viewport}`, `Comments open, ${viewport}`, page);
    });
    await shot(browser, viewport, `blog widgets ${viewport}`, async (page) => {
      await page.goto(p.origin + POST, { waitUntil: 'load' });
      await page.click('.widgets-toggle');
      await page.waitForFunction(() => !document.body.classList.contains('widgets-animating'));
      await page.waitForTimeout(100);
      await save(S, `blog-widgets-${viewport}`, `Widgets open, ${viewport}`, page);
    });
  }
  // The real snippet on the page and its trigger: the blog's slide-in opens once the reader passes the middle.
  await shot(
    browser,
    'desktop',
    'blog with its popup',
    async (page) => {
      const settings = page.waitForResponse((r) => r.url().includes('/form-settings'));
      await page.goto(p.origin + '/', { waitUntil: 'load' });
      await settings;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await shown(page, MODAL);
      await save(
        S,
        'blog-home-popup-desktop',
        "Home page past the middle: the blog's own embed snippet opened its slide-in",
        page,
      );
    },
    true,
  );
}

/** Waits until the studio's live region has said its piece and left the page (it covers what is under it). */
const quiet = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[role=status]')?.textContent, null, { timeout: 20000 });

/** The owner's studio (issue 33): the home page and a form's editor with its live preview, desktop and phone. */
async function studio(browser: Browser, p: Provider) {
  const S = "The owner's studio";
  const f = demoForm('modal')!;
  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    await shot(browser, viewport, `studio home ${viewport}`, async (page) => {
      await page.goto(p.origin + '/studio', { waitUntil: 'load' });
      await page.waitForSelector('section.list');
      await quiet(page);
      await save(S, `studio-home-${viewport}`, `The studio's home: lists and forms, ${viewport}`, page);
    });
    await shot(browser, viewport, `studio editor ${viewport}`, async (page) => {
      await page.goto(`${p.origin}/studio/forms/${f.lid}/${f.fId}`, { waitUntil: 'load' });
      await page.waitForSelector('#stage');
      const stage = (await (await page.$('#stage'))!.contentFrame())!;
      await stage.waitForFunction(() => {
        const frame = document.querySelector('iframe');
        return !!frame && frame.style.visibility === '' && !!frame.contentDocument?.body?.firstElementChild;
      });
      await quiet(page);
      await save(S, `studio-editor-${viewport}`, `A form's editor beside its live preview, ${viewport}`, page);
    });
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function writeIndex() {
  const sections = [...new Set(shots.map((s) => s.section))];
  const md = [
    '# Gallery',
    '',
    'Written by `npm run gallery` (bench/gallery.ts): the built popup, ' +
      "the reference provider's seeded demo forms and the",
    'blog, in Chromium at device scale 1 on a desktop (1280x800) and a phone (375x720) viewport. ' +
      'Shots marked "the dialog,',
    'whole" were taken on a viewport made as tall as the dialog. ' +
      "Popups are mounted over the blog's home page. Do not edit",
    'by hand: run the script again.',
    '',
  ];
  for (const sec of sections) {
    md.push(`## ${sec}`, '', '| | |', '|---|---|');
    for (const s of shots.filter((x) => x.section === sec))
      md.push(
        `| ${s.caption} | <img src="${s.file}" alt="${esc(s.caption)}" ` +
          `width="${s.file.includes('-phone') ? 188 : 480}"> |`,
      );
    md.push('');
  }
  writeFileSync(join(OUT, 'README.md'), md.join('\n'));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gallery</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:1300px;padding:0 1rem}
figure{display:inline-block;margin:0 1rem 2rem 0;vertical-align:top}img{border:1px solid #ccc;max-width:100%}
figcaption{max-width:640px}</style>
</head><body><main><h1>Gallery</h1><p>Written by <code>npm run gallery</code> (bench/gallery.ts).</p>
${sections
  .map(
    (sec) =>
      `<h2>${esc(sec)}</h2>\n` +
      shots
        .filter((x) => x.section === sec)
        .map(
          (s) =>
            `<figure><a href="${s.file}"><img src="${s.file}" alt="${esc(s.caption)}" ` +
            `width="${s.file.includes('-phone') ? 188 : 640}"></a><figcaption>${esc(s.caption)}</figcaption></figure>`,
        )
        .join('\n'),
  )
  .join('\n')}
</main></body></html>
`;
  writeFileSync(join(OUT, 'index.html'), html);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (f.endsWith('.png')) rmSync(join(OUT, f));
  const dir = mkdtempSync(join(tmpdir(), 'gallery-'));
  const { dist } = snapshot(root, 'gallery');
  const p = await startProvider({
    dbPath: join(dir, 'gallery.db'),
    distDir: dist,
    routes: [createBlogRoute({ contentDir: join(root, 'content'), distDir: dist })],
    quiet: true,
    rateLimit: false,
    // A badge of its own: by default it names the provider's address, a port that changes on every run.
    badge: { text: 'Powered by Demo Goods', url: 'https://example.com/' },
  });
  const browser = await launch();
  try {
    await popups(browser, p);
    await rightToLeft(browser, p);
    await states(browser, p);
    await blog(browser, p);
    await studio(browser, p);
  } finally {
    await browser.close();
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  }
  writeIndex();
  console.log(`gallery: ${shots.length} screenshots in docs/gallery/`);
  if (failures.length) {
    console.error(`gallery: ${failures.length} failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

await main();
