/**
 * The editor's hook (issue 33 items 2–4): loads the form, holds the draft and what was saved, checks the draft live
 * through the one form model (src/form-model/: what the popup would refuse or misread, and the accessibility check),
 * saves with the revision it was based on, and handles what the server answers: saved, refused (422, problems shown
 * at their controls), stale (412, the other side kept for the owner to compare). Versions: listed, viewed, restored.
 * Views take what it returns as props.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { accessibilityWarnings } from '../form-model/a11y';
import { checkSettings } from '../form-model/check';
import type { VersionSummary } from '../owner-api';
import { api, type Failure, type Saved } from './api';
import { type Change, diffDrafts } from './diff';
import { type Action, draftOf, type EditorState, initial, isDirty, reduce } from './editor-state';
import { focusControl } from './focus';
import { byControl, type Placed, place } from './problems';

/** What the editor's views get. */
export type Editor = ReturnType<typeof useEditor>;

/** The owner's words for a failed call. */
const failed = (what: string, f: Failure): string => `${what}: ${f.error}`;

type Dispatch = (a: Action) => void;

/** Loads the form and its versions; `load` again after a restore. */
function useLoad(lid: string, fId: string, dispatch: Dispatch) {
  const [versions, setVersions] = useState<VersionSummary[]>([]);
  const loadVersions = useCallback(async () => {
    const r = await api.versions(lid, fId);
    if (r.ok) setVersions(r.data.versions);
  }, [lid, fId]);
  const load = useCallback(async () => {
    const r = await api.form(lid, fId);
    if (!r.ok) return dispatch({ type: 'loadFailed', error: failed('The form could not be loaded', r) });
    dispatch({ type: 'loaded', saved: r.data });
    void loadVersions();
  }, [lid, fId, loadVersions, dispatch]);
  useEffect(() => {
    void load();
  }, [load]);
  return { versions, load, loadVersions };
}

/**
 * The draft through the form model, live: its problems (the checks' and the server's last refusal, once each) by
 * control, its accessibility warnings, and after a stale save the difference from the form saved elsewhere.
 */
function useChecks(state: EditorState) {
  const { draft, serverProblems, conflict } = state;
  const problems = useMemo<Placed[]>(() => {
    if (!draft) return [];
    const live = place(checkSettings(draft.settings), draft);
    const server = place(serverProblems, draft).filter(
      (p) => !live.some((l) => l.control === p.control && l.message === p.message),
    );
    return [...live, ...server];
  }, [draft, serverProblems]);
  const warnings = useMemo<Placed[]>(() => (draft ? place(accessibilityWarnings(draft.settings), draft) : []), [draft]);
  const problemsAt = useMemo(() => byControl(problems), [problems]);
  const conflictChanges = useMemo<Change[]>(
    () => (draft && conflict ? diffDrafts(draft, draftOf(conflict)) : []),
    [draft, conflict],
  );
  return { problems, problemsAt, warnings, conflictChanges };
}

interface ActionInput {
  /** How many accessibility warnings the draft has: said with a save. */
  warnings: number;
  lid: string;
  fId: string;
  state: EditorState;
  dispatch: Dispatch;
  say: (text: string) => void;
  problems: readonly Placed[];
  load: () => Promise<void>;
  loadVersions: () => Promise<void>;
}

/** Save (refused here while the checks find problems), keep mine, take theirs, view and restore a version. */
function useActions({ lid, fId, state, dispatch, say, problems, warnings, load, loadVersions }: ActionInput) {
  /** A refused or failed save or restore, told and kept. */
  const afterFailure = (r: Failure, what: string) => {
    if (r.status === 422 && r.problems) {
      dispatch({ type: 'refused', problems: r.problems });
      say(`Refused: ${r.problems.map((p) => p.message).join(' ')}`);
    } else if (r.status === 412 && r.current) {
      dispatch({ type: 'conflict', theirs: r.current });
      say(`${what}: this form was saved elsewhere since you opened it. Compare, then keep yours or take theirs.`);
    } else {
      dispatch({ type: 'busy', busy: '' });
      say(failed(what, r));
    }
  };
  /** Saves the draft over revision `rev` (the base's, or after a conflict theirs: "Keep mine"). */
  const saveOver = async (rev: number) => {
    const sent = state.draft;
    if (!sent || state.busy) return;
    if (problems.length) {
      const n = problems.length;
      say(`Refused: ${n} problem${n === 1 ? '' : 's'} to fix first. ${problems[0].message}`);
      return focusControl(problems[0].control);
    }
    dispatch({ type: 'busy', busy: 'saving' });
    const r = await api.save(lid, fId, sent, rev);
    if (!r.ok) return afterFailure(r, 'Not saved');
    dispatch({ type: 'saved', sent, revision: r.data.revision, savedAt: r.data.savedAt });
    say(`Saved. ${warningCount(warnings)}`);
    void loadVersions();
  };
  const view = async (rev: number | null) => {
    if (rev === null) return dispatch({ type: 'view', version: null });
    const r = await api.version(lid, fId, rev);
    if (r.ok) dispatch({ type: 'view', version: r.data });
    else say(failed(`Revision ${rev} could not be loaded`, r));
  };
  const restore = async (rev: number) => {
    if (!state.base || state.busy) return;
    dispatch({ type: 'busy', busy: 'restoring' });
    const r = await api.restore(lid, fId, rev, state.base.revision);
    if (!r.ok) return afterFailure(r, `Revision ${rev} not restored`);
    await load();
    say(`Restored revision ${rev}: saved as revision ${r.data.revision}.`);
  };
  return {
    save: () => (state.base ? saveOver(state.base.revision) : undefined),
    keepMine: () => (state.conflict ? saveOver(state.conflict.revision) : undefined),
    takeTheirs: () => {
      dispatch({ type: 'takeTheirs' });
      say('Took the saved form: your changes are gone.');
    },
    view,
    restore,
  };
}

export function useEditor(lid: string, fId: string, say: (text: string) => void) {
  const [state, dispatch] = useReducer(reduce, initial);
  const { versions, load, loadVersions } = useLoad(lid, fId, dispatch);
  const checks = useChecks(state);
  const dirty = isDirty(state);
  useWarningCount(checks.warnings.length, !!state.draft, say);
  useLeaveGuard(dirty);
  const edit = useCallback((path: string, value: unknown) => dispatch({ type: 'edit', path, value }), []);
  const actions = useActions({
    ...{ lid, fId, state, dispatch, say, load, loadVersions },
    problems: checks.problems,
    warnings: checks.warnings.length,
  });
  return { state, draft: state.draft, dirty, versions, edit, ...checks, ...actions };
}

/** How many accessibility warnings, as the live region says it. */
export const warningCount = (n: number): string => `${n} accessibility warning${n === 1 ? '' : 's'}.`;

/**
 * Says how many accessibility warnings the form has once it is loaded. After that the count is said with each save's
 * outcome, not at every keystroke: the live region speaks when the owner acts.
 */
function useWarningCount(count: number, ready: boolean, say: (t: string) => void): void {
  const said = useRef(false);
  useEffect(() => {
    if (!ready || said.current) return;
    said.current = true;
    say(warningCount(count));
  }, [count, ready, say]);
}

/** Asks before the page is left with unsaved changes. */
function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [dirty]);
}

export type { Saved };
