/**
 * Reading a query string into single values. Every parameter of the provider's calls is a single value (spec 3.5:
 * checkbox choices are NAME[value], not repeated NAMEs), so a repeated name is an error the caller answers, never a
 * value that silently becomes an array somewhere down the line.
 */

/** A query read into single values, or the first name that was repeated. */
export type Query = { ok: true; values: Record<string, string> } | { ok: false; repeated: string };

/** Reads `params` into a plain object without a prototype (a `__proto__` parameter is just a name). */
export const readQuery = (params: URLSearchParams): Query => {
  const values: Record<string, string> = Object.create(null);
  let repeated = null as string | null; // not narrowed to null: the callback sets it
  // forEach, not for…of: no iterator and no [name, value] pair per parameter (every JSONP call reads its query).
  params.forEach((v, k) => {
    if (repeated !== null) return;
    if (k in values) repeated = k;
    else values[k] = v;
  });
  return repeated === null ? { ok: true, values } : { ok: false, repeated };
};
