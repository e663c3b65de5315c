/** The subscribers table of one page, with its paging. */
import type { SubscriberRow, SubscriberPage } from '../owner-api';
import { when } from './time';

/** A subscriber's fields as one line: 'FNAME: Ada, LNAME: Lovelace'. */
export const fieldsText = (fields: Record<string, unknown>): string =>
  Object.entries(fields || {})
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v ? Object.values(v).join(' ') : String(v)}`)
    .join(', ');

/** The id of a row's Erase button. */
export const eraseId = (s: SubscriberRow): string => `erase-${s.id}`;

export interface SubscriberTableProps {
  data: SubscriberPage;
  q: string;
  onPage: (page: number) => void;
  onErase: (s: SubscriberRow) => void;
}

export function SubscriberTable({ data, q, onPage, onErase }: SubscriberTableProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      {/* On a narrow screen the table scrolls sideways within its region, which takes focus so keys can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (WCAG 2.1.1) */}
      <section className="table-scroll" aria-labelledby="subscribers-caption" tabIndex={0}>
        <table className="subscribers">
          <caption id="subscribers-caption">
            {data.total} subscriber{data.total === 1 ? '' : 's'}
            {q ? ` matching “${q}”` : ''}
            {pages > 1 ? `, page ${data.page} of ${pages}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
              <th scope="col">When</th>
              <th scope="col">Fields</th>
              <th scope="col">Erase</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.email || s.sms}</th>
                <td>{s.status}</td>
                <td>
                  Signed up {when(s.createdAt)}
                  {s.confirmedAt ? `, confirmed ${when(s.confirmedAt)}` : ''}
                </td>
                <td>{fieldsText(s.fields)}</td>
                <td>
                  <button type="button" id={eraseId(s)} className="secondary small danger" onClick={() => onErase(s)}>
                    Erase<span className="vh"> {s.email || s.sms}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav aria-label="Pages" className="pager">
          <button type="button" className="secondary" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
            Previous page
          </button>
          <span>
            Page {data.page} of {pages}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
          >
            Next page
          </button>
        </nav>
      ) : null}
    </>
  );
}
