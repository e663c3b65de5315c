/**
 * A stale save (docs/decisions/owner-api-revisions.md: "told so and shown the difference, no silent overwrite"): the
 * form was saved elsewhere after this draft began. Lists every setting where the draft and the saved form differ, by
 * the labels of their controls, and offers to save over it or to take it.
 */
import { useEffect, useRef } from 'react';
import type { Saved } from './api';
import type { Change } from './diff';
import { when } from './time';

export interface ConflictProps {
  theirs: Saved;
  changes: readonly Change[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** The differences as a table: setting, yours, saved. */
export function ChangeTable({
  changes,
  caption,
  theirsName,
}: {
  changes: readonly Change[];
  caption: string;
  theirsName: string;
}) {
  return (
    <table className="changes">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Your draft</th>
          <th scope="col">{theirsName}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.path}>
            <th scope="row">{c.label}</th>
            <td>{c.mine}</td>
            <td>{c.theirs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Conflict({ theirs, changes, busy, onKeepMine, onTakeTheirs }: ConflictProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" tabIndex={-1} ref={heading}>
        Not saved: this form was saved elsewhere
      </h2>
      <p>
        Someone (or another tab) saved revision {theirs.revision} at {when(theirs.savedAt)}, after you opened this form.
        Nothing of yours is saved yet.
      </p>
      {changes.length ? (
        <ChangeTable
          changes={changes}
          caption="Where your draft and the saved form differ"
          theirsName="Saved elsewhere"
        />
      ) : (
        <p>Your draft and the saved form are the same.</p>
      )}
      <div className="actions">
        <button type="button" onClick={onKeepMine} disabled={busy}>
          Keep mine (save over)
        </button>
        <button type="button" className="secondary" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </button>
      </div>
    </section>
  );
}
