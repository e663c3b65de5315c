import { VIDEO_THUMB_HEIGHT, VIDEO_THUMB_WIDTH } from '../constants';

/**
 * The video line of a post: `::video <watch address> "<alt text>" [thumbnail address]`, for example
 * `::video https://www.youtube.com/watch?v=M7lc1UVf-VE&start=30 "Harbour at dawn"`. It becomes a placeholder
 * (spec 2.1 'Video embeds', 3.9: id, query, src, alt): the 480x360 thumbnail linking to the watch page, which the
 * blog script turns into a play button and then into the player.
 */

/** A parsed video line. */
export interface VideoPlaceholder {
  /** Provider name, as in 'Play YouTube video'. */
  provider: string;
  /** The provider's video id. */
  videoId: string;
  /** The player address without query (a host of video.ts PLAYER_HOSTS). */
  src: string;
  /** Extra player query from the watch address (e.g. 'start=30'), carried to the player. */
  query: string;
  /** Alternative text of the thumbnail, which is also the player's title. */
  alt: string;
  /** The thumbnail address (480x360). */
  thumb: string;
  /** Where the plain link goes without script. */
  href: string;
}

/** Matches one video line. */
export const VIDEO_LINE = /^::video[ \t]+(\S+)[ \t]+"([^"\n]+)"(?:[ \t]+(\S+))?[ \t]*(?:\n|$)/;

const YT_ID = /^[\w-]{6,20}$/;

/** Parses the address of a video line; null when the provider is unknown or the address is malformed. */
export const parseVideo = (address: string, alt: string, thumb = ''): VideoPlaceholder | null => {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:') return null;
  const host = u.host.replace(/^(www|m)\./, '');
  const rest = new URLSearchParams(u.search);
  if (host === 'youtube.com' || host === 'youtu.be') {
    const videoId = host === 'youtu.be' ? u.pathname.slice(1) : rest.get('v') || '';
    if (!YT_ID.test(videoId)) return null;
    rest.delete('v');
    return {
      provider: 'YouTube',
      videoId,
      src: `https://www.youtube-nocookie.com/embed/${videoId}`,
      query: rest.toString(),
      alt,
      // hqdefault is YouTube's 480x360 still (spec 9.5).
      thumb: thumb || `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
      href: `https://www.youtube.com/watch?v=${videoId}`,
    };
  }
  if (host === 'vimeo.com') {
    const videoId = u.pathname.slice(1);
    if (!/^\d{1,12}$/.test(videoId)) return null;
    return {
      provider: 'Vimeo',
      videoId,
      src: `https://player.vimeo.com/video/${videoId}`,
      query: rest.toString(),
      alt,
      thumb,
      href: `https://vimeo.com/${videoId}`,
    };
  }
  return null;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The placeholder's HTML. It works without script (a link with the thumbnail) and reserves the player's box, so
 * swapping in the player shifts nothing.
 */
export const placeholderHtml = (v: VideoPlaceholder, n: number): string =>
  `<div class="video" id="video-${n}" data-src="${esc(v.src)}" data-query="${esc(v.query)}">` +
  `<a href="${esc(v.href)}">` +
  (v.thumb
    ? `<img src="${esc(v.thumb)}" width="${VIDEO_THUMB_WIDTH}" height="${VIDEO_THUMB_HEIGHT}" alt="${esc(v.alt)}" ` +
      'loading="lazy" decoding="async">'
    : `<span class="video-alt">${esc(v.alt)}</span>`) +
  `<span class="video-caption">Watch on ${esc(v.provider)}</span></a></div>\n`;
