/**
 * The owner's home (`/studio`, issue 33 item 1): every list with its forms, a new list, and on each list a new form.
 * A list's opt-in is read from its forms' settings (hasDoubleOptIn), one call per form the listing does not say.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ListSummary } from './api';
import { ListPanel } from './ListPanel';
import { yes } from '../form-model/raw';

/** Each form's hasDoubleOptIn by `lid/fId`, read from its settings. */
function useOptIns(lists: readonly ListSummary[]): Map<string, boolean> {
  const [optIns, setOptIns] = useState(new Map<string, boolean>());
  /** Forms asked about already: one call each, answered or not. */
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const forms = lists.flatMap((l) => l.forms).filter((f) => !asked.current.has(`${f.lid}/${f.fId}`));
    if (!forms.length) return;
    for (const f of forms) asked.current.add(`${f.lid}/${f.fId}`);
    void Promise.all(forms.map((f) => api.form(f.lid, f.fId))).then((rs) =>
      setOptIns((old) => {
        const next = new Map(old);
        for (const [i, r] of rs.entries())
          if (r.ok) next.set(`${forms[i].lid}/${forms[i].fId}`, yes(r.data.settings.hasDoubleOptIn));
        return next;
      }),
    );
  }, [lists]);
  return optIns;
}

function NewList({ say, reload }: { say: (t: string) => void; reload: () => Promise<void> }) {
  const [name, setName] = useState('');
  const create = async () => {
    if (!name.trim()) return say('Not made: a list needs a name.');
    const r = await api.createList(name.trim());
    say(r.ok ? `Made the list ${r.data.name}.` : `No list made: ${r.error}`);
    if (!r.ok) return;
    setName('');
    await reload();
  };
  return (
    <form
      className="add-row"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <div className="row">
        <label htmlFor="new-list-name">List name</label>
        <input id="new-list-name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </div>
      <button type="submit">New list</button>
    </form>
  );
}

export function Home({ say }: { say: (t: string) => void }) {
  const [lists, setLists] = useState<ListSummary[] | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    const r = await api.lists();
    if (r.ok) setLists(r.data.lists);
    else setError(r.error);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const optIns = useOptIns(lists || []);
  return (
    <>
      <h1>Your lists and forms</h1>
      <NewList say={say} reload={reload} />
      {error ? <p className="problem">The lists could not be loaded: {error}</p> : null}
      {lists ? (
        lists.map((l) => <ListPanel key={l.id} list={l} lists={lists} optIns={optIns} say={say} reload={reload} />)
      ) : (
        <p>Loading…</p>
      )}
    </>
  );
}
