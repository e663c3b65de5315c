/** A name changed in place: a button that opens a labelled input with Rename and Cancel (Escape cancels too). */
import { useState } from 'react';

export interface RenameProps {
  id: string;
  /** What is renamed, for the button and the input's label: 'list Newsletter', 'form Modal'. */
  what: string;
  current: string;
  onRename: (name: string) => Promise<boolean>;
}

export function Rename({ id, what, current, onRename }: RenameProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(current);
  if (!open)
    return (
      <button
        type="button"
        id={id}
        className="secondary small"
        onClick={() => {
          setName(current);
          setOpen(true);
        }}
      >
        Rename<span className="vh"> {what}</span>
      </button>
    );
  const close = () => {
    setOpen(false);
    setTimeout(() => document.getElementById(id)?.focus());
  };
  const submit = async () => {
    if (name.trim() && (await onRename(name.trim()))) close();
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
        // biome-ignore lint/a11y/noAutofocus: the input appears on the Rename button's press, for this alone
        autoFocus
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => e.key == 'Escape' && close()}
      />
      <button type="submit" className="small">
        Rename
      </button>
      <button type="button" className="secondary small" onClick={close}>
        Cancel
      </button>
    </form>
  );
}
