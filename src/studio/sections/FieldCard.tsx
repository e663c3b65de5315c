/**
 * One field of the form (spec 3.4): its type, label, merge tag, required, helper text, and what its type takes (date
 * or phone format, choices, the SMS legal texts and program data), its merge and group ids; moved and removed by the
 * buttons at its head.
 */
import type { Bind } from '../bind';
import { DATE_FORMATS, FIELD_TYPES } from '../catalogue';
import { Control, Controls, Group } from '../Control';
import { SelectControl } from '../Controls';
import { CHOICE_TYPES, type RawField, withType } from '../field-ops';
import type { FieldType } from '../../form-model/types';
import { Choices } from './Choices';
import { ItemActions, type ItemActionsProps } from './ItemActions';

export interface FieldCardProps {
  bind: Bind;
  index: number;
  field: RawField;
  /** The field's name in lists: 'Field 2 (First Name)'. */
  name: string;
  actions: Omit<ItemActionsProps, 'id' | 'name' | 'removeLabel'>;
}

export function FieldCard({ bind, index, field, name, actions }: FieldCardProps) {
  const at = `settings.fields[${index}]`;
  const group = bind(at);
  const type = String(field.type ?? 'text') as FieldType;
  const p = (k: string) => `${at}.${k}`;
  const typeBound = bind(p('type'));
  return (
    <Group title={name} b={group} className="field">
      <ItemActions id={group.id} name={name.toLowerCase()} removeLabel="Remove field" {...actions} />
      <SelectControl
        b={{
          ...typeBound,
          value: FIELD_TYPES.some(([t]) => t === type) ? type : 'text',
          onChange: (t) => group.onChange(withType(field, String(t))),
        }}
      />
      <Controls bind={bind} paths={[p('label'), p('name'), p('required'), p('helper_text')]} />
      {DATE_FORMATS[type] ? <SelectControl b={bind(p('dateformat'))} options={DATE_FORMATS[type]} /> : null}
      {type === 'phone' ? <Control b={bind(p('phoneformat'))} /> : null}
      {CHOICE_TYPES.includes(type) ? (
        <Choices
          bind={bind}
          at={p('choices')}
          choices={Array.isArray(field.choices) ? (field.choices as RawField[]) : []}
        />
      ) : null}
      {type === 'smsphone' ? (
        <Controls
          bind={bind}
          paths={[
            p('legal.required'),
            p('legal.optional'),
            p('smsProgramData[0].imgSrc'),
            p('smsProgramData[0].requiredTemplate'),
            p('smsProgramData[0].optionalTemplate'),
          ]}
        />
      ) : null}
      <Controls bind={bind} paths={[p('merge_id'), p('group_id')]} />
    </Group>
  );
}
