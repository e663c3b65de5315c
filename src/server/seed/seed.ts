import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { DEMO_FORMS, DEMO_UUID } from './forms';

/** The demo campaign of each list: its id is `c` + the lid, the mc_cid of the links in welcome e-mails. */
export const demoCampaignId = (lid: string): string => `c${lid}`;

/**
 * Seeds the demo lists, forms and campaigns. Runs on every start: rows that exist keep their data, and the demo
 * forms' settings are refreshed from the code, so a provider upgraded in place shows the current demo forms.
 * Subscribers are never touched. The captcha signing secret is created once.
 */
export const seed = (db: Database.Database): void => {
  const now = new Date().toISOString();
  const list = db.prepare(
    'INSERT INTO lists (id, uuid, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const form = db.prepare(`INSERT INTO forms (list_id, f_id, demo_key, title, settings, require_consent, position)
    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, f_id) DO UPDATE SET demo_key = excluded.demo_key,
    title = excluded.title, settings = excluded.settings, require_consent = excluded.require_consent,
    position = excluded.position`);
  const campaign = db.prepare(
    'INSERT INTO campaigns (id, list_id, subject, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  db.transaction(() => {
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(
      'secret',
      randomBytes(32).toString('hex'),
    );
    DEMO_FORMS.forEach((f, i) => {
      list.run(f.lid, DEMO_UUID, `Demo Goods: ${f.title}`, now);
      form.run(f.lid, f.fId, f.key, f.title, JSON.stringify(f.settings), f.requireConsent ? 1 : 0, i);
      campaign.run(demoCampaignId(f.lid), f.lid, `Welcome to Demo Goods (${f.title})`, now);
    });
  })();
};
