/**
 * Front matter of a Markdown post: a `---` fenced block of `key: value` lines at the top of the file.
 * Only the subset the posts use (spec 1.2: server-rendered posts): scalar strings, numbers and booleans, with
 * optional single or double quotes. No package: a YAML parser would be most of the server's dependencies for this.
 */

/** A front-matter value. */
export type FrontValue = string | number | boolean;

/** The parsed file: its data and the Markdown body after the block. */
export interface FrontMatter {
  data: Record<string, FrontValue>;
  body: string;
}

const scalar = (raw: string): FrontValue => {
  const v = raw.trim();
  const q = v[0];
  if ((q === '"' || q === "'") && v.length > 1 && v.endsWith(q)) {
    const inner = v.slice(1, -1);
    return q === '"' ? inner.replace(/\\(["\\])/g, '$1') : inner.replace(/''/g, "'");
  }
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
};

/**
 * Splits a file into front matter and body. A file without a block has empty data; comment lines (`#`) and blank
 * lines are skipped.
 * @throws Error naming the line when a line is not `key: value` or the block is never closed.
 */
export const parseFrontMatter = (text: string): FrontMatter => {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n')) return { data: {}, body: src };
  const end = src.indexOf('\n---', 3);
  if (end < 0 || !/^\n---(\n|$)/.test(src.slice(end, end + 5))) throw Error('front matter: missing closing ---');
  const data: Record<string, FrontValue> = {};
  src
    .slice(4, end)
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim() || line.trimStart().startsWith('#')) return;
      const m = /^([A-Za-z_][\w-]*)\s*:(.*)$/.exec(line);
      if (!m) throw Error(`front matter: line ${i + 2} is not "key: value"`);
      data[m[1]] = scalar(m[2]);
    });
  return { data, body: src.slice(end + 4).replace(/^\n/, '') };
};
