/**
 * The form model: what the popup and the provider both need of a form's settings (spec 2.2, 3.2, 3.4, 5.5), read once
 * from the raw settings by `readForm`. The popup's normaliser builds its `Settings` on it (src/popup/settings.ts); the
 * provider keeps one per cached form (src/server/db/forms.ts). Same settings in, same fields, flags and placement out.
 */
import { parseFields, type Field } from './fields';
import { place, type Placement } from './place';
import { num, obj, str, yes } from './raw';

/** Modal variations of spec 2.2. */
export type Variation = 'modal' | 'fixed' | 'slide';

/** A form's model. */
export interface FormModel {
  variation: Variation;
  /** 1–5; the fixed variation forces 1 (spec 2.2). */
  template: number;
  /** Every field of the settings, parsed (src/form-model/fields.ts). */
  fields: Field[];
  /** hasGdprEnabled, and off when the form has no e-mail field (spec 5.5). */
  gdpr: boolean;
  /** Template 5 in the 'modal' variation does not place the GDPR block (spec 2.2). */
  gdprPlaced: boolean;
  /** useEmailStep; absent counts as Y so that a form without SMS still shows its fields (spec 5.5). */
  emailStep: boolean;
  /**
   * Validation messages by key (spec 3.2, 5.3) and the built-in texts by their English (src/form-model/texts.ts): the
   * non-empty strings of `translations`.
   */
  translations: Record<string, string>;
  doubleOptIn: boolean;
  /** successMsg and doubleOptInSuccessMessage (spec 3.2): owner HTML, '' when none; the popup's and the provider's. */
  successMsg: string;
  doubleOptInMsg: string;
  /** The submit goes through the captcha path (spec 4.5 step 2). */
  captcha: boolean;
  /** Where each field goes (src/form-model/place.ts). */
  placement: Placement;
  /**
   * The provider counts what the popup shows (issue 36 item 2): its settings answer says `providerCounts: true`, and
   * the popup then reports shown and closed to it. Any other value, or none (a Mailchimp provider), sends nothing.
   */
  counting: boolean;
}

/** Reads the model of a raw settings object. Any JSON in; never throws. */
export const readForm = (raw: unknown): FormModel => {
  const r = obj(raw);
  // Read through str: comparing the raw value would call an object's own toString, which JSON can make anything
  // ({"toString": 1} throws).
  const v = str(r.modalVariation);
  const variation: Variation = v === 'fixed' || v === 'slide' ? v : 'modal';
  const t = Math.round(num(r.template, 1));
  // The fixed variation forces template 1 (spec 2.2).
  const template = variation === 'fixed' || !(t >= 1 && t <= 5) ? 1 : t;
  const fields = parseFields(r.fields);
  const translations: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(r.translations))) if (str(v)) translations[k] = str(v);
  const m = {
    variation,
    template,
    fields,
    gdpr: yes(r.hasGdprEnabled) && fields.some((f) => f.row.role === 'email'),
    gdprPlaced: !(template === 5 && variation === 'modal'),
    emailStep: r.useEmailStep == null || yes(r.useEmailStep),
    translations,
    successMsg: str(r.successMsg),
    doubleOptInMsg: str(r.doubleOptInSuccessMessage),
    doubleOptIn: yes(r.hasDoubleOptIn),
    captcha: yes(r.captcha),
  };
  return { ...m, placement: place(m), counting: r.providerCounts === true };
};
