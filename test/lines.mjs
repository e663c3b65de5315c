// Lines at most 120 characters in every tracked source, test, bench and config file: Biome's formatter wraps code to
// 120 but leaves long strings, comments and Markdown-free text as they are, so this check covers what it cannot.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const files = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js', '*.css', '*.jsonc'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean);
let bad = 0;
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if (line.length > MAX) {
      bad++;
      if (bad <= 50) console.error(`${f}:${i + 1}: ${line.length} characters (at most ${MAX})`);
    }
  });
}
if (bad) {
  console.error(`${bad} line(s) longer than ${MAX} characters`);
  process.exit(1);
}
