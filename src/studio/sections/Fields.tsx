/**
 * Fields (issue 33 item 2): the form's fields in order, each editable, moved with Move up and Move down (from the
 * keyboard as well), removed, and new ones added by type. Marketing preferences are edited in the GDPR block
 * (Behaviour); they keep their places in the one `fields` list, and a move here passes over them.
 */
import { useState } from 'react';
import type { Bind } from '../bind';
import { FIELD_TYPES } from '../catalogue';
import { Group } from '../Control';
import { addField, canMove, isConsent, move, type RawField, removeAt } from '../field-ops';
import { useFocusLater } from '../focus';
import { controlId, describe, type Draft } from '../names';
import { FieldCard } from './FieldCard';
import { Section } from './Section';

const own = (f: RawField) => !isConsent(f);

/** The type of a new field and the button that adds it. */
function AddField({ onAdd }: { onAdd: (type: string) => void }) {
  const [type, setType] = useState('text');
  return (
    <div className="add-row">
      <div className="row">
        <label htmlFor="new-field-type">New field type</label>
        <select id="new-field-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
          {FIELD_TYPES.map(([t, label]) => (
            <option key={t} value={t}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" id="add-field" onClick={() => onAdd(type)}>
        Add field
      </button>
    </div>
  );
}

export function Fields({ bind, draft }: { bind: Bind; draft: Draft }) {
  const focusLater = useFocusLater();
  const list = bind('settings.fields');
  const fields = (Array.isArray(list.value) ? list.value : []) as RawField[];
  const id = (i: number) => controlId(`settings.fields[${i}]`);
  const set = (next: RawField[]) => list.onChange(next);
  const onMove = (i: number, dir: -1 | 1) => {
    const next = move(fields, i, dir, own);
    const j = next.indexOf(fields[i]);
    set(next);
    focusLater(`${id(j)}-${dir < 0 ? 'up' : 'down'}`, `${id(j)}-${dir < 0 ? 'down' : 'up'}`);
  };
  const onRemove = (i: number) => {
    const after = fields.findIndex((f, j) => j > i && own(f));
    set(removeAt(fields, i));
    focusLater(after >= 0 ? `${id(after - 1)}-remove` : 'new-field-type');
  };
  return (
    <Section id="fields" title="Fields">
      <Group title="The form's fields, in order" b={list}>
        {fields.map((f, i) =>
          own(f) ? (
            <FieldCard
              // biome-ignore lint/suspicious/noArrayIndexKey: a field is its place in the list; focus follows a move
              key={i}
              bind={bind}
              index={i}
              field={f}
              name={describe(`settings.fields[${i}]`, draft)}
              actions={{
                canUp: canMove(fields, i, -1, own),
                canDown: canMove(fields, i, 1, own),
                onMove: (dir) => onMove(i, dir),
                onRemove: () => onRemove(i),
              }}
            />
          ) : null,
        )}
      </Group>
      <AddField
        onAdd={(type) => {
          set(addField(fields, type));
          focusLater(controlId(`settings.fields[${fields.length}].label`));
        }}
      />
    </Section>
  );
}
