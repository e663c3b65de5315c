/**
 * Reading a query string into single values. Every parameter of the provider's calls is a single value (spec 3.5:
 * checkbox choices are NAME[value], not repeated NAMEs), so a name repeated with another value is an error the caller
 * answers, never a value that silently becomes an array somewhere down the line. A name repeated with the same value
 * is that value: Mailchimp's own loader asks `form-settings?u=X&id=Y&u=X&id=Y&c=…` (issue 13 item 8), and identical
 * repeats leave nothing to choose between.
 */

/** A query read into single values, or the first name that was repeated with a different value. */
export type Query = { ok: true; values: Record<string, string> } | { ok: false; repeated: string };

/** Reads `params` into a plain object without a prototype (a `__proto__` parameter is just a name). */
export const readQuery = (params: URLSearchParams): Query => {
  const values: Record<string, string> = Object.create(null);
  let repeated = null as string | null; // not narrowed to null: the callback sets it
  // forEach, not for…of: no iterator and no [name, value] pair per parameter (every JSONP call reads its query).
  params.forEach((v, k) => {
    if (repeated !== null) return;
    if (!(k in values)) values[k] = v;
    else if (values[k] !== v) repeated = k;
  });
  return repeated === null ? { ok: true, values } : { ok: false, repeated };
};
