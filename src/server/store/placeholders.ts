/**
 * `?` placeholders to PostgreSQL's numbered ones ($1, $2 …), skipping quoted strings, quoted names and comments, so
 * that the provider's queries are written once (docs/decisions/one-store.md). Pure; each SQL text is translated once
 * and kept.
 */

const kept = new Map<string, string>();

/** `sql` with its n-th `?` outside quotes and comments replaced by `$n`. */
export const toNumbered = (sql: string): string => {
  let out = kept.get(sql);
  if (out !== undefined) return out;
  out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      // A quoted string or name runs to its closing quote; a doubled quote inside it is an escaped one.
      const end = sql.indexOf(ch, i + 1);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop + 1);
      i = stop;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === '?') out += `$${++n}`;
    else out += ch;
  }
  kept.set(sql, out);
  return out;
};
