/**
 * Which fields of a form's settings a submit carries (spec 5.5), read into typed definitions. The provider checks
 * exactly the fields the visitor was shown: GDPR permissions only when GDPR is on and the form has an e-mail field,
 * only the SMS field when the form skips the e-mail step.
 */
import { fieldType, type FieldType, type RuleField } from '../../validate/rules';

/** A field definition of the settings (spec 3.4), as the provider reads it. */
export interface FormField extends RuleField {
  type: FieldType;
  name: string;
  /** The key of this field's error in a submit answer (spec 3.6). */
  mergeId: string;
  /** Allowed values of a select, dropdown, radio or checkbox group. */
  choices: string[];
  /** Set on a GDPR marketing-permission checkbox (spec 3.4). */
  marketingPreferenceId: string | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Reads one raw field definition; null when it has no name to post under. */
export const readField = (raw: unknown): FormField | null => {
  if (!raw || typeof raw !== 'object') return null;
  const f = raw as Record<string, unknown>;
  const name = str(f.name);
  if (!name) return null;
  const choices = Array.isArray(f.choices)
    ? f.choices
        .map((c) => (c && typeof c === 'object' ? str((c as Record<string, unknown>).value) : ''))
        .filter((v) => v)
    : [];
  const mp = str(f.marketing_preference_id);
  return {
    type: fieldType(f.type),
    name,
    mergeId: str(f.merge_id) || name,
    required: f.required === true || f.required === 'Y' || f.required === 'true',
    usPhone: f.phoneformat === 'US',
    choices,
    marketingPreferenceId: mp || null,
  };
};

/** What a form's settings say about its fields. */
export interface Placement {
  /** Fields the visitor was shown and submits, GDPR permissions excluded. */
  fields: FormField[];
  /** GDPR marketing-permission checkboxes shown (empty when GDPR is off). */
  gdpr: FormField[];
  /** GDPR is on and shown (spec 5.5: never without an e-mail field). */
  gdprOn: boolean;
  /** The SMS phone field, when the form has one. */
  sms: FormField | null;
}

/** The fields a submit of these settings carries (spec 5.5). */
export const placement = (settings: Record<string, unknown>): Placement => {
  const all = (Array.isArray(settings.fields) ? settings.fields : []).map(readField).filter((f): f is FormField => !!f);
  const hasEmail = all.some((f) => f.type === 'email');
  const gdprOn = hasEmail && (settings.hasGdprEnabled === true || settings.hasGdprEnabled === 'Y');
  const sms = all.find((f) => f.type === 'smsphone') || null;
  const plain = all.filter((f) => !f.marketingPreferenceId);
  return {
    fields: sms && settings.useEmailStep === 'N' ? [sms] : plain,
    gdpr: gdprOn ? all.filter((f) => f.marketingPreferenceId) : [],
    gdprOn,
    sms,
  };
};
