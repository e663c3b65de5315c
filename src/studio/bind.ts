/**
 * What a control needs to show and change one setting, made from the editor's state by `binder`: the sections take a
 * `Bind` as a prop and hand each control its props, so controls know nothing of the editor's state.
 */
import { type ControlDef, control } from './catalogue';
import { controlId, type Draft, problemId } from './names';
import { getAt, pattern } from './paths';

export interface Bound {
  /** The draft path ('settings.fields[2].label'). */
  path: string;
  /** The DOM id of the control. */
  id: string;
  def: ControlDef;
  value: unknown;
  onChange(value: unknown): void;
  /** The problems of the form model's checks placed at this control. */
  problems: readonly string[];
  /** aria-describedby of the control: its hint and its problem line when shown. */
  describedBy: string | undefined;
}

export type Bind = (path: string) => Bound;

/** The binder over a draft, its edit function and the problems by control path. */
export const binder =
  (
    draft: Draft,
    edit: (path: string, value: unknown) => void,
    problems: ReadonlyMap<string, readonly string[]>,
  ): Bind =>
  (path) => {
    const def = control(pattern(path));
    const id = controlId(path);
    const mine = problems.get(path) || [];
    const ids = [def.hint ? id + '-hint' : '', mine.length ? problemId(path) : ''].filter(Boolean).join(' ');
    return {
      path,
      id,
      def,
      value: getAt(draft, path),
      onChange: (v) => edit(path, v),
      problems: mine,
      describedBy: ids || undefined,
    };
  };
