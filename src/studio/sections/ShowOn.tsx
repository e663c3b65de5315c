/**
 * Where the form shows (issue 36 part 1, settings key `showOn`): the paths it shows on and those it never shows on,
 * each a list of labelled inputs with Add and Remove buttons, and the devices. The form model's checks are shown under
 * each path as the owner types (src/form-model/check-show-on.ts), as under every other control; the edits keep the
 * rules as small as they can be (show-on-ops.ts), and remove them whole when they say nothing.
 */
import type { Bind } from '../bind';
import { Group } from '../Control';
import { SelectControl, TextControl } from '../Controls';
import { useFocusLater } from '../focus';
import { controlId } from '../names';
import { addPattern, type PatternList, patternsOf, removePattern, withRule } from '../show-on-ops';

const AT = 'settings.showOn';

/** One list of path patterns: an input per pattern, labelled with its place, its Remove button, and Add path. */
function Patterns({ bind, list }: { bind: Bind; list: PatternList }) {
  const focusLater = useFocusLater();
  const rules = bind(AT);
  const group = bind(`${AT}.${list}`);
  const patterns = patternsOf(rules.value, list);
  const path = (i: number) => `${AT}.${list}[${i}]`;
  return (
    <Group title={group.def.label} b={group} className="patterns">
      {patterns.length ? (
        <ol className="choice-list">
          {patterns.map((_, i) => {
            const b = bind(path(i));
            const label = `${b.def.label} ${i + 1}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pattern is its place in the list
              <li key={i} className="choice">
                <TextControl b={{ ...b, def: { ...b.def, label } }} />
                <button
                  type="button"
                  id={`${b.id}-remove`}
                  className="secondary small danger"
                  onClick={() => {
                    rules.onChange(removePattern(rules.value, list, i));
                    focusLater(`${b.id}-remove`, `${controlId(path(i - 1))}-remove`, `${group.id}-add`);
                  }}
                >
                  Remove<span className="vh"> {label}</span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        id={`${group.id}-add`}
        className="secondary small"
        onClick={() => {
          rules.onChange(addPattern(rules.value, list));
          focusLater(controlId(path(patterns.length)));
        }}
      >
        Add path<span className="vh"> to {group.def.label}</span>
      </button>
    </Group>
  );
}

export function ShowOn({ bind }: { bind: Bind }) {
  const rules = bind(AT);
  const devices = bind(`${AT}.devices`);
  return (
    <Group title="Where it shows" b={rules}>
      <Patterns bind={bind} list="include" />
      <Patterns bind={bind} list="exclude" />
      <SelectControl b={{ ...devices, onChange: (v) => rules.onChange(withRule(rules.value, 'devices', v)) }} />
    </Group>
  );
}
