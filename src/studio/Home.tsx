/** The owner's home (`/studio`, issue 33 item 1): every list with its forms, a new list, on each list a new form. */
import { useCallback, useEffect, useState } from 'react';
import type { ListSummary } from '../owner-api';
import { api } from './api';
import { ListPanel } from './ListPanel';

function NewList({ say, reload }: { say: (t: string) => void; reload: () => Promise<void> }) {
  const [name, setName] = useState('');
  const create = async () => {
    if (!name.trim()) return say('Not made: a list needs a name.');
    const r = await api.createList(name.trim());
    if (!r.ok) return say(`No list made: ${r.error}`);
    setName('');
    await reload();
    say(`Made the list ${r.data.name}.`);
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
  return (
    <>
      <h1>Your lists and forms</h1>
      <NewList say={say} reload={reload} />
      {error ? <p className="problem">The lists could not be loaded: {error}</p> : null}
      {lists ? (
        lists.map((l) => <ListPanel key={l.id} list={l} lists={lists} say={say} reload={reload} />)
      ) : (
        <p>Loading…</p>
      )}
    </>
  );
}
