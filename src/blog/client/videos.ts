import { VIDEO_THUMB_HEIGHT, VIDEO_THUMB_WIDTH } from '../constants';
import { playerFor } from '../video';

/**
 * Video placeholders (spec 2.1, 3.9): the plain link becomes a 'Play <provider> video' button over the same
 * thumbnail; a click (or Enter/Space, which buttons turn into clicks) puts the player in the same box, with
 * autoplay and the placeholder's extra query, titled and focused. Unknown hosts stay plain links.
 */
export const initVideos = (d: Document): void => {
  d.querySelectorAll<HTMLElement>('.video[data-src]').forEach((box) => {
    const player = playerFor(box.dataset.src || '', box.dataset.query || '');
    const link = box.querySelector('a');
    if (!player || !link) return;
    const alt = box.querySelector('img')?.alt;
    const play = d.createElement('button');
    play.type = 'button';
    play.className = 'video-play';
    const label = `Play ${player.name} video`;
    play.setAttribute('aria-label', label);
    play.append(...link.childNodes);
    // The visible caption says what the button's name says (WCAG 2.5.3 label in name).
    const caption = play.querySelector('.video-caption');
    if (caption) caption.textContent = label;
    link.replaceWith(play);
    play.addEventListener('click', () => {
      const frame = d.createElement('iframe');
      frame.src = player.url;
      frame.title = alt || `${player.name} video`;
      frame.width = '' + VIDEO_THUMB_WIDTH;
      frame.height = '' + VIDEO_THUMB_HEIGHT;
      // Fullscreen by allowfullscreen alone, as the players' own snippets do (older Safari knows only that one):
      // named in `allow` too, Chromium warns in the console on every play that one overrides the other.
      frame.allow = 'autoplay; encrypted-media; picture-in-picture';
      frame.setAttribute('allowfullscreen', '');
      play.replaceWith(frame);
      frame.focus();
    });
  });
};
