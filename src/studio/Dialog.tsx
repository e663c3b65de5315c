/**
 * A question asked before something that cannot be undone (issue 33: delete a form, erase a subscriber), in a modal
 * `<dialog>`: the page behind is inert, focus moves in (to Cancel, the safe answer) and returns to what opened it, or
 * to `fallback` when that is gone (the row erased); Escape cancels.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface DialogProps {
  title: string;
  children: ReactNode;
  confirm: string;
  /** Does what was asked; the dialog closes once it is done (the page then shows its outcome). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The id of what takes focus on close when the opener is no longer on the page (the row erased). */
  fallback: string;
}

export function ConfirmDialog({ title, children, confirm, onConfirm, onClose, fallback }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const d = ref.current!;
    d.showModal();
    return () => {
      if (d.open) d.close();
      // After the page has rendered what the answer changed.
      setTimeout(() => ((opener?.isConnected ? opener : document.getElementById(fallback)) || document.body).focus());
    };
  }, [fallback]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      aria-describedby="dialog-body"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="dialog-title">{title}</h2>
      <div id="dialog-body">{children}</div>
      <div className="actions">
        <button
          type="button"
          className="danger"
          aria-disabled={busy ? 'true' : undefined}
          onClick={async () => {
            if (busy) return;
            setBusy(true);
            await onConfirm();
            onClose();
          }}
        >
          {confirm}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: a dialog's first focus goes to its safe answer */}
        <button type="button" className="secondary" autoFocus onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
