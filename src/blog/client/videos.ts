import { VIDEO_THUMB_HEIGHT, VIDEO_THUMB_WIDTH } from '../../constants';
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
    play.setAttribute('aria-label', `Play ${player.name} video`);
    play.append(...link.childNodes);
    link.replaceWith(play);
    play.addEventListener('click', () => {
      const frame = d.createElement('iframe');
      frame.src = player.url;
      frame.title = alt || `${player.name} video`;
      frame.width = '' + VIDEO_THUMB_WIDTH;
      frame.height = '' + VIDEO_THUMB_HEIGHT;
      frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
      frame.setAttribute('allowfullscreen', '');
      play.replaceWith(frame);
      frame.focus();
    });
  });
};
