/**
 * PostgreSQL for the load bench (issue 15): DATABASE_URL when it is set, else a throwaway cluster started here as
 * test/pg.sh starts one (test/pg-cluster.ts), stopped and removed afterwards. Each case gets a schema of its own.
 */
import pg from 'pg';
import { startCluster } from '../test/pg-cluster';

/** A PostgreSQL server to measure on. */
export interface Postgres {
  /** Where it is, for the results. */
  label: string;
  /** A new empty schema, as a URL whose search_path is it; `drop` removes it. */
  schema(): Promise<{ url: string; drop: () => Promise<void> }>;
  /** Stops and removes the cluster this module started (nothing for DATABASE_URL). */
  stop(): void;
}

const admin = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

/** DATABASE_URL, or a throwaway cluster; a string saying why not when there is neither. */
export async function postgres(): Promise<Postgres | string> {
  let url = process.env.DATABASE_URL || '';
  let stop = () => {};
  let label = 'DATABASE_URL';
  if (!url) {
    const cluster = await startCluster();
    if (typeof cluster === 'string') return `${cluster}; DATABASE_URL is not set`;
    label = `a throwaway ${cluster.version} cluster (default settings)`;
    url = cluster.url;
    stop = cluster.remove;
  }
  let n = 0;
  return {
    label,
    stop,
    schema: async () => {
      const name = `bench_${process.pid}_${++n}`;
      await admin(url, `CREATE SCHEMA ${name}`);
      return {
        url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${name}`)}`,
        drop: () => admin(url, `DROP SCHEMA ${name} CASCADE`),
      };
    },
  };
}
