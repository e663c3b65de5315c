import { seed } from '../seed/seed';
import { openStore } from '../store/open';
import type { Store } from '../store/types';
import { migrate } from './migrate';

/**
 * Opens the provider's store at `target` (a SQLite file, created with its folder, or a postgres:// URL; see
 * src/server/store/open.ts), migrates it and seeds the demo lists and forms.
 */
export const openDb = async (target: string): Promise<Store> => {
  const store = await openStore(target);
  try {
    await migrate(store);
    await seed(store);
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
};
