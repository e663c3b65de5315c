/**
 * Where each field goes (spec 4.4, 5.5), pure: the main (e-mail) step, the SMS step, the GDPR block.
 */
import type { Field } from './fields';

/** What the placement rules read of the settings (src/popup/settings.ts `Settings`). */
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
}

/**
 * Spec 5.5: non-SMS fields are placed only when useEmailStep is Y (a form without an SMS field always places them:
 * it has no other step); GDPR is off without an e-mail field placed; marketing preferences appear only when GDPR is
 * on. An image field has nothing to post and is not placed.
 */
export const place = (s: PlaceSettings): Placement => {
  const sms = s.fields.find((f) => f.type == 'smsphone' && !f.mpId) || null;
  const main = sms && !s.emailStep ? [] : s.fields.filter((f) => !f.mpId && f.type != 'smsphone' && f.type != 'image');
  const gdprOn = s.gdpr && s.gdprPlaced && main.some((f) => f.type == 'email');
  return { main, sms, gdpr: gdprOn ? s.fields.filter((f) => f.mpId) : [], gdprOn };
};

/** The steps of spec 4.4. 'email' is the only step of a form without SMS. */
export type Step = 'email' | 'sms';

/** The first step: the SMS step when there is an SMS field and no e-mail step (spec 4.4), else the e-mail step. */
export const firstStep = (pl: Placement): Step => (pl.sms && !pl.main.length ? 'sms' : 'email');
