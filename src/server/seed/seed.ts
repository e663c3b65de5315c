import { randomBytes } from 'node:crypto';
import { deletedDemoKey } from '../db/form-edits';
import type { Queryable } from '../store/types';
import { DEMO_FORMS, DEMO_UUID } from './forms';

/** The welcome campaign of each list: its id is `c` + the lid, the mc_cid of the links in welcome e-mails. */
export const welcomeCampaignId = (lid: string): string => `c${lid}`;

/**
 * Seeds the demo lists, forms and campaigns. Runs on every start: rows that exist keep their data, and the demo
 * forms' settings are refreshed from the code, so a provider upgraded in place shows the current demo forms, but only
 * while the owner has never saved the form (saved_at null, issue 33): an owner's edit outlives every restart, and a
 * demo form the owner deleted stays deleted (form-edits.ts deleteForm). A refresh is a new revision, so an editor
 * open on the old one is told before it saves over it. A form whose stored row already matches is not written, so a
 * start (of one of N processes) does not empty every process's forms cache. Subscribers are never touched. The
 * captcha signing secret is created once.
 */
export const seed = (store: Queryable): Promise<void> =>
  store.tx(async (q) => {
    const now = new Date().toISOString();
    await q.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
      'secret',
      randomBytes(32).toString('hex'),
    ]);
    // Read whole: a LIKE's '_' matches itself too, and the few keys it finds are compared exactly below.
    const deleted = new Set(
      (await q.all<{ key: string }>("SELECT key FROM meta WHERE key LIKE 'deleted_demo_form:%'")).map((r) => r.key),
    );
    for (const [i, f] of DEMO_FORMS.entries()) {
      await q.run('INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING', [
        f.lid,
        DEMO_UUID,
        `Demo Goods: ${f.title}`,
        now,
      ]);
      if (!deleted.has(deletedDemoKey(f.key)))
        await q.run(
          `INSERT INTO forms (list_id, f_id, demo_key, title, settings, require_consent, position)
          VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, f_id) DO UPDATE SET demo_key = excluded.demo_key,
          title = excluded.title, settings = excluded.settings, require_consent = excluded.require_consent,
          position = excluded.position, revision = forms.revision + 1 WHERE forms.saved_at IS NULL
          AND (forms.demo_key IS DISTINCT FROM excluded.demo_key OR forms.title <> excluded.title
          OR forms.settings <> excluded.settings OR forms.require_consent <> excluded.require_consent
          OR forms.position <> excluded.position)`,
          [f.lid, f.fId, f.key, f.title, JSON.stringify(f.settings), f.requireConsent ? 1 : 0, i],
        );
      await q.run(
        'INSERT INTO campaigns (id, list_id, subject, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
        [welcomeCampaignId(f.lid), f.lid, `Welcome to Demo Goods: ${f.title}`, now],
      );
    }
  });
