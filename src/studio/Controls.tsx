/**
 * The editor's controls, one per kind of the catalogue (catalogue.ts): each a visible label, the input, its hint and
 * the problems of the form model's checks under it (aria-invalid, aria-describedby:
 * docs/decisions/owner-api-revisions.md "refused with the reason next to the control"). They take a `Bound` (bind.ts)
 * and nothing else.
 */
import type { ReactNode } from 'react';
import type { Bound } from './bind';
import { yes } from '../form-model/raw';
import { problemId } from './names';

/** The hint and the problems under a control. */
export function Notes({ b }: { b: Bound }) {
  return (
    <>
      {b.def.hint ? (
        <p id={b.id + '-hint'} className="hint">
          {b.def.hint}
        </p>
      ) : null}
      {b.problems.length ? (
        <p id={problemId(b.path)} className="problem">
          {b.problems.join(' ')}
        </p>
      ) : null}
    </>
  );
}

/** The attributes every input of a control shares. */
const common = (b: Bound) => ({
  id: b.id,
  'aria-invalid': b.problems.length ? ('true' as const) : undefined,
  'aria-describedby': b.describedBy,
});

/** A label above its control, then the notes. */
function Row({ b, children, className = 'row' }: { b: Bound; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={b.id}>{b.def.label}</label>
      {children}
      <Notes b={b} />
    </div>
  );
}

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A one-line text setting. */
export function TextControl({ b, type = 'text' }: { b: Bound; type?: 'text' | 'url' | 'tel' }) {
  return (
    <Row b={b}>
      <input
        {...common(b)}
        // One of three literal types: the union is not one Preact's input props take.
        type={type as 'text'}
        value={text(b.value)}
        placeholder={b.def.placeholder}
        onChange={(e) => b.onChange(e.currentTarget.value)}
      />
    </Row>
  );
}

/** A longer text setting. */
export function LongControl({ b }: { b: Bound }) {
  return (
    <Row b={b}>
      <textarea {...common(b)} rows={3} value={text(b.value)} onChange={(e) => b.onChange(e.currentTarget.value)} />
    </Row>
  );
}

/** A number setting: empty removes it (the popup's default applies, shown as the placeholder). */
export function NumberControl({ b }: { b: Bound }) {
  return (
    <Row b={b}>
      <input
        {...common(b)}
        type="number"
        inputMode="decimal"
        min={b.def.min}
        max={b.def.max}
        value={text(b.value)}
        placeholder={b.def.placeholder}
        onChange={(e) => {
          const v = e.currentTarget.value.trim();
          b.onChange(v === '' ? undefined : Number.isFinite(Number(v)) ? Number(v) : v);
        }}
      />
    </Row>
  );
}

/** Reads a flag as its code writes it (catalogue.ts FlagCode). */
export const flagOn = (b: Bound): boolean =>
  b.def.flag === 'full' ? b.value === 'full' : b.def.flag === 'result' ? b.value !== 'error' : yes(b.value);

/** Writes a flag as its code does: a boolean, 'Y'/'N', 'full' or nothing, 'success'/'error'. */
const flagValue = (b: Bound, on: boolean): unknown =>
  b.def.flag === 'yn'
    ? on
      ? 'Y'
      : 'N'
    : b.def.flag === 'full'
      ? on
        ? 'full'
        : undefined
      : b.def.flag === 'result'
        ? on
          ? 'success'
          : 'error'
        : on;

/** A yes/no setting: a checkbox with its label after it. */
export function FlagControl({ b }: { b: Bound }) {
  return (
    <div className="row flag">
      <input
        {...common(b)}
        type="checkbox"
        checked={flagOn(b)}
        onChange={(e) => b.onChange(flagValue(b, e.currentTarget.checked))}
      />
      <label htmlFor={b.id}>{b.def.label}</label>
      <Notes b={b} />
    </div>
  );
}

/**
 * A choice among the catalogue's options (or `options`); an absent setting shows the first, the popup's default.
 * `numeric` writes the value as a number (the template).
 */
export function SelectControl({
  b,
  options = b.def.options || [],
  numeric = false,
}: {
  b: Bound;
  options?: readonly (readonly [string, string])[];
  numeric?: boolean;
}) {
  const v = text(b.value);
  // A value the popup would not know is shown as it is, so the owner sees it and the problem beside it.
  const shown = !v || options.some(([o]) => o === v) ? options : [...options, [v, `${v} (not a known value)`] as const];
  return (
    <Row b={b}>
      <select
        {...common(b)}
        value={v || shown[0]?.[0]}
        onChange={(e) => b.onChange(numeric ? Number(e.currentTarget.value) : e.currentTarget.value)}
      >
        {shown.map(([o, label]) => (
          <option key={o} value={o}>
            {label}
          </option>
        ))}
      </select>
    </Row>
  );
}
