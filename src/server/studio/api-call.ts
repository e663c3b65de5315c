/**
 * What every owner API handler shares (src/server/studio/api.ts): the call it answers, and the readers of its body's
 * fields and its If-Match header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteContext } from '../route';

/** One API call, its path's parameters decoded and its JSON body (an object) read. */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: RouteContext;
  url: URL;
  /** The path's parameters, percent-decoded, in order: a list id, a form id, a revision, an address. */
  params: string[];
  /** The JSON body, an object; empty when the request had none. */
  body: Record<string, unknown>;
  /** A HEAD request: headers only. */
  head: boolean;
}

/** A handler of one method of one path. */
export type Handler = (c: Call) => Promise<void>;

/** The longest list name or form title taken. */
export const NAME_MAX = 200;

/** A name or title from `v`: a string, trimmed, of 1 to NAME_MAX characters without control characters; else null. */
export const nameOf = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t && t.length <= NAME_MAX && !/[\u0000-\u001f\u007f]/.test(t) ? t : null;
};

/** What an If-Match header asks: a revision, any revision (`*`), none (absent), or something unreadable. */
export type IfMatch = { kind: 'revision'; revision: number } | { kind: 'any' } | { kind: 'absent' } | { kind: 'bad' };

/**
 * The If-Match header of `req`: the form's revision as its ETag names it (`"12"`, also written bare or weak), or `*`
 * (whatever the revision: a script that means to overwrite).
 */
export const ifMatch = (req: IncomingMessage): IfMatch => {
  const h = req.headers['if-match'];
  if (h === undefined) return { kind: 'absent' };
  const t = h.trim();
  if (t === '*') return { kind: 'any' };
  const m = /^(?:W\/)?"(\d{1,9})"$|^(\d{1,9})$/.exec(t);
  return m ? { kind: 'revision', revision: Number(m[1] ?? m[2]) } : { kind: 'bad' };
};

/** The ETag of a revision. */
export const etagOf = (revision: number): string => `"${revision}"`;
