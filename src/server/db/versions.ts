/**
 * A form's saved versions (docs/decisions/owner-api-revisions.md): the form as each save left it, the newest
 * KEEP_VERSIONS kept, listed with their time, any of them readable (and restored by a save of its settings,
 * src/server/studio/api-forms.ts).
 */
import type { Queryable } from '../store/types';
import type { VersionSummary } from '../../owner-api';

/** Versions kept per form (docs/decisions/owner-api-revisions.md: "the last 20 saved versions"). */
export const KEEP_VERSIONS = 20;

/** A version whole. */
export interface Version extends VersionSummary {
  settings: Record<string, unknown>;
  requireConsent: boolean;
}

/** A form's state as a version row keeps it (settings as their stored JSON text). */
export interface VersionRow {
  revision: number;
  title: string;
  settings: string;
  requireConsent: boolean;
  savedAt: string | null;
}

/** Keeps `v` as a version of form `lid`/`fId`; a version already kept for that revision stays as it is. */
export const keepVersion = async (q: Queryable, lid: string, fId: string, v: VersionRow): Promise<void> => {
  await q.run(
    `INSERT INTO form_versions (list_id, f_id, revision, title, settings, require_consent, saved_at)
      VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, f_id, revision) DO NOTHING`,
    [lid, fId, v.revision, v.title, v.settings, v.requireConsent ? 1 : 0, v.savedAt],
  );
};

/** Drops all but the newest KEEP_VERSIONS versions of form `lid`/`fId`. */
export const pruneVersions = async (q: Queryable, lid: string, fId: string): Promise<void> => {
  await q.run(
    `DELETE FROM form_versions WHERE list_id = ? AND f_id = ? AND revision NOT IN (
      SELECT revision FROM form_versions WHERE list_id = ? AND f_id = ? ORDER BY revision DESC LIMIT ?)`,
    [lid, fId, lid, fId, KEEP_VERSIONS],
  );
};

/** The versions of form `lid`/`fId`, newest first. */
export const listVersions = (q: Queryable, lid: string, fId: string): Promise<VersionSummary[]> =>
  q.all<VersionSummary>(
    `SELECT revision, saved_at AS "savedAt", title FROM form_versions WHERE list_id = ? AND f_id = ?
      ORDER BY revision DESC`,
    [lid, fId],
  );

/** Version `revision` of form `lid`/`fId`, or null when it is not kept. */
export const getVersion = async (q: Queryable, lid: string, fId: string, revision: number): Promise<Version | null> => {
  const r = await q.get<{ revision: number; saved_at: string | null; title: string; settings: string; rc: number }>(
    `SELECT revision, saved_at, title, settings, require_consent AS rc FROM form_versions
      WHERE list_id = ? AND f_id = ? AND revision = ?`,
    [lid, fId, revision],
  );
  if (!r) return null;
  return {
    revision: r.revision,
    savedAt: r.saved_at,
    title: r.title,
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    requireConsent: r.rc === 1,
  };
};
