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
 * The Subscribe link (issue 35 item 2) leads to the provider's hosted page (`subscribe`), so a visitor without script,
 * with the embed blocked, or who closed the popup can always subscribe; with the embed, `data-mc-popup-open` opens the
 * popup instead. It follows the title, the second stop after the skip link, and stays out of the toggles' row,
 * which the long-title rule measures (spec 2.1).
 */
export function Header({
  site,
  titleIsHeading,
  subscribe,
}: {
  site: Site;
  titleIsHeading: boolean;
  subscribe: string;
}) {
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
        <p className="site-subscribe">
          <a className="subscribe-link" href={subscribe} data-mc-popup-open="">
            Subscribe
          </a>
        </p>
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
