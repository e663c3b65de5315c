/**
 * A list's subscribers (`/studio/lists/{lid}`, issue 33 item 7): a paged table (address, status, when, fields),
 * search by address, the CSV export, and erase (GDPR right to erasure), asked first.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SubscriberRow, SubscriberPage } from '../owner-api';
import { api } from './api';
import { links } from './data';
import { ConfirmDialog } from './Dialog';
import { eraseId, SubscriberTable } from './SubscriberTable';

/** Where focus goes once `s` is erased: the next row's Erase button, else the previous row's, else the heading. */
const afterErase = (data: SubscriberPage | null, s: SubscriberRow): string => {
  const rows = data?.rows || [];
  const i = rows.findIndex((r) => r.id === s.id);
  const next = rows[i + 1] || rows[i - 1];
  return next ? eraseId(next) : 'subscribers-title';
};

function Search({ onSearch }: { onSearch: (q: string) => void }) {
  const [q, setQ] = useState('');
  return (
    <form
      className="add-row"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim());
      }}
    >
      <div className="row">
        <label htmlFor="search">Search by address</label>
        <input id="search" type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      </div>
      <button type="submit">Search</button>
    </form>
  );
}

export function Subscribers({ lid, say }: { lid: string; say: (t: string) => void }) {
  const [name, setName] = useState(lid);
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [data, setData] = useState<SubscriberPage | null>(null);
  const [error, setError] = useState('');
  const [erasing, setErasing] = useState<SubscriberRow | null>(null);
  const load = useCallback(async () => {
    const r = await api.subscribers(lid, query.q, query.page);
    setError(r.ok ? '' : r.error);
    if (r.ok) setData(r.data);
  }, [lid, query]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void api.lists().then((r) => r.ok && setName(r.data.lists.find((l) => l.id === lid)?.name || lid));
  }, [lid]);
  const erase = async (s: SubscriberRow) => {
    // An SMS-only person is named by their number (STUDIO.md DELETE …/subscribers/{address}).
    const r = await api.erase(lid, s.email || s.sms || '');
    if (!r.ok) return say(`Not erased: ${r.error}`);
    setData((d) => d && { ...d, total: d.total - 1, rows: d.rows.filter((x) => x.id !== s.id) });
    say(`Erased ${s.email || s.sms} from ${name}.`);
  };
  return (
    <>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={links.home}>Studio</a> ›
      </nav>
      <h1 id="subscribers-title" tabIndex={-1}>
        Subscribers of {name}
      </h1>
      <div className="toolbar-row">
        <Search onSearch={(q) => setQuery({ q, page: 1 })} />
        <a className="button secondary" href={api.csvUrl(lid)} download>
          Export as CSV
        </a>
      </div>
      {error ? <p className="problem">The subscribers could not be loaded: {error}</p> : null}
      {data ? (
        <SubscriberTable data={data} q={query.q} onPage={(page) => setQuery({ ...query, page })} onErase={setErasing} />
      ) : null}
      {erasing ? (
        <ConfirmDialog
          title={`Erase ${erasing.email || erasing.sms}?`}
          confirm="Erase"
          onConfirm={() => erase(erasing)}
          onClose={() => setErasing(null)}
          fallback={afterErase(data, erasing)}
        >
          <p>
            This removes the subscriber from {name}, with their consents, their confirmations (pending or used) and any
            mail to them not sent yet. It cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
