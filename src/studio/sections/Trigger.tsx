/**
 * The trigger (spec 3.2 popupDelay): after a delay in seconds, or on exit intent, halfway down the page or at its
 * bottom. One setting, two controls: the trigger, and the delay's seconds when the trigger is a delay.
 */
import type { Bound } from '../bind';
import { SelectControl } from '../Controls';

const EVENTS = ['exit', 'middle', 'bottom'];

export function Trigger({ b }: { b: Bound }) {
  const v = b.value;
  const event = typeof v === 'string' && EVENTS.includes(v) ? v : 'delay';
  const seconds = event === 'delay' && (typeof v === 'number' || typeof v === 'string') ? String(v) : '';
  const id = b.id + '-seconds';
  return (
    <>
      <SelectControl
        b={{ ...b, value: event, onChange: (t) => b.onChange(t === 'delay' ? Number(seconds) || 1 : t) }}
      />
      {event === 'delay' ? (
        <div className="row">
          <label htmlFor={id}>Delay (seconds)</label>
          <input
            id={id}
            type="number"
            min={0}
            inputMode="decimal"
            placeholder="1"
            value={seconds}
            aria-invalid={b.problems.length ? 'true' : undefined}
            aria-describedby={b.describedBy}
            onChange={(e) => {
              const s = e.currentTarget.value.trim();
              b.onChange(s === '' ? undefined : Number.isFinite(Number(s)) ? Number(s) : s);
            }}
          />
        </div>
      ) : null}
    </>
  );
}
