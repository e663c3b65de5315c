import type { MenuItem, Site } from '../content/site';

function Items({ items, sub }: { items: MenuItem[]; sub?: boolean }) {
  return (
    <ul className={sub ? 'sub-menu' : 'menu'} id={sub ? undefined : 'primary-menu'}>
      {items.map((m) => (
        <li className={m.children?.length ? 'menu-item menu-item-has-children' : 'menu-item'} key={m.href + m.label}>
          <a href={m.href}>{m.label}</a>
          {m.children?.length ? <Items items={m.children} sub /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Site header (spec 2.1 'Main navigation'): title, the two toggles and the menu with its submenus. The toggles are
 * named buttons with aria-expanded and aria-controls; without script (.no-js) the stylesheet hides them, with script
 * they are in place from the first paint, before the blog script takes them over, so showing them moves nothing
 * (issue 12: no layout shift). There is no menu list, and the menu toggle is hidden, when the site has no menu.
 */
export function Header({ site, titleIsHeading }: { site: Site; titleIsHeading: boolean }) {
  const Title = titleIsHeading ? 'h1' : 'p';
  return (
    <header className="site-header">
      <div className="site-branding">
        <Title className="site-title">
          <a href="/" rel="home">
            <span>{site.title}</span>
          </a>
        </Title>
        {site.tagline ? <p className="site-description">{site.tagline}</p> : null}
      </div>
      <div className="toggles">
        <button
          type="button"
          className="menu-toggle"
          aria-controls="primary-menu"
          aria-expanded="false"
          hidden={!site.menu.length}
        >
          Menu
        </button>
        <button type="button" className="widgets-toggle" aria-controls="secondary" aria-expanded="false">
          Widgets
        </button>
      </div>
      <nav id="site-navigation" className="main-navigation" aria-label="Main">
        {site.menu.length ? <Items items={site.menu} /> : null}
      </nav>
    </header>
  );
}
