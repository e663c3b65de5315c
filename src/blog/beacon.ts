import type { LinkKind } from './stats';

/**
 * The statistics beacons the blog script sends and the server records (spec 3.9, 7.3): a page view carrying the
 * blog id and post id, and a link click from the click tracker started with blog id, post id and a mode value.
 * Short keys: these bodies are written by the blog script, where every byte counts.
 */
export type Beacon =
  | { t: 'view'; b: number; p: number; u: string }
  | { t: 'click'; b: number; p: number; m: string; k: LinkKind; h: string };

const KINDS = ['download', 'outbound', 'link'];
const id = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** A non-empty string of at most `max` characters, without U+0000 (which PostgreSQL cannot store in text). */
const str = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max && !v.includes('\0');

/** Reads a beacon body; null for anything malformed, over-long or of an unknown type (the server then ignores it). */
export const parseBeacon = (body: string): Beacon | null => {
  if (body.length > 4096) return null;
  let o: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(body);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    o = v as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!id(o.b) || !id(o.p)) return null;
  if (o.t === 'view' && str(o.u, 2000) && o.u.startsWith('/')) return { t: 'view', b: o.b, p: o.p, u: o.u };
  if (
    o.t === 'click' &&
    str(o.m, 20) &&
    typeof o.k === 'string' &&
    KINDS.includes(o.k) &&
    str(o.h, 2000) &&
    /^https?:\/\//.test(o.h)
  )
    return { t: 'click', b: o.b, p: o.p, m: o.m, k: o.k as LinkKind, h: o.h };
  return null;
};
