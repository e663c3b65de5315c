/**
 * The GDPR block's marketing preferences (spec 3.4 marketing_preference_id: each a consent checkbox of the block):
 * their labels and ids, added, moved and removed. They live in the form's `fields` list, among the fields.
 */
import type { Bind } from '../bind';
import { Controls, Group } from '../Control';
import { addField, canMove, isConsent, move, type RawField, removeAt } from '../field-ops';
import { useFocusLater } from '../focus';
import { controlId, describe, type Draft } from '../names';
import { ItemActions } from './ItemActions';

export function Consents({ bind, draft }: { bind: Bind; draft: Draft }) {
  const focusLater = useFocusLater();
  const list = bind('settings.fields');
  const fields = (Array.isArray(list.value) ? list.value : []) as RawField[];
  const id = (i: number) => controlId(`settings.fields[${i}]`);
  const onMove = (i: number, dir: -1 | 1) => {
    const next = move(fields, i, dir, isConsent);
    const j = next.indexOf(fields[i]);
    list.onChange(next);
    focusLater(`${id(j)}-${dir < 0 ? 'up' : 'down'}`, `${id(j)}-${dir < 0 ? 'down' : 'up'}`);
  };
  return (
    <Group title="Marketing preferences">
      {fields.map((f, i) => {
        if (!isConsent(f)) return null;
        const at = `settings.fields[${i}]`;
        const name = describe(at, draft);
        return (
          <Group key={at} title={name} b={bind(at)} className="field">
            <ItemActions
              id={id(i)}
              name={name.toLowerCase()}
              canUp={canMove(fields, i, -1, isConsent)}
              canDown={canMove(fields, i, 1, isConsent)}
              onMove={(dir) => onMove(i, dir)}
              onRemove={() => {
                list.onChange(removeAt(fields, i));
                focusLater('add-consent');
              }}
              removeLabel="Remove preference"
            />
            <Controls bind={bind} paths={[`${at}.label`, `${at}.marketing_preference_id`, `${at}.name`]} />
          </Group>
        );
      })}
      <button
        type="button"
        id="add-consent"
        className="secondary small"
        onClick={() => {
          list.onChange(addField(fields, 'checkbox', true));
          focusLater(controlId(`settings.fields[${fields.length}].label`));
        }}
      >
        Add marketing preference
      </button>
    </Group>
  );
}
