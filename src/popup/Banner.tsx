/**
 * The banner container (spec 2.2): close control, the owner's bannerDescription and the call to action that opens
 * the full modal (spec 4.2). Rendered into the banner frame's document.
 */
import { Html } from './html/Html';
import { CloseButton } from './CloseButton';
import { BANNER_FRAME_TITLE } from '../constants';
import type { Settings } from './settings';

/** Props of `Banner`. */
export interface BannerProps {
  s: Settings;
  /** The call to action: open the modal. */
  onOpen(): void;
  /** The banner close: closes the popup (spec 4.2, 4.3). */
  onClose(): void;
}

/** The banner, a labelled region so its content sits in a landmark. */
export const Banner = ({ s, onOpen, onClose }: BannerProps) => (
  <section className="mc-banner" aria-label={s.localized(BANNER_FRAME_TITLE)}>
    {/* The live region the session says the banner's name in once it shows (src/popup/announce.ts). */}
    <p className="mc-announce" role="status" />
    <CloseButton label={s.closeLabel} action="close-mc-banner" onClose={onClose} />
    <Html className="mc-banner-description" html={s.bannerDescription} />
    <div className="mc-cta-wrap">
      <button type="button" className="mc-cta" onClick={onOpen}>
        {s.bannerCtaLabel}
      </button>
    </div>
  </section>
);
