/**
 * The settings as the provider answers a visitor's form-settings call (spec 7.1), pure, so that the provider and the
 * studio's stage (which shows a draft as a visitor would get it) give the popup the same object: addresses that are
 * paths on this provider (the demo forms' images, an SMS program's image, spec 3.4 smsProgramData[].imgSrc) made
 * protocol-relative on its host (the popup takes only http(s) or protocol-relative ones), appDomain defaulting to the
 * host, this provider's powered-by badge (docs/decisions/powered-by-badge.md), the operator's whatever the form
 * says, and the form's direction its language's when it sets none (language.ts `formDirection`). The answer says the
 * provider counts shown and closed (issue 36 item 2: `providerCounts`, read by src/form-model/form.ts).
 */

import { formDirection } from './language';

/** The badge a provider names itself with, or false for none (the settings answer's `poweredBy`). */
export type PoweredBy = false | { text: string; url: string };

type Settings = Record<string, unknown>;

/** `v` on `host` when it is a path starting with one '/'. */
const onHost = (v: unknown, host: string): unknown =>
  typeof v === 'string' && /^\/(?!\/)/.test(v) ? `//${host}${v}` : v;

/** The fields with their SMS program images on `host`. */
const fieldsOnHost = (fields: unknown[], host: string): unknown[] =>
  fields.map((f) => {
    const data = (f as Settings | null)?.smsProgramData;
    if (!Array.isArray(data)) return f;
    const on = (d: unknown) =>
      d && typeof d === 'object' ? { ...d, imgSrc: onHost((d as Settings).imgSrc, host) } : d;
    return { ...(f as Settings), smsProgramData: data.map(on) };
  });

/** `settings` as a visitor of the provider on `host` gets them; `badge` undefined leaves `poweredBy` as it is. */
export const forVisitor = (settings: Settings, host: string, badge?: PoweredBy): Settings => {
  const out: Settings = { ...settings };
  for (const k of ['imageUrl', 'rewardsUrl']) if (k in out) out[k] = onHost(out[k], host);
  if (Array.isArray(out.fields)) out.fields = fieldsOnHost(out.fields, host);
  if (!out.appDomain) out.appDomain = host;
  if (badge !== undefined) out.poweredBy = badge;
  // The form's direction, its language's when it sets none (language.ts): the popup reads `dir` only.
  const dir = formDirection(out.dir, out.lang);
  if (dir) out.dir = dir;
  out.providerCounts = true;
  return out;
};
