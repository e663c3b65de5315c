/**
 * The modal container (spec 2.2): overlay, dialog, close control, image area, the owner's description, the form
 * (src/popup/form/Form.tsx) and the badge area. Rendered into the modal frame's document by src/popup/session.tsx.
 */
import { Html } from './html/Html';
import { isModal } from './frame-place';
import { Form } from './form/Form';
import type { ChooseTransport } from './form/transport';
import { CloseButton } from './CloseButton';
import type { FormStatus } from './form/contract';
import { FRAME_TITLE } from '../constants';
import { Badges } from './Badges';
import { useLayoutEffect, useRef, useState } from 'react';
import type { LoaderParams } from '../types';
import type { Settings } from './settings';

/** Props of `Modal`. */
export interface ModalProps {
  s: Settings;
  p: LoaderParams;
  /** Where the form's submits go (src/popup/form/transport.ts). */
  transport: ChooseTransport;
  mobile: boolean;
  /** Close the popup (close control, overlay, the form after success or text-to-join). */
  onClose(): void;
}

/** Id given to the first heading of the description, which names the dialog. */
const TITLE_ID = 'mc-title';
/** Id of the fixed bar's whole description (its accessible description, issue 35 item 4). */
const FULL_ID = 'mc-full';

/** The dialog. Its name is the description's first heading, or FRAME_TITLE when the owner wrote none. */
export const Modal = ({ s, p, transport, mobile, onClose }: ModalProps) => {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [titled, setTitled] = useState(false);
  const desc = useRef<HTMLDivElement>(null);
  /* biome-ignore lint/correctness/useExhaustiveDependencies: the description's rendered heading
     is looked up again when it changes */
  useLayoutEffect(() => {
    const h = desc.current && desc.current.querySelector('h1,h2,h3,h4,h5,h6');
    if (h) h.id = TITLE_ID;
    setTitled(!!h);
  }, [s.description]);
  const done = status === 'success';
  const image = s.imageUrl && (
    // The image is decorative: an <img> in template 1, a CSS background (--mc-image, src/popup/theme.ts) in the others.
    <div className="mc-image" hidden={done}>
      {!s.imageBackground && <img src={s.imageUrl} alt="" />}
    </div>
  );
  return (
    <div className={`mc-root mc-status-${status}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click beside the
          dialog closes it; keyboards have Escape and the close button */}
      {isModal(s.variation) && <div className="mc-overlay" onClick={onClose} />}
      {/* Beside the dialog, not in it: the session shows the dialog's parts one by one as it lays them out
          (session.tsx), and this one is heard, never seen. */}
      {s.fullDescription && (
        <p id={FULL_ID} hidden>
          {s.fullDescription}
        </p>
      )}
      <div
        className="mc-dialog"
        role="dialog"
        aria-modal={String(isModal(s.variation)) as 'true' | 'false'}
        aria-labelledby={titled ? TITLE_ID : undefined}
        aria-label={titled ? undefined : s.localized(FRAME_TITLE)}
        aria-describedby={s.fullDescription ? FULL_ID : undefined}
        tabIndex={-1}
      >
        {/* A slide-in or fixed bar takes no focus: the session says its name here once it shows (issue 35 item 4). */}
        {!isModal(s.variation) && <p className="mc-announce" role="status" />}
        <CloseButton label={s.closeLabel} action="close-mc-modal" onClose={onClose} />
        {image}
        <div className="mc-content">
          <div ref={desc} hidden={done}>
            {s.description && <Html className="mc-description" html={s.description} />}
          </div>
          <div className="mc-form">
            <Form s={s} p={p} transport={transport} mobile={mobile} onStatus={setStatus} onClose={onClose} />
          </div>
          <Badges s={s} />
        </div>
      </div>
    </div>
  );
};
