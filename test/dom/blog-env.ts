/**
 * The blog's pages on linkedom for the dom layer (test/dom/blog-*.test.tsx): real server rendering (the route's
 * render functions over an in-memory SQLite database seeded from content/), parsed by linkedom, with a small window
 * stand-in carrying what the blog script reads (location, innerWidth, navigator, scrollTo, events). linkedom has no
 * focus, layout or scrolling: focus() and scrollIntoView() are recorded here, and widths are set by the tests.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { loadContent } from '../../src/blog/content/site';
import { blogDb, type BlogView, type SeedComment } from '../../src/blog/server/db';
import { homePage, postPage } from '../../src/blog/server/render';
import { openDb } from '../../src/server/db/open';
import type { FormState } from '../../src/blog/pages/CommentForm';

const g = globalThis as unknown as Record<string, unknown>;
g.requestAnimationFrame = (f: () => void) => setTimeout(f, 0);
g.cancelAnimationFrame = (t: ReturnType<typeof setTimeout>) => clearTimeout(t);

const content = loadContent(join(process.cwd(), 'content'));
const seed = JSON.parse(readFileSync(join(process.cwd(), 'content', 'comments.json'), 'utf8')) as SeedComment[];
// Read once, before any test: the store is asynchronous, the render functions and these helpers are not.
const data = await blogDb(await openDb(':memory:'), seed);
const homeView = await data.view();
const postViews = new Map<string, BlogView>();
for (const p of content.posts) postViews.set(p.slug, await data.view(p.slug));

/** Runs a render function against a response stand-in and returns the status and HTML. */
const capture = (fn: (res: ServerResponse) => void): { status: number; html: string } => {
  const out = { status: 0, html: '' };
  const res = {
    writeHead(s: number) {
      out.status = s;
      return res;
    },
    end(h: Buffer | string) {
      out.html = String(h);
    },
  };
  fn(res as unknown as ServerResponse);
  return out;
};

/** The provider the pages name (a site of its own: issue 35 item 2), and the built assets they name. */
const AT = {
  host: 'list.test:8080',
  origin: 'http://list.test:8080',
  assets: { css: '.site-title{margin:0}', js: '/blog/blog.js?v=0123abcd' },
};

/** The home page as the server renders it. */
export const homeHtml = (): string => capture((res) => homePage(res, content, homeView, AT)).html;

/** A post page as the server renders it (`replyTo` a comment id, `form` a failed submission). */
export const postHtml = (
  slug: string,
  replyTo = 0,
  form: FormState | null = null,
): { status: number; html: string } => {
  const post = content.posts.find((p) => p.slug === slug);
  if (!post) throw Error(`no post ${slug}`);
  const view = postViews.get(slug) as BlogView;
  return capture((res) => postPage(res, form ? 422 : 200, content, view, AT, post, replyTo, form));
};

/** What a test can see of the window stand-in. */
export interface Win {
  w: Window;
  d: Document;
  /** The focused element, as far as the blog script asked. */
  focused(): Element | null;
  /** Elements scrollIntoView() was called on, and scrollTo() calls. */
  scrolled: Element[];
  scrollTos: [number, number][];
  /** Beacons sent: [url, body]. */
  beacons: [string, string][];
  /** Sets location.hash and fires hashchange, as a browser does. */
  setHash(hash: string): void;
  /** Dispatches an event of `type` with extra fields on `target`; returns it (see defaultPrevented). */
  fire(target: EventTarget, type: string, fields?: Record<string, unknown>): Event;
}

/** Options of the window stand-in. */
export interface WinOptions {
  url?: string;
  innerWidth?: number;
  gpc?: boolean;
  doNotTrack?: string | null;
  sendBeacon?: boolean;
}

/** Parses `html` with linkedom and builds the window stand-in around it. */
export const load = (html: string, o: WinOptions = {}): Win => {
  const { document, window } = parseHTML(html);
  const d = document as unknown as Document;
  const u = new URL(o.url || 'http://blog.test/posts/storm-season-notes');
  let focused: Element | null = null;
  const scrolled: Element[] = [];
  const scrollTos: [number, number][] = [];
  const beacons: [string, string][] = [];
  const proto = (window as unknown as { HTMLElement: { prototype: HTMLElement } }).HTMLElement.prototype;
  proto.focus = function (this: HTMLElement) {
    focused = this;
  };
  proto.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
  Object.defineProperty(document, 'activeElement', { get: () => focused, configurable: true });
  const Ev = (window as unknown as { Event: typeof Event }).Event;
  const nav: Record<string, unknown> = { globalPrivacyControl: !!o.gpc, doNotTrack: o.doNotTrack ?? null };
  if (o.sendBeacon !== false)
    nav.sendBeacon = (url: string, body: string) => {
      beacons.push([url, body]);
      return true;
    };
  const w = Object.assign(new EventTarget(), {
    location: {
      get hash() {
        return u.hash;
      },
      get href() {
        return u.href;
      },
      get pathname() {
        return u.pathname;
      },
    },
    innerWidth: o.innerWidth ?? 1280,
    navigator: nav,
    scrollTo: (x: number, y: number) => void scrollTos.push([x, y]),
  }) as unknown as Window;
  const fire = (target: EventTarget, type: string, fields: Record<string, unknown> = {}) => {
    const e =
      target instanceof EventTarget && !('nodeType' in target)
        ? new Event(type, { bubbles: true, cancelable: true })
        : new Ev(type, { bubbles: true, cancelable: true });
    Object.assign(e, fields);
    target.dispatchEvent(e);
    return e;
  };
  return {
    w,
    d,
    focused: () => focused,
    scrolled,
    scrollTos,
    beacons,
    setHash(hash) {
      u.hash = hash;
      fire(w, 'hashchange');
    },
    fire,
  };
};

/** Waits `ms` milliseconds (the panels' animating classes end by a timer). */
export const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
