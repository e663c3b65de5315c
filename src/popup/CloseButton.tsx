/** The close control of the modal and of the banner (spec 2.2): a real button, named by closeLabel ('Close'). */

/** Props of `CloseButton`. */
export interface CloseProps {
  label: string;
  /** data-action: 'close-mc-modal' on the modal (spec 2.2), 'close-mc-banner' on the banner. */
  action: string;
  onClose(): void;
}

/** A button showing ×, whose accessible name is the label (aria-label replaces the glyph for screen readers). */
export const CloseButton = ({ label, action, onClose }: CloseProps) => (
  <button type="button" className="mc-close" aria-label={label} data-action={action} onClick={onClose}>
    ×
  </button>
);
