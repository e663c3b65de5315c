/** A name changed in place: a button that opens a labelled input with Rename and Cancel (Escape cancels too). */
import { useState } from 'react';
import { useFocusOnMount } from './focus';

export interface RenameProps {
  id: string;
  /** What is renamed, for the button and the input's label: 'list Newsletter', 'form Modal'. */
  what: string;
  current: string;
  onRename: (name: string) => Promise<boolean>;
}

/** The open form: the new name (focused as it opens), Rename and Cancel; `onClose` once done or cancelled. */
function RenameForm({ id, what, current, onRename, onClose }: RenameProps & { onClose: () => void }) {
  const [name, setName] = useState(current);
  const input = useFocusOnMount<HTMLInputElement>();
  const submit = async () => {
    if (name.trim() && (await onRename(name.trim()))) onClose();
  };
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id + '-name'}>New name for {what}</label>
      <input
        id={id + '-name'}
        value={name}
        required
        ref={input}
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      />
      <button type="submit" className="small">
        Rename
      </button>
      <button type="button" className="secondary small" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}

export function Rename(p: RenameProps) {
  const [open, setOpen] = useState(false);
  if (open)
    return (
      <RenameForm
        {...p}
        onClose={() => {
          setOpen(false);
          // Back to the Rename button, once it is on the page again.
          setTimeout(() => document.getElementById(p.id)?.focus());
        }}
      />
    );
  return (
    <button type="button" id={p.id} className="secondary small" onClick={() => setOpen(true)}>
      Rename<span className="vh"> {p.what}</span>
    </button>
  );
}
