/**
 * Where each field goes (spec 2.2, 4.4, 5.5), pure: the main (e-mail) step, the SMS step, the GDPR block. The popup
 * shows exactly these fields and the provider checks exactly these, from the same settings (src/form-model/form.ts).
 */
import type { Field } from './fields';

/** What the placement rules read of the settings (src/form-model/form.ts `FormModel`). */
export interface PlaceSettings {
  fields: Field[];
  /** hasGdprEnabled, already off when the form has no e-mail field (spec 5.5). */
  gdpr: boolean;
  /** Template 5 in the modal variation places no GDPR block (spec 2.2). */
  gdprPlaced: boolean;
  /** useEmailStep. */
  emailStep: boolean;
}

/** The fields of each part of the form. */
export interface Placement {
  /** Fields of the e-mail step (every field but the SMS phone and the GDPR checkboxes); empty when not placed. */
  main: Field[];
  /** The SMS phone field (the first smsphone); null when the form has none: then there is one step only. */
  sms: Field | null;
  /** GDPR marketing-preference checkboxes; empty unless the GDPR block is shown. */
  gdpr: Field[];
  /** Whether the GDPR block shows. */
  gdprOn: boolean;
  /** A required SMS field: the acknowledgement shows and must be ticked, the opt-out is hidden (spec 5.5). */
  ack: boolean;
}

/**
 * Spec 5.5: non-SMS fields are placed only when useEmailStep is Y (a form without an SMS field always places them:
 * it has no other step); GDPR is off without an e-mail field placed, and without a block to show it in (template 5
 * in the modal variation, spec 2.2); marketing preferences appear only when GDPR is on. A field with nothing to post
 * (image) is not placed; a second SMS phone is not either (the SMS step has one input).
 */
export const place = (s: PlaceSettings): Placement => {
  const sms = s.fields.find((f) => f.row.role === 'sms') || null;
  const main =
    sms && !s.emailStep ? [] : s.fields.filter((f) => f.row.posts && f.row.posts !== 'consent' && f.row.role !== 'sms');
  const gdprOn = s.gdpr && s.gdprPlaced && main.some((f) => f.row.role === 'email');
  return {
    main,
    sms,
    gdpr: gdprOn ? s.fields.filter((f) => f.row.posts === 'consent') : [],
    gdprOn,
    ack: !!sms && sms.required,
  };
};

/**
 * The fields a submit sends (spec 4.4, 4.5): the e-mail step's and the GDPR checkboxes, and the SMS phone unless
 * the visitor opted out of texts ('No, I don't want texts').
 */
export const sent = (pl: Placement, withSms: boolean): Field[] => [
  ...pl.main,
  ...pl.gdpr,
  ...(withSms && pl.sms ? [pl.sms] : []),
];

/** Every field a submit of this placement may carry: what the provider reads back (src/form-model/wire.ts). */
export const carried = (pl: Placement): Field[] => sent(pl, true);

/** The steps of spec 4.4. 'email' is the only step of a form without SMS. */
export type Step = 'email' | 'sms';

/** The first step: the SMS step when there is an SMS field and no e-mail step (spec 4.4), else the e-mail step. */
export const firstStep = (pl: Placement): Step => (pl.sms && !pl.main.length ? 'sms' : 'email');

/**
 * Whether the popup needs form-extras.js for what it places: a field whose row says so (anything beyond a single
 * input, and the SMS step), or the GDPR block.
 */
export const needsExtras = (pl: Placement): boolean => pl.gdprOn || [pl.sms, ...pl.main].some((f) => f && f.row.extras);
