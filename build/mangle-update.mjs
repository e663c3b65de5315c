// @ts-check
/**
 * `npm run mangle`: what mangle.json's list should be for today's sources (build/mangle.mjs has the rules).
 * Prints the listed names that may no longer be listed, and the names worth adding with the raw bytes each would save
 * in the renamed bundles. `npm run mangle -- --write` applies both: drops the first, adds the second and pins them to
 * short names terser picks over all renamed bundles at once (so no pin is a property anywhere), keeping every
 * existing pin. Run `node build.mjs` and `node test/run.mjs unit --grep mangle` after.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { bundle, jobs } from '../build.mjs';
import { codeFacts, nameRegex, rawNames, readMangle, refusal, sourceFacts } from './mangle.mjs';

/** A candidate must save at least this many raw bytes over all renamed bundles. */
const MIN_SAVING = 4;

const root = fileURLToPath(new URL('..', import.meta.url));
const write = process.argv.includes('--write');
const config = readMangle(root);
const facts = await sourceFacts(root, config);
const raw = await rawNames(root, config);

// popup.js first: the pins are named over it.
const renamed = jobs
  .filter((j) => j.terser?.mangle)
  .sort((a, b) => Number(!!b.terser?.internals) - Number(!!a.terser?.internals));
const codes = await Promise.all(renamed.map(bundle));
const counts = (await codeFacts(codes.join(';\n'))).props;

/** @type {[string, string][]} */
const drop = [];
for (const n of Object.keys(config.props)) {
  const why = refusal(n, facts, raw);
  if (why) drop.push([n, why]);
}
for (const [n, why] of drop) console.log(`drop ${n}: ${why}`);

const add = [...facts.declared]
  .filter((n) => !Object.hasOwn(config.props, n) && !config.unlisted?.[n] && !refusal(n, facts, raw))
  .map((n) => /** @type {[string, number]} */ ([n, (counts.get(n) || 0) * (n.length - 1)]))
  .filter(([, saves]) => saves >= MIN_SAVING)
  .sort((a, b) => b[1] - a[1]);
for (const [n, saves] of add) console.log(`add ${n}: about ${saves} B raw`);
if (!drop.length && !add.length) console.log('mangle.json is up to date');

if (write && (drop.length || add.length)) {
  for (const [n] of drop) delete config.props[n];
  const names = [...Object.keys(config.props), ...add.map(([n]) => n)].sort();
  const regex = nameRegex(names, config.internals);
  // Existing pins stay; new ones are named as terser would name them in popup.js, around Preact's internals (which
  // it renames there on every build, in the same order), then in the other bundles, never as a property of another.
  const cache = { props: { props: Object.fromEntries(Object.entries(config.props).map(([n, s]) => ['$' + n, s])) } };
  const [popup, ...others] = codes;
  for (const [code, rest] of [
    [popup, others.join(';\n')],
    [others.join(';\n'), popup],
  ]) {
    const reserved = [...(await codeFacts(rest)).props.keys()].filter((n) => !regex.test(n));
    await minify(code, { compress: false, mangle: { properties: { regex, reserved } }, nameCache: cache });
  }
  const pinned = /** @type {Record<string, string>} */ (cache.props.props);
  config.props = Object.fromEntries(names.map((n) => [n, pinned['$' + n]]));
  writeFileSync(join(root, 'mangle.json'), JSON.stringify(config, null, 2) + '\n');
  spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', 'mangle.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(`mangle.json: ${drop.length} dropped, ${add.length} added`);
}
