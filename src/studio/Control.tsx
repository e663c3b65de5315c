/** The control of a setting by its kind in the catalogue (catalogue.ts), and a group of them under a heading. */
import type { ReactNode } from 'react';
import type { Bind, Bound } from './bind';
import { ColourInput } from './ColourInput';
import { FlagControl, LongControl, Notes, NumberControl, SelectControl, TextControl } from './Controls';
import { RichText } from './RichText';

export function Control({ b }: { b: Bound }) {
  switch (b.def.kind) {
    case 'rich':
      return <RichText b={b} />;
    case 'long':
      return <LongControl b={b} />;
    case 'number':
      return <NumberControl b={b} />;
    case 'flag':
      return <FlagControl b={b} />;
    case 'select':
      return <SelectControl b={b} numeric={b.path === 'settings.template'} />;
    case 'colour':
      return <ColourInput b={b} />;
    default:
      return <TextControl b={b} type={/Url$|imgSrc$/.test(b.path) ? 'url' : 'text'} />;
  }
}

/** The controls of `paths`, in order. */
export function Controls({ bind, paths }: { bind: Bind; paths: readonly string[] }) {
  return (
    <>
      {paths.map((p) => (
        <Control key={p} b={bind(p)} />
      ))}
    </>
  );
}

/**
 * A titled group of controls inside a section; with `b`, the group is the control of a setting that holds others
 * (a field, its choices, the validation messages): problems placed there are said under its title, and it takes focus.
 */
export function Group({
  title,
  b,
  children,
  className = '',
}: {
  title: ReactNode;
  b?: Bound;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={`group ${className}`}
      id={b?.id}
      tabIndex={b ? -1 : undefined}
      aria-describedby={b?.problems.length ? b.describedBy : undefined}
    >
      <legend>{title}</legend>
      {b ? <Notes b={b} /> : null}
      {children}
    </fieldset>
  );
}
