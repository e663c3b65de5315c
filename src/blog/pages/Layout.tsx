import type { ReactNode } from 'react';
import type { Site } from '../content/site';
import type { PageAssets } from '../server/assets';
import { Header } from './Header';
import { Widgets, type WidgetData } from './Widgets';

/** What every page needs besides its main content. */
export interface PageContext {
  site: Site;
  /**
   * The popup embed's data-base-url: the provider's host as this page names it (src/blog/server/place.ts; the blog is
   * a site of its own, issue 35 item 2).
   */
  host: string;
  /** The provider's origin as this page reaches it: embed.js and the hosted subscribe page are there. */
  provider: string;
  /** The built stylesheet to inline and blog.js's versioned address (src/blog/server/assets.ts). */
  assets: PageAssets;
  /** The response's CSP nonce, for the inline script (issue 13 item 7). */
  nonce: string;
  widgets: WidgetData;
}

/** Props of the page shell. */
export interface LayoutProps {
  ctx: PageContext;
  /** Document title. */
  title: string;
  /** The page's meta description (a post's excerpt); the site's tagline, or its about text, when empty. */
  description?: string;
  /** Post id for the statistics; 0 on the home page (spec 3.9). */
  postId: number;
  /** Click-tracker mode (spec 7.3): the kind of page, 'home' or 'post'. */
  mode: 'home' | 'post';
  /** Whether the site title is the page's h1 (home) or a paragraph (posts, whose title is the h1). */
  titleIsHeading: boolean;
  children: ReactNode;
}

/** The site's icon, from the content's images (without one, every page asks for a missing /favicon.ico). */
export const BLOG_ICON = '/blog/images/favicon.svg';

// Marks the document as scripted before first paint, so panels start closed without a flash (pages work without
// script: then .no-js keeps every panel open and the toggles hidden).
const JS_CLASS = "document.documentElement.className='js'";

/**
 * The provider's hosted subscribe page for the site's list (issue 35 items 1, 2), Mailchimp's `/subscribe?u=&id=`:
 * where the Subscribe link leads a visitor whose browser never ran the embed.
 */
export const subscribeHref = (provider: string, popup: Site['popup']): string => {
  const q = new URLSearchParams({ u: popup.uuid, id: popup.lid });
  if (popup.fId) q.set('f_id', popup.fId);
  return `${provider}/subscribe?${q}`;
};

/** CSS text safe inside <style>: no `</` that could end the element (`\/` is a slash to CSS). */
const inlineCss = (css: string): string => css.replace(/<\//g, '<\\/');

/**
 * The page shell: widgets panel at the top (it slides down and pushes the page, spec 2.1), header with the menu,
 * main content, the blog script (enhancement only, no hydration) and the popup embed on every page (spec 1.2).
 */
export function Layout({ ctx, title, description, postId, mode, titleIsHeading, children }: LayoutProps) {
  const { site } = ctx;
  return (
    <html lang="en" className="no-js">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description || site.tagline || site.about} />
        <link rel="icon" href={BLOG_ICON} type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script text, no input reaches it */}
        <script nonce={ctx.nonce} dangerouslySetInnerHTML={{ __html: JS_CLASS }} />
        {/* Issue 35 item 6: the whole stylesheet inline (it is small), so no request stands before the first paint; the
            page's nonce allows it. Without a built one, the page links it. */}
        {ctx.assets.css ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, no input reaches it
          <style nonce={ctx.nonce} dangerouslySetInnerHTML={{ __html: inlineCss(ctx.assets.css) }} />
        ) : (
          <link rel="stylesheet" href="/blog/blog.css" />
        )}
        <script nonce={ctx.nonce} defer src={ctx.assets.js} />
      </head>
      <body data-blog={String(site.blogId)} data-post={String(postId)} data-mode={mode}>
        <a className="skip-link screen-reader-text" href="#content">
          Skip to content
        </a>
        <Widgets site={site} data={ctx.widgets} />
        <Header site={site} titleIsHeading={titleIsHeading} subscribe={subscribeHref(ctx.provider, site.popup)} />
        <main id="content" className="site-content" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>
            {site.title} · <a href="/">Home</a>
          </p>
        </footer>
        <script
          nonce={ctx.nonce}
          async
          src={`${ctx.provider}/js/signup-forms/popup/embed.js`}
          data-base-url={ctx.host}
          data-uuid={site.popup.uuid}
          data-lid={site.popup.lid}
          data-f-id={site.popup.fId || undefined}
        />
      </body>
    </html>
  );
}
