/**
 * The field registry: the component of each row of the type table (src/form-model/types.ts `Ui`). The table says
 * which one a field type takes; this is the only place that knows the components.
 */
import type { FunctionComponent } from 'react';
import type { Field } from '../../form-model/fields';
import type { Ui } from '../../form-model/types';
import { Single, type FieldProps } from './inputs';
import { extra } from './lazy';

/**
 * Ui → component. Single ships in popup.js; every other one is form-extras.js's component of the same name
 * (src/popup/form/form-extras.ts, loaded before the modal shows), through one stand-in each, made when first needed.
 */
const made: Partial<Record<Ui, FunctionComponent<FieldProps>>> = { Single };

/** The component of a placed field (placed fields all have one: src/form-model/place.ts). */
export const componentOf = (f: Field): FunctionComponent<FieldProps> =>
  (made[f.row.ui!] ||= extra(f.row.ui as Exclude<Ui, 'Single'>));
