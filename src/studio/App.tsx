/**
 * The studio's pages (STUDIO.md "Studio pages"): the page and the live region. The bar above (the studio's name, and
 * in production the sign-out form) is the server's shell.
 */
import type { StudioData } from './data';
import { Editor } from './Editor';
import { Home } from './Home';
import { Live, useLive } from './Live';
import { Stats } from './Stats';
import { Subscribers } from './Subscribers';

export function App({ data }: { data: StudioData }) {
  const [text, say] = useLive();
  const page =
    data.page === 'editor' && data.lid && data.fId ? (
      <Editor data={data} lid={data.lid} fId={data.fId} say={say} />
    ) : data.page === 'stats' && data.lid && data.fId ? (
      <Stats lid={data.lid} fId={data.fId} />
    ) : data.page === 'subscribers' && data.lid ? (
      <Subscribers lid={data.lid} say={say} />
    ) : (
      <Home say={say} />
    );
  return (
    <>
      {page}
      <Live text={text} />
    </>
  );
}
