/**
 * The saved versions of the form (docs/decisions/owner-api-revisions.md: the last 20, with their time; any can be
 * restored): each can be viewed (the stage shows it, and what differs from the draft is listed) and restored, which
 * saves it as a new revision.
 */
import type { VersionSummary } from '../owner-api';
import type { Saved } from './api';
import { ChangeTable } from './Conflict';
import type { Change } from './diff';
import { when } from './time';

export interface VersionsProps {
  versions: readonly VersionSummary[];
  current: number;
  viewing: Saved | null;
  changes: readonly Change[];
  busy: boolean;
  onView: (rev: number | null) => void;
  onRestore: (rev: number) => void;
}

function Viewing({
  v,
  changes,
  busy,
  onView,
  onRestore,
}: Omit<VersionsProps, 'versions' | 'current' | 'viewing'> & { v: Saved }) {
  return (
    <div className="viewing">
      <h3 id="viewing-title">
        Revision {v.revision}, {v.savedAt ? `saved ${when(v.savedAt)}` : 'as first made'}
      </h3>
      <p>The preview shows this version.</p>
      {changes.length ? (
        <ChangeTable
          changes={changes}
          caption={`Where revision ${v.revision} differs from your draft`}
          theirsName={`Revision ${v.revision}`}
        />
      ) : (
        <p>It is the same as your draft.</p>
      )}
      <div className="actions">
        <button type="button" onClick={() => onRestore(v.revision)} disabled={busy}>
          Restore revision {v.revision}
        </button>
        <button type="button" className="secondary" onClick={() => onView(null)}>
          Back to my draft
        </button>
      </div>
    </div>
  );
}

export function Versions(p: VersionsProps) {
  return (
    <section id="versions" className="section" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {p.versions.length ? (
        <ol className="versions">
          {p.versions.map((v) => (
            <li key={v.revision}>
              <span>
                Revision {v.revision}
                {v.revision === p.current ? ' (current)' : ''},{' '}
                {v.savedAt ? <time dateTime={v.savedAt}>{when(v.savedAt)}</time> : 'as first made'}
                {v.title ? `: ${v.title}` : ''}
              </span>
              <button
                type="button"
                className="secondary small"
                onClick={() => p.onView(v.revision)}
                aria-pressed={p.viewing?.revision === v.revision ? 'true' : 'false'}
              >
                View<span className="vh"> revision {v.revision}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="hint">No saved versions yet: each save keeps one (the last 20).</p>
      )}
      {p.viewing ? (
        <Viewing v={p.viewing} changes={p.changes} busy={p.busy} onView={p.onView} onRestore={p.onRestore} />
      ) : null}
    </section>
  );
}
