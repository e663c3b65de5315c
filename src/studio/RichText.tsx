/**
 * A rich HTML setting (spec 2.2: description, footer, banner description, the provider's legal text): a toolbar of
 * real buttons (Bold, Italic, Link, Bulleted list, Numbered list; aria-pressed where they toggle; one tab stop, arrow
 * keys between them, as a WAI-ARIA toolbar) over the editor region, which is named by its visible label.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import type { Bound } from './bind';
import { Notes } from './Controls';
import { useFocusOnMount } from './focus';
import { linkAllowed } from './rich-html';
import { type Formats, useRichText } from './useRichText';

type Tool = { name: string; key: keyof Formats; run: (sq: Squire, on: boolean) => void };
type Squire = NonNullable<ReturnType<typeof useRichText>['editor']['current']>;

const TOOLS: Tool[] = [
  { name: 'Bold', key: 'bold', run: (sq, on) => (on ? sq.removeBold() : sq.bold()) },
  { name: 'Italic', key: 'italic', run: (sq, on) => (on ? sq.removeItalic() : sq.italic()) },
  { name: 'Link', key: 'link', run: (sq) => sq.removeLink() },
  { name: 'Bulleted list', key: 'ul', run: (sq, on) => (on ? sq.removeList() : sq.makeUnorderedList()) },
  { name: 'Numbered list', key: 'ol', run: (sq, on) => (on ? sq.removeList() : sq.makeOrderedList()) },
];

/** Arrow keys, Home and End move among the toolbar's buttons (one of them in the tab order). */
function useRoving(count: number) {
  const [at, setAt] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: count - 1 - at };
    if (!(e.key in step)) return;
    e.preventDefault();
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl' && e.key.startsWith('Arrow');
    const next = (at + (rtl ? -step[e.key] : step[e.key]) + count) % count;
    setAt(next);
    bar.current!.querySelectorAll('button')[next]?.focus();
  };
  return { at, setAt, bar, onKeyDown };
}

/** The address of a new link, asked in the page (a prompt() would not say what it refuses). */
function LinkForm({ id, onDone }: { id: string; onDone: (url: string | null) => void }) {
  const [url, setUrl] = useState('https://');
  const [bad, setBad] = useState(false);
  const input = useFocusOnMount<HTMLInputElement>();
  const apply = () => (linkAllowed(url) ? onDone(url.trim()) : setBad(true));
  return (
    <div className="link-form">
      <label htmlFor={id}>Link address</label>
      <input
        id={id}
        type="url"
        value={url}
        ref={input}
        aria-invalid={bad ? 'true' : undefined}
        aria-describedby={bad ? id + '-bad' : undefined}
        onChange={(e) => {
          setUrl(e.currentTarget.value);
          setBad(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone(null);
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
      />
      <button type="button" onClick={apply}>
        Add link
      </button>
      <button type="button" className="secondary" onClick={() => onDone(null)}>
        Cancel
      </button>
      {bad ? (
        <p id={id + '-bad'} className="problem">
          A link must start with https://, http:// or mailto: (the popup drops any other).
        </p>
      ) : null}
    </div>
  );
}

export function RichText({ b }: { b: Bound }) {
  const { root, editor, formats } = useRichText(typeof b.value === 'string' ? b.value : '', b.onChange);
  const roving = useRoving(TOOLS.length);
  const [linking, setLinking] = useState(false);
  const labelId = b.id + '-label';
  const press = (t: Tool, i: number) => {
    const sq = editor.current;
    roving.setAt(i);
    if (!sq) return;
    if (t.key === 'link' && !formats.link) return setLinking(true);
    t.run(sq, formats[t.key]);
    sq.focus();
  };
  const linked = (url: string | null) => {
    setLinking(false);
    const sq = editor.current;
    if (!sq) return;
    if (url) sq.makeLink(url);
    sq.focus();
  };
  return (
    <div className="row rich">
      <span id={labelId} className="label">
        {b.def.label}
      </span>
      <div
        role="toolbar"
        aria-label={`${b.def.label} formatting`}
        aria-controls={b.id}
        className="toolbar"
        ref={roving.bar}
        onKeyDown={roving.onKeyDown}
      >
        {TOOLS.map((t, i) => (
          <button
            key={t.key}
            type="button"
            className="tool"
            tabIndex={i === roving.at ? 0 : -1}
            aria-pressed={formats[t.key] ? 'true' : 'false'}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => press(t, i)}
          >
            {t.name}
          </button>
        ))}
      </div>
      {linking ? <LinkForm id={b.id + '-link'} onDone={linked} /> : null}
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs an editable element, a textarea holds text */}
      <div
        ref={root}
        id={b.id}
        // Squire makes it content-editable, which is focusable already; said here for those who read the markup.
        tabIndex={0}
        className="editable"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-invalid={b.problems.length ? 'true' : undefined}
        aria-describedby={b.describedBy}
      />
      <Notes b={b} />
    </div>
  );
}
