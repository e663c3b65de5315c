/** The choices of a select, dropdown, radio or checkbox field (spec 3.4 choices[]): add, remove, reorder, edit. */
import type { Bind } from '../bind';
import { Control, Group } from '../Control';
import { Notes } from '../Controls';
import { addChoice, canMove, move, type RawField, removeAt } from '../field-ops';
import { useFocusLater } from '../focus';
import { controlId } from '../names';
import { ItemActions } from './ItemActions';

export function Choices({ bind, at, choices }: { bind: Bind; at: string; choices: readonly RawField[] }) {
  const focusLater = useFocusLater();
  const group = bind(at);
  const id = (i: number) => controlId(`${at}[${i}]`);
  const set = (next: RawField[]) => group.onChange(next);
  return (
    <Group title="Choices" b={group} className="choices">
      {choices.length ? (
        <ol className="choice-list">
          {choices.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its place in the list; focus follows a move
            <li key={i} className="choice" id={id(i)} tabIndex={-1}>
              <Notes b={bind(`${at}[${i}]`)} />
              <Control b={bind(`${at}[${i}].value`)} />
              <Control b={bind(`${at}[${i}].label`)} />
              <ItemActions
                id={id(i)}
                name={`choice ${i + 1}`}
                canUp={canMove(choices, i, -1)}
                canDown={canMove(choices, i, 1)}
                onMove={(dir) => {
                  set(move(choices, i, dir));
                  focusLater(`${id(i + dir)}-${dir < 0 ? 'up' : 'down'}`, `${id(i + dir)}-${dir < 0 ? 'down' : 'up'}`);
                }}
                onRemove={() => {
                  set(removeAt(choices, i));
                  focusLater(`${id(i)}-remove`, `${id(i - 1)}-remove`, `${group.id}-add`);
                }}
                removeLabel="Remove choice"
              />
            </li>
          ))}
        </ol>
      ) : null}
      <button
        type="button"
        id={`${group.id}-add`}
        className="secondary small"
        onClick={() => {
          set(addChoice(choices));
          focusLater(controlId(`${at}[${choices.length}].value`));
        }}
      >
        Add choice
      </button>
    </Group>
  );
}
