/**
 * TEMPORARY (branch studio-server): a minimal stand-in for part B's checkSettings (branch studio-model, STUDIO.md),
 * with its signature, so the owner API compiles and its 422 path is tested meanwhile. The lead replaces this file by
 * studio-model's at the merge.
 */

/** What the popup would refuse or misread in a form's settings, by the settings' path. */
export interface Problem {
  path: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The problems of `raw` as settings (spec 3.2–3.4): a few of what part B checks. Pure, never throws. */
export const checkSettings = (raw: unknown): Problem[] => {
  if (!isObject(raw)) return [{ path: '', message: 'The settings must be an object.' }];
  const out: Problem[] = [];
  const t = raw.template;
  if (t !== undefined && !(Number.isInteger(Number(t)) && Number(t) >= 1 && Number(t) <= 5))
    out.push({ path: 'template', message: 'Template must be one of 1 to 5.' });
  const fields = raw.fields;
  if (!Array.isArray(fields)) return [...out, { path: 'fields', message: 'The form needs its fields.' }];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const name = isObject(f) && typeof f.name === 'string' ? f.name.trim() : '';
    if (!name) out.push({ path: `fields[${i}].name`, message: 'Each field needs a merge tag (its name).' });
    else if (seen.has(name)) out.push({ path: `fields[${i}].name`, message: `Two fields are named ${name}.` });
    seen.add(name);
  });
  return out;
};
