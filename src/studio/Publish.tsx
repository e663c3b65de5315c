/**
 * Publish (issue 33 item 6): the embed snippets of this form as the provider makes them (its public address in
 * them), each in a read-only code block with a Copy button.
 */
import { useEffect, useRef, useState } from 'react';
import type { Snippets } from '../owner-api';
import { api } from './api';

const NAMES: [keyof Snippets, string, string][] = [
  ['mailchimp', 'Mailchimp-style snippet', 'The loader, then its start call: as Mailchimp gives it.'],
  ['queued', 'Queued snippet', 'Safe anywhere in the page: calls made before the loader arrives wait for it.'],
  ['tag', 'One-tag snippet', 'A single script tag whose data- attributes carry the form.'],
  ['opener', 'Open-on-demand button', 'A button of your page that opens the form when pressed.'],
];

/** Copies `text`: the clipboard API, else the block selected and the browser's copy command. */
async function copy(text: string, block: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!block) return false;
    const range = document.createRange();
    range.selectNodeContents(block);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    return document.execCommand('copy');
  }
}

function Snippet({
  k,
  title,
  hint,
  text,
  say,
}: {
  k: string;
  title: string;
  hint: string;
  text: string;
  say: (t: string) => void;
}) {
  const block = useRef<HTMLElement>(null);
  return (
    <div className="snippet">
      <h3 id={`snippet-${k}`}>{title}</h3>
      <p className="hint">{hint}</p>
      <pre>
        <code ref={block}>{text}</code>
      </pre>
      <button
        type="button"
        className="secondary small"
        onClick={async () =>
          say(
            (await copy(text, block.current))
              ? `Copied the ${title.toLowerCase()}.`
              : 'Not copied: select the text and copy it.',
          )
        }
      >
        Copy<span className="vh"> the {title.toLowerCase()}</span>
      </button>
    </div>
  );
}

export function Publish({ lid, fId, say }: { lid: string; fId: string; say: (t: string) => void }) {
  const [snippets, setSnippets] = useState<Snippets | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void api.publish(lid, fId).then((r) => (r.ok ? setSnippets(r.data.snippets) : setError(r.error)));
  }, [lid, fId]);
  return (
    <section id="publish" className="section" aria-labelledby="publish-title">
      <h2 id="publish-title">Publish</h2>
      <p>Put one of these on your site. They show the form as last saved: save first.</p>
      {error ? <p className="problem">The snippets could not be loaded: {error}</p> : null}
      {snippets
        ? NAMES.map(([k, title, hint]) => (
            <Snippet key={k} k={k} title={title} hint={hint} text={snippets[k]} say={say} />
          ))
        : null}
    </section>
  );
}
