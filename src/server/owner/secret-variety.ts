/**
 * Whether an owner secret has the variety of one made at random (docs/decisions/owner-sessions.md). Length alone let
 * `aaaaaaaaaaaaaaaa` and `1234567890123456` open production's owner pages: a guesser tries such secrets first. These
 * rules refuse what a person types instead of generating: few different characters, a short pattern repeated, runs
 * (`1234`, `abcd`, `aaaa`). A random secret passes: `openssl rand -hex 24` (48 hex digits) or base64 of random bytes
 * fails them with a chance far below one in a billion (test/unit/owner-secret-variety.test.ts counts it).
 */

/** Fewest different characters a secret may have: hex output has up to 16, a typed word repeated a handful. */
export const SECRET_MIN_DISTINCT = 8;

/**
 * Code points of `s`, lower-cased for runs: `AbCd` is as guessable as `abcd`. Characters beyond the basic plane
 * count once.
 */
const codes = (s: string): number[] => Array.from(s.toLowerCase(), (c) => c.codePointAt(0) as number);

/** The shortest `p` (at most half the length) such that `s` is its first `p` characters repeated, else 0. */
const period = (cs: readonly number[]): number => {
  for (let p = 1; p <= cs.length / 2; p++) if (cs.every((c, i) => i < p || c === cs[i - p])) return p;
  return 0;
};

/**
 * How many characters lie in runs of three or more where each step is the same: +1 (`1234`, `abcd`), -1 (`dcba`)
 * or 0 (`aaaa`). Two runs may share the character where one turns into the other (`12321`): it counts once.
 */
const inRuns = (cs: readonly number[]): number => {
  const marked = new Uint8Array(cs.length);
  let start = 0;
  let step = 0;
  const close = (end: number) => {
    if (end - start >= 3) marked.fill(1, start, end);
  };
  for (let i = 1; i < cs.length; i++) {
    const d = cs[i] - cs[i - 1];
    if (Math.abs(d) <= 1 && (i - start === 1 || d === step)) {
      step = d;
      continue;
    }
    close(i);
    // The step that ended a run may begin the next one, from the run's last character.
    start = Math.abs(d) <= 1 ? i - 1 : i;
    step = d;
  }
  close(cs.length);
  return marked.reduce((n, m) => n + m, 0);
};

/**
 * Why `secret` is guessable, as a phrase for the start error ('it has only 3 different characters'), or null when it
 * has the variety of a random secret.
 */
export const secretWeakness = (secret: string): string | null => {
  const chars = Array.from(secret);
  const distinct = new Set(chars).size;
  if (distinct < SECRET_MIN_DISTINCT)
    return `it has only ${distinct} different character${distinct === 1 ? '' : 's'} (at least ${SECRET_MIN_DISTINCT})`;
  const cs = codes(secret);
  if (period(cs)) return 'it is a short pattern repeated';
  if (2 * inRuns(cs) >= cs.length) return 'it is mostly runs such as 1234, abcd or aaaa';
  return null;
};
