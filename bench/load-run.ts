/**
 * Runs the provider load cases alone, on SQLite and on PostgreSQL (bench/store-load.ts), and prints their figures
 * (`npm run bench` writes them to bench/RESULTS.md).
 *   node build.mjs --quiet && node bench/tsrun.mjs bench/load-run.ts [seconds] [server script]
 */
import { killLine, loadTable, storeLoad } from './store-load';

const seconds = Number(process.argv[2]) || 10;
const r = await storeLoad(seconds, process.argv[3]);
console.log(loadTable(r.rows));
console.log(`\nPostgreSQL: ${r.postgres}.\n${killLine(r.kill)}`);
