/**
 * The provider's load cases on each store (issue 15): SQLite with one process, then PostgreSQL with one process and
 * with two (PROVIDER_WORKERS=2), and the kill -9 check on two (bench/kill.ts). PostgreSQL is DATABASE_URL, or a
 * throwaway cluster (bench/postgres.ts); without either, its rows are skipped with the reason.
 */
import { killCheck, type KillResult } from './kill';
import { providerLoad, type LoadResult } from './load';
import { postgres } from './postgres';

/** Every load figure of one run. */
export interface StoreLoad {
  rows: LoadResult[];
  /** The kill -9 check, or why it did not run. */
  kill: KillResult | string;
  /** Where the PostgreSQL rows ran, or why they did not. */
  postgres: string;
}

/** Runs every case for `seconds` each against `server`. */
export async function storeLoad(seconds: number, server = 'dist-node/main.mjs'): Promise<StoreLoad> {
  const rows = await providerLoad(seconds, server, { store: 'SQLite' });
  const pg = await postgres();
  if (typeof pg === 'string') {
    process.stderr.write(`!!! PostgreSQL load rows SKIPPED: ${pg}\n`);
    return { rows, kill: `skipped: ${pg}`, postgres: `skipped: ${pg}` };
  }
  let kill: KillResult | string;
  try {
    for (const processes of [1, 2]) {
      const schema = await pg.schema();
      try {
        rows.push(
          ...(await providerLoad(seconds, server, { store: 'PostgreSQL', databaseUrl: schema.url, processes })),
        );
      } finally {
        await schema.drop();
      }
    }
    const schema = await pg.schema();
    try {
      kill = await killCheck(schema.url, server);
    } finally {
      await schema.drop();
    }
  } finally {
    pg.stop();
  }
  return { rows, kill, postgres: pg.label };
}

/** The load rows as a markdown table. */
export const loadTable = (rows: LoadResult[]): string =>
  [
    '| store | processes | case | requests/s | p99 ms | errors | non-2xx | total | server CPU µs/request |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.store} | ${r.processes} | ${r.name} | ${r.requestsPerSecond} | ${r.p99ms} | ${r.errors} | ` +
        `${r.non2xx} | ${r.total} | ${r.cpuUsPerRequest ?? 'n/a'} |`,
    ),
  ].join('\n');

/** The kill -9 check in a sentence. */
export const killLine = (k: KillResult | string): string =>
  typeof k === 'string'
    ? `kill -9 check ${k}`
    : `kill -9 of one of ${k.processes} processes mid-stream, ${k.seconds} s of subscribes over 32 connections: ` +
      `${k.acknowledged.toLocaleString('en')} answered with success (${k.perSecond.toLocaleString('en')}/s), ` +
      `**${k.found.toLocaleString('en')} of them in the store afterwards** ` +
      `(${k.acknowledged - k.found} missing); ${k.cut} requests cut off without an answer by the kill, ` +
      `${k.refused} refused; the killed process ${k.replaced ? 'was replaced by a new one' : 'was not replaced'}.`;
