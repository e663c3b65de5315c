/**
 * The blog in Chromium for the browser layer (test/browser/blog-*.test.ts): the reference provider over a temporary
 * SQLite file, serving the BUILT dist/ (run `node build.mjs --quiet` first), and the blog on a server of its own, as
 * on `npm start` (issue 35 item 2): opened as http://localhost:PORT, it names the provider as 127.0.0.1, another
 * site. Pages get the popup's embed.js from the provider; popup.js itself is refused, so the popup (tested
 * elsewhere) never opens over the blog mid-test. Requests to other hosts (video thumbnails and players) are
 * answered here with nothing: the machine has no network, and the tests only check the addresses.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { suite, type Test } from 'uvu';
import { startBlogServer } from '../../src/blog/server/start';
import { BLOG_PANEL_MS } from '../../src/blog/constants';
import { startProvider, type Provider } from '../../src/server/app';
import { DIST, launch, until, watch, type PageLog } from './harness';

export { until };

/**
 * A provider and its blog over a temporary database: `origin` and `host` are the blog's as a visitor opens it
 * (http://localhost:PORT), `provider` the provider (http://127.0.0.1:PORT), `store` theirs.
 */
export interface Blog extends Provider {
  provider: Provider;
  cleanup(): Promise<void>;
}

/** Starts the provider on 127.0.0.1:0 and the blog on a port of its own. */
export async function startBlog(): Promise<Blog> {
  const dir = mkdtempSync(join(tmpdir(), 'blog-browser-'));
  // blog.js and blog.css are served from a copy taken now, so a build running meanwhile in the same checkout
  // (which rewrites dist/) cannot hand a page a missing or half-written script.
  const built = join(DIST, 'blog');
  const ready = () =>
    ['blog.js', 'blog.css'].every((f) => existsSync(join(built, f)) && statSync(join(built, f)).size > 0);
  await until(ready, 'dist/blog/blog.js and blog.css (run `node build.mjs --quiet` first)', 15000);
  cpSync(built, join(dir, 'dist', 'blog'), { recursive: true });
  const p = await startProvider({ dbPath: join(dir, 'provider.sqlite'), distDir: DIST, port: 0, quiet: true });
  const blog = await startBlogServer({
    context: p.context,
    port: 0,
    quiet: true,
    contentDir: join(process.cwd(), 'content'),
    distDir: join(dir, 'dist'),
  });
  const url = new URL(blog.address);
  return {
    ...p,
    origin: url.origin,
    host: url.host,
    provider: p,
    cleanup: async () => {
      await blog.close();
      await p.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An open blog page and what it did. */
export interface BlogPage {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  /** Every request the page made, in order. */
  requests: Request[];
}

/** A fresh context and page on `blog`; `goto` is the path to open ('' to stay blank). Close the context when done. */
export async function openBlog(
  browser: Browser,
  blog: Blog,
  goto: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BlogPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.route(
    (url) => (url.host !== blog.host && url.host !== blog.provider.host) || /\/popup\.js$/.test(url.pathname),
    (route) => route.fulfill({ status: 204, body: '' }),
  );
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const log = watch(page);
  if (goto) await page.goto(blog.origin + goto);
  return { context, page, log, requests };
}

/** What a blog suite's tests share: one Chromium and one blog server. */
export interface BlogCtx {
  browser: Browser;
  blog: Blog;
}

/**
 * A uvu suite named `name` that launches Chromium and starts the blog before its tests and closes both after, as
 * `popupSuite` does for the popup's suites (test/browser/popup-env.ts). `ctx` holds them for the tests; `open` is
 * `openBlog` on them.
 */
export function blogSuite(name: string): {
  T: Test<BlogCtx>;
  ctx: BlogCtx;
  open(goto: string, options?: Parameters<Browser['newContext']>[0]): Promise<BlogPage>;
} {
  const ctx = { browser: null as unknown as Browser, blog: null as unknown as Blog };
  const T = suite<BlogCtx>(name, ctx);
  T.before(async () => {
    ctx.browser = await launch();
    ctx.blog = await startBlog();
  });
  T.after(async () => {
    // Either may be missing when the other failed to start.
    await ctx.browser?.close();
    await ctx.blog?.cleanup();
  });
  return { T, ctx, open: (goto, options) => openBlog(ctx.browser, ctx.blog, goto, options) };
}

/** The element focused in the page, described as tag#id.class for assertion messages. */
export const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return `nothing (body ${!!document.body}, hasFocus ${document.hasFocus()})`;
    return el
      ? `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}` +
          `${el.className ? '.' + String(el.className).split(' ').join('.') : ''}`
      : '';
  });

/**
 * Waits until the blog's panels have settled (spec 4.8): the animating classes gone, which the blog's own timer
 * removes BLOG_PANEL_MS after a toggle, and no CSS animation or transition still running, so the pixels are final.
 * A state that sticks fails the wait; the bound leaves a loaded machine time for the 250 ms timer.
 */
export const settled = (page: Page, ms = BLOG_PANEL_MS + 2000): Promise<unknown> =>
  page.waitForFunction(
    () =>
      !document.querySelector('.animating, .widgets-animating') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { timeout: ms },
  );
