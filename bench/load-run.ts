/**
 * Runs the provider load cases alone and prints their figures (bench/load.ts has the cases; `npm run bench` writes
 * bench/RESULTS.md).   node build.mjs --quiet && node bench/tsrun.mjs bench/load-run.ts [seconds] [server script]
 */
import { providerLoad } from './load';

const seconds = Number(process.argv[2]) || 10;
const rows = await providerLoad(seconds, process.argv[3]);
console.log(
  '| case | requests/s | p99 ms | errors | non-2xx | total | server CPU µs/request |\n' +
    '|---|---:|---:|---:|---:|---:|---:|',
);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${r.p99ms} | ${r.errors} | ${r.non2xx} | ${r.total} | ` +
      `${r.cpuUsPerRequest ?? 'n/a'} |`,
  );
