/**
 * How much the property and fuzz tests draw (issue 34 item 6). `npm test` draws fewer random cases from a fixed seed,
 * so it is quick and the same on every run; each of those suites checks that its smaller draw still reaches every kind
 * of case (every payload, every settings key, every field type). FUZZ_FULL=1 draws the full numbers from a new seed
 * each run: `npm run fuzz`, which `npm run bench` runs. A failure prints its seed; FUZZ_SEED=<n> replays it.
 */

/** The full draw: FUZZ_FULL=1. */
export const FUZZ_FULL = process.env.FUZZ_FULL === '1';

/** The default run's seed: any fixed number; the cases it draws are checked for reach, not chosen by hand. */
const FIXED_SEED = 3406;

/** The seed of this run: FUZZ_SEED, else the fixed one, else (FUZZ_FULL) a new one. */
export const FUZZ_SEED: number =
  Number(process.env.FUZZ_SEED) || (FUZZ_FULL ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : FIXED_SEED);

/** `full` cases under FUZZ_FULL, else `quick`. */
export const draws = (full: number, quick: number): number => (FUZZ_FULL ? full : quick);

/** fast-check's options for a property: this run's seed and number of cases. */
export const fuzzOptions = (full: number, quick: number): { seed: number; numRuns: number } => ({
  seed: FUZZ_SEED,
  numRuns: draws(full, quick),
});

/**
 * Throws unless a draw reached every one of `kinds` (`seen` holds what it reached): the default run's smaller draw
 * must still cover every kind of case the full one does.
 */
export function reached(seen: Iterable<unknown>, kinds: readonly string[], what: string): void {
  const got = new Set([...seen].map(String));
  const missing = kinds.filter((k) => !got.has(k));
  if (missing.length) throw Error(`the draw (seed ${FUZZ_SEED}) never reached these ${what}: ${missing.join(', ')}`);
}
