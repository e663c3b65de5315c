/** A form on the home page: its title (a link to its editor), variant, template, last save, and what to do with it. */
import { useState } from 'react';
import type { FormSummary, ListSummary } from '../owner-api';
import { api } from './api';
import { links } from './data';
import { ConfirmDialog } from './Dialog';
import { Rename } from './Rename';
import { conversion, percent } from './conversion';
import { when } from './time';

const VARIANTS: Record<string, string> = { modal: 'Modal', slide: 'Slide-in', fixed: 'Fixed bar' };

export interface FormRowProps {
  list: ListSummary;
  form: FormSummary;
  say: (t: string) => void;
  reload: () => Promise<void>;
}

export function FormRow({ list, form: f, say, reload }: FormRowProps) {
  const [asking, setAsking] = useState(false);
  const key = `${f.lid}-${f.fId}`;
  const duplicate = async () => {
    const title = `Copy of ${f.title}`;
    const r = await api.createForm(f.lid, { title, copy: { lid: f.lid, fId: f.fId } });
    // The list is shown again before the news is told, so what a screen reader hears is already on the page.
    if (r.ok) await reload();
    say(r.ok ? `Duplicated ${f.title} as ${title}.` : `Not duplicated: ${r.error}`);
  };
  const remove = async () => {
    const r = await api.deleteForm(f.lid, f.fId);
    if (r.ok) await reload();
    say(r.ok ? `Deleted the form ${f.title}. Its subscribers stay on ${list.name}.` : `Not deleted: ${r.error}`);
  };
  return (
    <tr>
      <th scope="row">
        <a href={links.form(f.lid, f.fId)}>{f.title || 'Untitled form'}</a>
      </th>
      {/* One cell for the look and the save: a phone has room for three columns, not five. */}
      <td>
        {VARIANTS[f.variation] || f.variation}, template {f.template}
        <br />
        {f.savedAt ? `Saved ${when(f.savedAt)}` : 'Not saved in the studio yet'}
        <br />
        {/* Issue 36 item 2: the 30-day conversion, its figures a link away. */}
        <a href={links.stats(f.lid, f.fId)}>
          30 days: {percent(conversion(f.last30.shown, f.last30.subscribed))} conversion
          <span className="vh"> of form {f.title}</span>
        </a>{' '}
        ({f.last30.subscribed} subscribed of {f.last30.shown} shown)
      </td>
      <td>
        <div className="row-actions">
          <Rename
            id={`rename-${key}`}
            what={`form ${f.title}`}
            current={f.title}
            onRename={async (title) => {
              const r = await api.renameForm(f.lid, f.fId, title);
              if (r.ok) await reload();
              say(r.ok ? `Renamed to ${title}.` : `Not renamed: ${r.error}`);
              return r.ok;
            }}
          />
          <button type="button" className="secondary small" onClick={duplicate}>
            Duplicate<span className="vh"> form {f.title}</span>
          </button>
          <button type="button" className="secondary small danger" onClick={() => setAsking(true)}>
            Delete<span className="vh"> form {f.title}</span>
          </button>
          {asking ? (
            <ConfirmDialog
              title={`Delete the form “${f.title}”?`}
              confirm="Delete form"
              onConfirm={remove}
              onClose={() => setAsking(false)}
              fallback={`list-${list.id}-title`}
            >
              <p>
                Nothing happens to its subscribers: they belong to the list “{list.name}”, not to the form, and stay on
                it. Pages that embed this form will show nothing.
              </p>
            </ConfirmDialog>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
