/**
 * The owner API's bodies as both ends read them (STUDIO.md "Owner API"): the provider builds them
 * (src/server/db, src/server/studio) and the studio shows them (src/studio/api.ts), from these one set of types, so
 * the two cannot drift apart.
 */
import type { MergeValue } from './form-model/store';

/** A form as the studio's home lists it. */
export interface FormSummary {
  lid: string;
  fId: string;
  title: string;
  /** The settings' modalVariation: modal, slide or fixed. */
  variation: string;
  template: number;
  /** Whether the form asks new subscribers to confirm (spec 3.2 hasDoubleOptIn): a list is what its forms ask. */
  doubleOptIn: boolean;
  revision: number;
  /** When the owner last saved it; null while it is as the seed wrote it. */
  savedAt: string | null;
  /** Shown and subscribed over the last 30 days: the list shows the conversion (docs/studio.md). */
  last30: { shown: number; subscribed: number };
}

/** A list with its counts and forms. */
export interface ListSummary {
  id: string;
  name: string;
  uuid: string;
  subscribed: number;
  pending: number;
  forms: FormSummary[];
}

/** One day of a form's counts; `date` is YYYY-MM-DD (UTC). */
export interface DayCounts {
  date: string;
  shown: number;
  closed: number;
  subscribed: number;
  confirmed: number;
}

/** A version as the list of versions shows it. */
export interface VersionSummary {
  revision: number;
  /** When it was saved; null for a revision the seed wrote. */
  savedAt: string | null;
  title: string;
}

/** One subscriber as the studio's table shows it. */
export interface SubscriberRow {
  id: number;
  /** Null for an SMS-only signup. */
  email: string | null;
  sms: string | null;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  formId: string | null;
  fields: Record<string, MergeValue>;
}

/** A page of a list's subscribers. */
export interface SubscriberPage {
  total: number;
  page: number;
  pageSize: number;
  rows: SubscriberRow[];
}

/** A form's four embed snippets (README "Embedding"). */
export interface Snippets {
  mailchimp: string;
  queued: string;
  tag: string;
  opener: string;
}
