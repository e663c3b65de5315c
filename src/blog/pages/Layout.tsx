import type { ReactNode } from 'react';
import type { Site } from '../content/site';
import { Header } from './Header';
import { Widgets, type WidgetData } from './Widgets';

/** What every page needs besides its main content. */
export interface PageContext {
  site: Site;
  /**
   * The popup embed's data-base-url (the provider runs on the same server): its public host, or in demo mode the
   * Host header it was reached by when well formed (src/server/site.ts hostFor).
   */
  host: string;
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
        <link rel="stylesheet" href="/blog/blog.css" />
        <script nonce={ctx.nonce} defer src="/blog/blog.js" />
      </head>
      <body data-blog={String(site.blogId)} data-post={String(postId)} data-mode={mode}>
        <a className="skip-link screen-reader-text" href="#content">
          Skip to content
        </a>
        <Widgets site={site} data={ctx.widgets} />
        <Header site={site} titleIsHeading={titleIsHeading} />
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
          src="/js/signup-forms/popup/embed.js"
          data-base-url={ctx.host}
          data-uuid={site.popup.uuid}
          data-lid={site.popup.lid}
          data-f-id={site.popup.fId || undefined}
        />
      </body>
    </html>
  );
}
