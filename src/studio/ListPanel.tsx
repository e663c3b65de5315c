/**
 * One list on the home page: its name (renamed in place), opt-in, counts and subscribers' page, its forms, and a new
 * form from a starting form or a copy of any form.
 */
import { useState } from 'react';
import type { ListSummary } from '../owner-api';
import { api } from './api';
import { links } from './data';
import { FormRow } from './FormRow';
import { optInText } from './opt-in';
import { Rename } from './Rename';

const STARTS: [string, string][] = [
  ['modal', 'Modal'],
  ['slide', 'Slide-in'],
  ['fixed', 'Fixed bar'],
];

export interface ListPanelProps {
  list: ListSummary;
  /** Every list, for "a copy of" any form. */
  lists: readonly ListSummary[];
  say: (t: string) => void;
  reload: () => Promise<void>;
}

/** A new form's title and start, and the button that makes it (then opens its editor). */
function NewForm({ list, lists, say }: Pick<ListPanelProps, 'list' | 'lists' | 'say'>) {
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('modal');
  const id = `new-form-${list.id}`;
  const create = async () => {
    const copy = start.startsWith('copy:') ? start.slice(5).split('/') : null;
    const name = title.trim() || 'New form';
    const body = copy ? { title: name, copy: { lid: copy[0], fId: copy[1] } } : { title: name, start };
    const r = await api.createForm(list.id, body);
    if (!r.ok) return say(`No form made: ${r.error}`);
    location.assign(links.form(r.data.lid, r.data.fId));
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
        <label htmlFor={id + '-title'}>New form title</label>
        <input
          id={id + '-title'}
          value={title}
          placeholder="New form"
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
      </div>
      <div className="row">
        <label htmlFor={id + '-start'}>Start from</label>
        <select id={id + '-start'} value={start} onChange={(e) => setStart(e.currentTarget.value)}>
          {STARTS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
          {lists.flatMap((l) =>
            l.forms.map((f) => (
              <option key={`${f.lid}/${f.fId}`} value={`copy:${f.lid}/${f.fId}`}>
                A copy of {f.title} ({l.name})
              </option>
            )),
          )}
        </select>
      </div>
      <button type="submit">New form</button>
    </form>
  );
}

export function ListPanel({ list, lists, say, reload }: ListPanelProps) {
  return (
    <section className="list" aria-labelledby={`list-${list.id}-title`}>
      <div className="list-head">
        <h2 id={`list-${list.id}-title`} tabIndex={-1}>
          {list.name}
        </h2>
        <Rename
          id={`rename-list-${list.id}`}
          what={`list ${list.name}`}
          current={list.name}
          onRename={async (name) => {
            const r = await api.renameList(list.id, name);
            if (r.ok) await reload();
            say(r.ok ? `Renamed the list to ${name}.` : `Not renamed: ${r.error}`);
            return r.ok;
          }}
        />
      </div>
      <p>
        {optInText(list.forms.map((f) => f.doubleOptIn))} · {list.subscribed} subscribed, {list.pending} pending ·{' '}
        <a href={links.list(list.id)}>Subscribers of {list.name}</a>
      </p>
      {list.forms.length ? (
        <table>
          <caption className="vh">Forms on {list.name}</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Look and last save</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.forms.map((f) => (
              <FormRow key={f.fId} list={list} form={f} say={say} reload={reload} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="hint">No forms on this list yet.</p>
      )}
      <NewForm list={list} lists={lists} say={say} />
    </section>
  );
}
