import type { MenuItem, Site } from '../content/site';

function Items({ items, sub }: { items: MenuItem[]; sub?: boolean }) {
  return (
    <ul class={sub ? 'sub-menu' : 'menu'} id={sub ? undefined : 'primary-menu'}>
      {items.map((m) => (
        <li class={m.children?.length ? 'menu-item menu-item-has-children' : 'menu-item'} key={m.href + m.label}>
          <a href={m.href}>{m.label}</a>
          {m.children?.length ? <Items items={m.children} sub /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Site header (spec 2.1 'Main navigation'): title, the two toggles and the menu with its submenus. The toggles are
 * named buttons with aria-expanded and aria-controls; they are hidden until the blog script takes them over, and
 * there is no menu list (nor its toggle) when the site has no menu.
 */
export function Header({ site, titleIsHeading }: { site: Site; titleIsHeading: boolean }) {
  const Title = titleIsHeading ? 'h1' : 'p';
  return (
    <header class="site-header">
      <div class="site-branding">
        <Title class="site-title">
          <a href="/" rel="home">
            <span>{site.title}</span>
          </a>
        </Title>
        {site.tagline ? <p class="site-description">{site.tagline}</p> : null}
      </div>
      <div class="toggles">
        <button type="button" class="menu-toggle" aria-controls="primary-menu" aria-expanded="false" hidden>
          Menu
        </button>
        <button type="button" class="widgets-toggle" aria-controls="secondary" aria-expanded="false" hidden>
          Widgets
        </button>
      </div>
      <nav id="site-navigation" class="main-navigation" aria-label="Main">
        {site.menu.length ? <Items items={site.menu} /> : null}
      </nav>
    </header>
  );
}
