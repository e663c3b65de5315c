/**
 * Every field type of spec 3.4, written out from the spec rather than read from src/form-model/types.ts, so the tests
 * that draw or walk every type notice a type the model drops or adds. One list for every layer.
 */
import type { FieldType } from '../src/form-model/types';

export const FIELD_TYPES: readonly FieldType[] = [
  'email',
  'address',
  'birthday',
  'date',
  'phone',
  'smsphone',
  'number',
  'select',
  'dropdown',
  'radio',
  'checkbox',
  'url',
  'image',
  'text',
];
