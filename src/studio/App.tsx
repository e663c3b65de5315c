/** The studio's pages (STUDIO.md "Studio pages"): the bar every page shares, the page, and the live region. */
import type { StudioData } from './data';
import { links } from './data';
import { Editor } from './Editor';
import { Home } from './Home';
import { Live, useLive } from './Live';
import { Subscribers } from './Subscribers';

function Bar({ production }: { production: boolean }) {
  return (
    <div className="bar">
      <a href={links.home} className="brand">
        Studio
      </a>
      {production ? (
        <form method="post" action="/owner/logout">
          <button type="submit" className="secondary small">
            Sign out everywhere
          </button>
        </form>
      ) : null}
    </div>
  );
}

export function App({ data }: { data: StudioData }) {
  const [text, say] = useLive();
  const page =
    data.page == 'editor' && data.lid && data.fId ? (
      <Editor data={data} lid={data.lid} fId={data.fId} say={say} />
    ) : data.page == 'subscribers' && data.lid ? (
      <Subscribers lid={data.lid} say={say} />
    ) : (
      <Home say={say} />
    );
  return (
    <>
      <Bar production={data.production} />
      {page}
      <Live text={text} />
    </>
  );
}
