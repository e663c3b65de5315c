/**
 * The boundary between the popup shell (frames, banner, modal: src/popup/) and the form inside the modal
 * (src/popup/form/). The shell owns everything around the form (spec 2.2 modal container, variants, templates,
 * image and badge areas); the form owns the flash block, success area, fields, steps, GDPR, buttons and footer.
 */
import type { LoaderParams } from '../../types';
import type { ChooseTransport } from './transport';

/** What the form tells the shell, so it can hide or shift what it owns (spec 4.5, 8). */
export type FormStatus =
  /** The form is shown and editable. */
  | 'idle'
  /** A submit failed: the shell shifts an absolutely positioned image down (spec 8). */
  | 'error'
  /** A submit succeeded: the shell hides the description and the image (spec 4.5 step 5). */
  | 'success';

/** Props of `Form` (src/popup/form/Form.tsx), rendered by the modal inside its frame. */
export interface FormProps<S> {
  /** The normalised settings (src/popup/settings.ts); the form reads nothing raw. */
  s: S;
  /** The loader's parameters: uuid and lid name the honeypot (spec 3.5). */
  p: LoaderParams;
  /**
   * Where submits go: the provider, or the owner preview's simulation (src/popup/form/transport.ts), chosen by the
   * session among the transports form-actions.js brings.
   */
  transport: ChooseTransport;
  /** Whether the current viewport is a mobile view (spec 9.3): text-to-join and the e-mail placeholder depend on it. */
  mobile: boolean;
  /** The form's status changed. */
  onStatus(status: FormStatus): void;
  /** The form wants the modal closed (after confirmationDuration, or text-to-join after 1 s). */
  onClose(): void;
}
