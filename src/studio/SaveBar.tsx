/**
 * Save, and beside it what stands in its way and what to look at (docs/decisions/owner-api-revisions.md): the problems
 * of the form model's checks (a save is refused while there are any; each links to its control) and the accessibility
 * check's warnings (each names its control and, for a contrast, the ratio; the owner can still save).
 */
import type { MouseEvent } from 'react';
import type { Saved } from './api';
import { controlId } from './names';
import type { Placed } from './problems';
import { when } from './time';
import { focusControl } from './focus';

/**
 * An item as the list beside Save shows it: its message (the form model names the control in it, and for a contrast
 * the ratio), a link to the control when it has one.
 */
function ItemLink({ p }: { p: Placed }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    focusControl(p.control);
  };
  return (
    <li>
      {p.control ? (
        <a href={`#${controlId(p.control)}`} onClick={go}>
          {p.message}
        </a>
      ) : (
        p.message
      )}
    </li>
  );
}

export interface SaveBarProps {
  base: Saved;
  dirty: boolean;
  busy: boolean;
  problems: readonly Placed[];
  warnings: readonly Placed[];
  onSave: () => void;
}

export function SaveBar({ base, dirty, busy, problems, warnings, onSave }: SaveBarProps) {
  const n = problems.length;
  return (
    <div className="savebar">
      <div className="save-line">
        <button type="button" className="primary" onClick={onSave} aria-disabled={busy ? 'true' : undefined}>
          Save
        </button>
        <p className="save-state">
          {busy
            ? 'Saving…'
            : dirty
              ? 'Unsaved changes.'
              : base.savedAt
                ? `Saved: revision ${base.revision}, ${when(base.savedAt)}.`
                : 'As first made: not saved in the studio yet.'}
        </p>
      </div>
      <div id="form-problems" tabIndex={-1} className={n ? 'problems' : 'problems none'}>
        {n ? (
          <>
            <p>
              {n} problem{n === 1 ? '' : 's'} to fix before saving:
            </p>
            <ul>
              {problems.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity beyond their place
                <ItemLink key={i} p={p} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <div className="check">
        <h2 id="check-title">
          Accessibility check:{' '}
          {warnings.length ? `${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : 'no warnings'}
        </h2>
        {warnings.length ? (
          <ul>
            {warnings.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no identity beyond their place
              <ItemLink key={i} p={p} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
