/**
 * The schema, as numbered migrations. `PRAGMA user_version` holds how many have run; each runs once, in its own
 * transaction, so a database from any earlier version of the provider is brought up to date on start.
 * Append new migrations; never edit one that has shipped.
 */
import type Database from 'better-sqlite3';

/** Migration n is MIGRATIONS[n - 1]. */
export const MIGRATIONS: readonly string[] = [
  `
  -- Provider-wide values (the secret that signs captcha challenges).
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

  -- An audience (spec 3.1 lid) of an account (spec 3.1 uuid).
  CREATE TABLE lists (
    id TEXT PRIMARY KEY,
    uuid TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;

  -- A signup form (spec 3.1 f_id) and its settings object (spec 3.2) as JSON. require_consent: the provider refuses
  -- a signup that grants no GDPR marketing permission (spec 3.6 gdpr_error).
  CREATE TABLE forms (
    list_id TEXT NOT NULL REFERENCES lists(id),
    f_id TEXT NOT NULL,
    demo_key TEXT UNIQUE,
    title TEXT NOT NULL,
    settings TEXT NOT NULL CHECK (json_valid(settings)),
    require_consent INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (list_id, f_id)
  ) STRICT;

  -- A contact of a list. contact_key is the lower-cased e-mail ('e:…'), or the SMS number's digits ('s:…') for an
  -- SMS-only signup: one row per person per list, whatever case the address is typed in.
  CREATE TABLE subscribers (
    id INTEGER PRIMARY KEY,
    list_id TEXT NOT NULL REFERENCES lists(id),
    contact_key TEXT NOT NULL,
    email TEXT,
    eid TEXT NOT NULL UNIQUE,
    web_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
    merge_fields TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(merge_fields)),
    sms_phone TEXT,
    sms_status TEXT CHECK (sms_status IN ('pending', 'subscribed')),
    form_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    confirmed_at TEXT,
    UNIQUE (list_id, contact_key)
  ) STRICT;

  -- GDPR marketing permissions (spec 3.4 marketing_preference_id) a subscriber granted or withheld.
  CREATE TABLE consents (
    subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
    marketing_preference_id TEXT NOT NULL,
    granted INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (subscriber_id, marketing_preference_id)
  ) STRICT;

  -- Campaigns sent to a list: their id is the mc_cid of the links in them (spec 4.1, 7.1).
  CREATE TABLE campaigns (
    id TEXT PRIMARY KEY,
    list_id TEXT NOT NULL REFERENCES lists(id),
    subject TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;

  -- Pending double opt-in confirmations: the token of the link in the confirmation e-mail.
  CREATE TABLE confirmations (
    token TEXT PRIMARY KEY,
    subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) STRICT;

  -- E-mail the provider would send, readable at /mailbox.
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    list_id TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;

  -- Captcha challenges answered: each may subscribe once.
  CREATE TABLE captcha_used (nonce TEXT PRIMARY KEY, expires_at TEXT NOT NULL) STRICT;
  `,
  `
  -- A counter every change to forms or lists bumps. The provider keeps parsed forms and their serialized settings in
  -- memory (issue 8 load) and reads this one value per request, so an edit from any connection shows at once.
  INSERT INTO meta (key, value) VALUES ('forms_rev', '0') ON CONFLICT (key) DO NOTHING;
  CREATE TRIGGER forms_rev_forms_insert AFTER INSERT ON forms BEGIN
    UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'forms_rev'; END;
  CREATE TRIGGER forms_rev_forms_update AFTER UPDATE ON forms BEGIN
    UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'forms_rev'; END;
  CREATE TRIGGER forms_rev_forms_delete AFTER DELETE ON forms BEGIN
    UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'forms_rev'; END;
  CREATE TRIGGER forms_rev_lists_update AFTER UPDATE ON lists BEGIN
    UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'forms_rev'; END;
  CREATE TRIGGER forms_rev_lists_delete AFTER DELETE ON lists BEGIN
    UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'forms_rev'; END;
  `,
];

/** Runs the migrations `db` has not had yet; returns the schema version it is at afterwards. */
export const migrate = (db: Database.Database): number => {
  const at = db.pragma('user_version', { simple: true }) as number;
  if (at > MIGRATIONS.length) throw Error(`database schema ${at} is newer than this provider (${MIGRATIONS.length})`);
  for (let n = at + 1; n <= MIGRATIONS.length; n++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[n - 1]);
      db.pragma(`user_version = ${n}`);
    })();
  }
  return MIGRATIONS.length;
};
