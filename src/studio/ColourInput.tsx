/**
 * A colour setting (spec 3.3; issue 33 item 2 "pickers that also take a typed hex"): the browser's colour picker
 * beside a text input that takes any colour the popup accepts (#rgb, #rrggbb, with alpha, rgb()/hsl(), a name).
 * Empty leaves the setting unset: the popup's own colour applies. The picker shows the typed colour when it is a hex
 * one; it writes #rrggbb.
 */
import type { Bound } from './bind';
import { Notes } from './Controls';

/** The #rrggbb a picker can show for `v` (#rgb, #rgba, #rrggbb, #rrggbbaa), or null. */
export const pickerHex = (v: string): string | null => {
  const m = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.exec(v.trim());
  if (!m) return null;
  const h = m[1].length <= 4 ? [...m[1].slice(0, 3)].map((c) => c + c).join('') : m[1].slice(0, 6);
  return '#' + h.toLowerCase();
};

export function ColourInput({ b }: { b: Bound }) {
  const v = typeof b.value === 'string' ? b.value : '';
  const hex = pickerHex(v);
  return (
    <div className="row colour">
      <label htmlFor={b.id}>{b.def.label}</label>
      <div className="colour-pair">
        <input
          type="color"
          className="swatch"
          aria-label={`${b.def.label} picker`}
          value={hex || '#000000'}
          data-unset={hex ? undefined : 'true'}
          onChange={(e) => b.onChange(e.currentTarget.value)}
        />
        <input
          id={b.id}
          type="text"
          className="hex"
          spellcheck={false}
          autoComplete="off"
          placeholder="Default"
          value={v}
          aria-invalid={b.problems.length ? 'true' : undefined}
          aria-describedby={b.describedBy}
          onChange={(e) => b.onChange(e.currentTarget.value.trim() || undefined)}
        />
      </div>
      <Notes b={b} />
    </div>
  );
}
