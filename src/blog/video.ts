/**
 * Video players the blog may embed (spec 2.1 'Video embeds', 3.9). Shared by the server, which writes the
 * placeholders, and the blog script, which swaps them for players: only hosts listed here ever get a frame.
 */

/** Player host → provider name, as shown in 'Play <provider> video'. */
export const PLAYER_HOSTS: Record<string, string> = {
  'www.youtube-nocookie.com': 'YouTube',
  'www.youtube.com': 'YouTube',
  'player.vimeo.com': 'Vimeo',
};

/** A player to embed: its provider's name and the full frame address. */
export interface Player {
  name: string;
  url: string;
}

/**
 * The player for a placeholder: its `src` (an https player address on a known host) with the placeholder's extra
 * `query` merged in and autoplay on (spec 2.1). Null for anything else, which then stays a plain link.
 */
export const playerFor = (src: string, query: string): Player | null => {
  let u: URL;
  try {
    u = new URL(src);
  } catch {
    return null;
  }
  const name = PLAYER_HOSTS[u.host];
  if (!name || u.protocol !== 'https:') return null;
  for (const [k, v] of new URLSearchParams(query)) u.searchParams.set(k, v);
  u.searchParams.set('autoplay', '1');
  return { name, url: u.href };
};
