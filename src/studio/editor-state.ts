/**
 * The editor's state and its transitions (issue 33 items 2–3), pure: the form as last loaded or saved (`base`), the
 * owner's draft, the problems the server refused a save for, a stale save's other side (`conflict`), the version being
 * looked at, and what is in flight. useEditor.ts runs the calls and dispatches their outcomes here.
 */
import type { Saved } from './api';
import type { Draft } from './names';
import { sameJson, setAt } from './paths';
import type { Problem } from './problems';

export interface EditorState {
  base: Saved | null;
  draft: Draft | null;
  /** The problems of the last save the server refused (422), until the next edit. */
  serverProblems: Problem[];
  busy: '' | 'saving' | 'restoring';
  /** After a stale save (412): the form as saved elsewhere, until the owner keeps theirs or takes it. */
  conflict: Saved | null;
  /** A version the owner is looking at (the stage shows it), or null. */
  viewing: Saved | null;
  /** Why the form could not be loaded, '' when it was. */
  loadError: string;
}

export type Action =
  | { type: 'loaded'; saved: Saved }
  | { type: 'loadFailed'; error: string }
  | { type: 'edit'; path: string; value: unknown }
  | { type: 'busy'; busy: EditorState['busy'] }
  | { type: 'saved'; sent: Draft; revision: number; savedAt: string | null }
  | { type: 'refused'; problems: Problem[] }
  | { type: 'conflict'; theirs: Saved }
  | { type: 'takeTheirs' }
  | { type: 'view'; version: Saved | null };

export const initial: EditorState = {
  base: null,
  draft: null,
  serverProblems: [],
  busy: '',
  conflict: null,
  viewing: null,
  loadError: '',
};

/** The draft part of a stored form. */
export const draftOf = (s: Saved): Draft => ({
  title: s.title,
  requireConsent: s.requireConsent,
  settings: s.settings,
});

/** Whether the draft differs from what is saved. */
export const isDirty = (s: EditorState): boolean => !!s.base && !!s.draft && !sameJson(s.draft, draftOf(s.base));

export const reduce = (s: EditorState, a: Action): EditorState => {
  switch (a.type) {
    case 'loaded':
      return { ...initial, base: a.saved, draft: draftOf(a.saved) };
    case 'loadFailed':
      return { ...s, loadError: a.error };
    case 'edit':
      if (!s.draft) return s;
      return { ...s, draft: setAt(s.draft, a.path, a.value), serverProblems: [] };
    case 'busy':
      return { ...s, busy: a.busy };
    case 'saved':
      // The draft as sent is what is stored; edits made while the save was on its way stay in the draft.
      return {
        ...s,
        busy: '',
        conflict: null,
        serverProblems: [],
        base: { ...a.sent, revision: a.revision, savedAt: a.savedAt },
      };
    case 'refused':
      return { ...s, busy: '', serverProblems: a.problems };
    case 'conflict':
      return { ...s, busy: '', conflict: a.theirs };
    case 'takeTheirs':
      return s.conflict
        ? { ...s, base: s.conflict, draft: draftOf(s.conflict), conflict: null, serverProblems: [] }
        : s;
    case 'view':
      return { ...s, viewing: a.version };
  }
};
