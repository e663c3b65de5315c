/**
 * Opening the mobile banner (spec 2.2, 4.2), part of form-extras.js: only phones with useMobileBanner see it, so its
 * frame's set-up (stylesheets, placement, its own viewport, the measure of spec 9.1) leaves popup.js with the Banner
 * component. The session (src/popup/session.tsx) lends what it owns: its frames, timers and steps, so its destroy
 * still undoes all of it.
 */
import { BANNER_FRAME_TITLE, BANNER_MEASURE_MS } from '../constants';
import { ANNOUNCE_MS, announce } from './announce';
import { Banner } from './Banner';
import type { Piece } from './piece';
import { BANNER_PLACE } from './frame-place';
import type { Settings } from './settings';
import { BANNER_SHEETS } from './sheets';

/** The banner's own viewport (spec 2.2): no user scaling, inside its frame only; the host page's zoom is untouched. */
const BANNER_VIEWPORT = 'width=device-width,initial-scale=1,maximum-scale=1';

/** What the session lends the banner. */
export interface BannerHost {
  s: Settings;
  /**
   * Adds a hidden frame with these title, stylesheets and placement, removed by the session's destroy; in pieces, so
   * it settles in a later task.
   */
  frameFor(title: string, sheets: string[], place: Record<string, string>): Promise<Piece>;
  /**
   * Yields to the browser between two pieces of work (docs/decisions/no-long-tasks.md); throws when the session ended
   * meanwhile.
   */
  step(): Promise<unknown>;
  /** Swaps the banner for the modal: its call to action. */
  toModal(): void;
  /** Closes the popup: the banner's close (spec 4.2, 4.3). */
  close(): void;
  /** Settles when a piece's stylesheets have loaded, failed or timed out. */
  settled(x: Piece): Promise<unknown>;
  /** Runs `f` after `ms` unless the session ends first. */
  later(f: () => void, ms: number): void;
  /** Hands over how to show the prepared banner, unless the session ended meanwhile. */
  ready(show: () => void): void;
}

/**
 * Builds the banner hidden and hands its show to the session once its stylesheets settle. Spec 9.1: the height is
 * measured again on every window resize (the frame's observer sees the frame resize) and 500 ms after it shows; its
 * name is said once it shows.
 */
export const openBanner = async (h: BannerHost): Promise<void> => {
  const b = await h.frameFor(h.s.localized(BANNER_FRAME_TITLE), BANNER_SHEETS, BANNER_PLACE);
  b.doc.head.append(Object.assign(b.doc.createElement('meta'), { name: 'viewport', content: BANNER_VIEWPORT }));
  // The first render once the stylesheets are in, in a task of its own, as the modal's
  // (docs/decisions/no-long-tasks.md): rendered while they load, the banner would be laid out unstyled for nothing,
  // then again styled.
  await h.settled(b);
  await h.step();
  b.view.render(
    <Banner
      s={h.s}
      onOpen={() => {
        b.remove();
        h.toModal();
      }}
      onClose={h.close}
    />,
  );
  const measure = b.fitTo(b.doc.body);
  h.ready(() => {
    b.show();
    h.later(measure, BANNER_MEASURE_MS);
    // The banner takes no focus: a screen reader hears it appeared (issue 35 item 4), as the slide-in it stands for
    // on a phone would have been heard. Unless the visitor opened the form meanwhile: the banner is gone then.
    h.later(() => {
      const banner = b.doc.querySelector<HTMLElement>('.mc-banner');
      if (banner) announce(b.doc, banner);
    }, ANNOUNCE_MS);
  });
};
