/**
 * The provider's secret (meta 'secret', created once by the seed, src/server/seed/seed.ts): it signs captcha
 * challenges and derives the web-engagement ids of signup answers. It never changes, so a process reads it once per
 * store; every process on one store reads the same one (docs/decisions/shared-state-in-the-store.md).
 */
import { createHmac } from 'node:crypto';
import type { Store } from '../store/types';

const secrets = new WeakMap<Store, Promise<string>>();

/** The secret of `store`; rejects when the store was not seeded. */
export const storeSecret = (store: Store): Promise<string> => {
  let s = secrets.get(store);
  if (!s) {
    s = store.get<{ value: string }>("SELECT value FROM meta WHERE key = 'secret'").then((r) => {
      if (!r) throw Error('the store has no secret: it was not seeded');
      return r.value;
    });
    // A failed read is not kept: the next use asks again.
    s.catch(() => secrets.delete(store));
    secrets.set(store, s);
  }
  return s;
};

/** HMAC-SHA-256 of `text` under `key`, as hex. */
export const mac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

/**
 * A key of its own for `purpose`, derived from the secret, so that no two uses of the secret can be made to sign the
 * same text for each other.
 */
export const purposeKey = (secret: string, purpose: string): string => mac(secret, `purpose\n${purpose}`);
