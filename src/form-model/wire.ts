/**
 * The wire: every name and value a submit posts (spec 3.5, 7.1 reading (a)), as one codec pair. `encode` is what the
 * popup sends, what a browser would serialise from the rendered inputs; `decode` is how the provider reads it back.
 * decode(encode(x)) is x (test/unit/form-model-wire.test.ts). Pure: no DOM.
 */
import type { Field } from './fields';
import { type Input, inputsOf } from './field-inputs';
import type { Parts } from './parts';

/** Posted name and element id of the required SMS acknowledgement checkbox (spec 3.5, 5.5). */
export const ACK_NAME = 'mc-SMSPHONE-ack';
/** What the acknowledgement posts when ticked (spec 3.5). */
export const ACK_VALUE = 'true';
/** The honeypot input's name (spec 3.5): b_{uuid}_{lid}. */
export const honeypotName = (uuid: string, lid: string): string => `b_${uuid}_${lid}`;

/**
 * The type of a success answer (spec 3.6, 4.5 step 5): 'confirmation' under double opt-in (the modal stays, its
 * message in 24 px Arial), else 'custom' (the message as given). The provider answers it (src/server/subscribe/
 * submit.ts) and the owner preview simulates it (src/popup/form/transport.ts), so the preview looks as a visit will.
 */
export const successType = (doubleOptIn: boolean): 'confirmation' | 'custom' =>
  doubleOptIn ? 'confirmation' : 'custom';

/** A flat query of posted names and values. */
export type Query = Record<string, string>;
/** Values of every field by name: its `Parts` (src/form-model/rules.ts). */
export type Values = Record<string, Parts>;

/**
 * The inputs of a multi-part field in screen order: birthday and date show day before month for DD/MM formats,
 * and the year stays last (spec 3.4, 3.5).
 */
export const screenOrder = (f: Field): Input[] => {
  const all = inputsOf(f);
  const m = all.findIndex((x) => x.key === 'month');
  if (f.dayFirst && m >= 0) [all[m], all[m + 1]] = [all[m + 1], all[m]];
  if (all[0] && all[0].key === 'year') all.push(all.shift()!);
  return all;
};

/** What a submit carries: the fields' values, the SMS acknowledgement, the honeypot (spec 3.5 form extras). */
export interface Submission {
  values: Values;
  /** The acknowledgement was ticked and posts (only a required SMS field has one, spec 5.5). */
  ack: boolean;
  /** What the hidden honeypot input holds: '' from a person. */
  honeypot: string;
}

/**
 * The posted query of a submit of `fields` for list `uuid`/`lid` (spec 7.1 reading (a); u, id and f_id are the
 * caller's). Inputs that always post do so even when empty; checkboxes and radios post only when checked, as in a
 * real form submission.
 */
export const encode = (fields: Field[], s: Submission, uuid: string, lid: string): Query => {
  const q: Query = { popup: 'true' };
  for (const f of fields) {
    const p = s.values[f.name] || {};
    for (const i of inputsOf(f))
      if (i.value == null) q[i.name] = p[i.key] || '';
      else if (p[i.key] === i.value) q[i.name] = i.value;
  }
  q[honeypotName(uuid, lid)] = s.honeypot;
  if (s.ack) q[ACK_NAME] = ACK_VALUE;
  return q;
};

/**
 * A posted query read back into the submission of `fields` (the provider's side of `encode`). Missing inputs read
 * as ''; a checkbox choice is absent unless it posted. Values are kept as posted, whatever they hold: the rules and
 * the store judge them (src/form-model/rules.ts, src/server/subscribe/collect.ts).
 */
export const decode = (
  q: Record<string, string | undefined>,
  fields: Field[],
  uuid: string,
  lid: string,
): Submission => {
  const values: Values = {};
  for (const f of fields) {
    const p: Parts = (values[f.name] = {});
    const box = f.row.posts === 'each' || f.row.posts === 'consent';
    for (const i of inputsOf(f)) {
      const v = typeof q[i.name] === 'string' ? (q[i.name] as string) : '';
      // A ticked box posts its own value (spec 3.5: a checkbox choice its value, a GDPR box Y); anything else, "N"
      // or "0" included, is not a tick. An unticked choice is left out, not ''; an unticked consent reads ''.
      if (!box) p[i.key] = v;
      else if (v === i.value) p[i.key] = v;
      else if (!i.key) p[i.key] = '';
    }
  }
  return { values, ack: q[ACK_NAME] === ACK_VALUE, honeypot: q[honeypotName(uuid, lid)] || '' };
};
