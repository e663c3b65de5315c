/**
 * The editor page (`/studio/forms/{lid}/{fId}`, issue 33 item 2): Save and its checks at the top, the controls by
 * section on one side, the live preview on the other, then the versions and the snippets. State lives in useEditor;
 * everything here is view.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ListSummary } from '../owner-api';
import { api } from './api';
import { type Bind, binder } from './bind';
import { Conflict } from './Conflict';
import type { StudioData } from './data';
import { links } from './data';
import { diffDrafts } from './diff';
import { draftOf } from './editor-state';
import type { Draft } from './names';
import { previewParams, stageSettings } from './preview';
import { Publish } from './Publish';
import { SaveBar } from './SaveBar';
import { Behaviour } from './sections/Behaviour';
import { Fields } from './sections/Fields';
import { Look } from './sections/Look';
import { Texts } from './sections/Texts';
import { type PreviewOptions, Stage } from './Stage';
import { type Editor as EditorHook, useEditor } from './useEditor';
import { Versions } from './Versions';

/** The list the form belongs to (its name for the heading, its account for the preview's parameters). */
function useList(lid: string): ListSummary | null {
  const [list, setList] = useState<ListSummary | null>(null);
  useEffect(() => {
    void api.lists().then((r) => r.ok && setList(r.data.lists.find((l) => l.id === lid) || null));
  }, [lid]);
  return list;
}

/** The preview's options, first from the page's address (?lang=ar&dir=rtl, as the old preview took them). */
const firstOptions = (): PreviewOptions => {
  const q = new URLSearchParams(location.search);
  return { view: 'desktop', lang: q.get('lang') || 'en', dir: q.get('dir') === 'rtl' ? 'rtl' : 'ltr' };
};

const SECTIONS: [string, string][] = [
  ['texts', 'Texts'],
  ['fields', 'Fields'],
  ['look', 'Look'],
  ['behaviour', 'Behaviour'],
  ['versions', 'Versions'],
  ['publish', 'Publish'],
];

/** The controls by section, after the links to each. */
function Sections({ bind, draft }: { bind: Bind; draft: Draft }) {
  return (
    <div className="controls">
      <nav aria-label="Sections" className="section-links">
        {SECTIONS.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      <Texts bind={bind} />
      <Fields bind={bind} draft={draft} />
      <Look bind={bind} />
      <Behaviour bind={bind} draft={draft} />
    </div>
  );
}

/** What the stage is given: the draft (or the version viewed) as a visitor gets it, and the preview's parameters. */
function usePreview(data: StudioData, lid: string, fId: string, e: EditorHook) {
  const list = useList(lid);
  const [options, setOptions] = useState(firstOptions);
  // The page's address keeps the language and direction, so a reload shows the stage as it was.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const plain = options.lang === 'en' && options.dir === 'ltr';
    for (const [k, v] of [
      ['lang', options.lang],
      ['dir', options.dir],
    ])
      if (plain) q.delete(k);
      else q.set(k, v);
    const query = q.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  }, [options.lang, options.dir]);
  const shown = e.state.viewing ? e.state.viewing.settings : e.draft?.settings;
  const settings = useMemo(
    () => (shown ? stageSettings(shown, location.host, data.badge, options.view) : null),
    [shown, data.badge, options.view],
  );
  const params = useMemo(() => previewParams({ uuid: list?.uuid || '', lid, fId }, location.origin), [list, lid, fId]);
  return { list, options, setOptions, settings, params };
}

export function Editor({
  data,
  lid,
  fId,
  say,
}: {
  data: StudioData;
  lid: string;
  fId: string;
  say: (t: string) => void;
}) {
  const e = useEditor(lid, fId, say);
  const { list, options, setOptions, settings, params } = usePreview(data, lid, fId, e);
  const { state, draft } = e;
  const bind = useMemo(() => (draft ? binder(draft, e.edit, e.problemsAt) : null), [draft, e.edit, e.problemsAt]);
  const viewChanges = useMemo(
    () => (draft && state.viewing ? diffDrafts(draft, draftOf(state.viewing)) : []),
    [draft, state.viewing],
  );
  if (state.loadError) return <p className="problem">{state.loadError}</p>;
  if (!draft || !bind || !state.base || !settings) return <p>Loading the form…</p>;
  const busy = !!state.busy;
  return (
    <div className="editor">
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={links.home}>Studio</a> › {list ? <a href={links.list(lid)}>{list.name}</a> : lid} ›
      </nav>
      <h1>{draft.title || 'Untitled form'}</h1>
      <SaveBar
        base={state.base}
        dirty={e.dirty}
        busy={busy}
        problems={e.problems}
        warnings={e.warnings}
        onSave={e.save}
      />
      {state.conflict ? (
        <Conflict
          theirs={state.conflict}
          changes={e.conflictChanges}
          busy={busy}
          onKeepMine={e.keepMine}
          onTakeTheirs={e.takeTheirs}
        />
      ) : null}
      <div className="work">
        <Sections bind={bind} draft={draft} />
        <Stage
          stage={data.stage}
          globalKey={data.globalKey}
          params={params}
          settings={settings}
          options={options}
          onOptions={setOptions}
          onNote={say}
          showing={state.viewing ? `revision ${state.viewing.revision}` : 'your draft'}
        />
      </div>
      <Versions
        versions={e.versions}
        current={state.base.revision}
        viewing={state.viewing}
        changes={viewChanges}
        busy={busy}
        onView={e.view}
        onRestore={e.restore}
      />
      <Publish lid={lid} fId={fId} say={say} />
    </div>
  );
}
