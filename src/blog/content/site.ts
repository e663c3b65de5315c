import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from './frontmatter';
import { renderMarkdown } from './markdown';

/**
 * The blog's content on disk (issue 6): `site.json` (title, blog id, menu, about text, popup account) and
 * `posts/*.md`, Markdown with front matter (title, id, date, excerpt, thumbnail, thumbnailAlt).
 */

/** A menu entry; entries with children are the submenus of spec 2.1. */
export interface MenuItem {
  label: string;
  href: string;
  children?: MenuItem[];
}

/** Site settings. */
export interface Site {
  title: string;
  tagline: string;
  /** The site id the statistics carry (spec 3.9). */
  blogId: number;
  menu: MenuItem[];
  about: string;
  /** Account and list of the popup embedded on every page (spec 1.2). */
  popup: { uuid: string; lid: string; fId: string };
}

/** A post, its body already rendered. */
export interface Post {
  slug: string;
  /** The post id the statistics carry (spec 3.9). */
  id: number;
  title: string;
  date: string;
  excerpt: string;
  thumbnail: string;
  thumbnailAlt: string;
  html: string;
}

/** Everything the pages show, posts newest first. */
export interface Content {
  site: Site;
  posts: Post[];
}

const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v.trim()) throw Error(`content: ${what} must be a non-empty string`);
  return v.trim();
};

const menu = (v: unknown, where: string): MenuItem[] =>
  Array.isArray(v)
    ? v.map((m: { label?: unknown; href?: unknown; children?: unknown }, i) => ({
        label: str(m.label, `${where}[${i}].label`),
        href: str(m.href, `${where}[${i}].href`),
        ...(m.children ? { children: menu(m.children, `${where}[${i}].children`) } : {}),
      }))
    : [];

/** Reads and checks the content directory. @throws Error naming the bad file or field. */
export const loadContent = (dir: string): Content => {
  const raw = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as Record<string, unknown>;
  const popup = (raw.popup || {}) as Record<string, unknown>;
  const site: Site = {
    title: str(raw.title, 'site.title'),
    tagline: typeof raw.tagline === 'string' ? raw.tagline : '',
    blogId: Number(raw.blogId) || 0,
    menu: menu(raw.menu, 'site.menu'),
    about: typeof raw.about === 'string' ? raw.about : '',
    popup: { uuid: String(popup.uuid || ''), lid: String(popup.lid || ''), fId: String(popup.fId || '') },
  };
  const postsDir = join(dir, 'posts');
  const files = existsSync(postsDir) ? readdirSync(postsDir).filter((f) => f.endsWith('.md')) : [];
  const posts = files.map((f): Post => {
    const { data, body } = parseFrontMatter(readFileSync(join(postsDir, f), 'utf8'));
    const slug = f.slice(0, -3);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
      throw Error(`content: ${f}: file names are lowercase words joined by '-'`);
    const id = Number(data.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw Error(`content: ${f}: id must be a positive whole number`);
    const date = String(data.date || '');
    if (!/^\d{4}-\d\d-\d\d$/.test(date)) throw Error(`content: ${f}: date must be YYYY-MM-DD`);
    return {
      slug,
      id,
      title: str(data.title, `${f} title`),
      date,
      excerpt: String(data.excerpt || ''),
      thumbnail: String(data.thumbnail || ''),
      thumbnailAlt: String(data.thumbnailAlt || ''),
      html: renderMarkdown(body),
    };
  });
  const ids = new Set(posts.map((p) => p.id));
  if (ids.size !== posts.length) throw Error('content: two posts share an id');
  posts.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return { site, posts };
};
