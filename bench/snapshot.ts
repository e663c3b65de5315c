/**
 * A copy of the build under .cache/<name>/, taken once the script's own build is done: others rebuilding dist/ while
 * a bench or gallery runs (a rebuild empties it for a moment) cannot break a page load. The provider's server bundle
 * and the blog's content are copied beside it; the server finds node_modules from there, and the copied dist/ and
 * content/ next to its folder, as in the project.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where the copies are: the content host and the server bundle. */
export interface Snapshot {
  dist: string;
  server: string;
}

/** Copies dist/, dist-node/main.mjs and content/ of `root` to `root`/.cache/`name`/. */
export function snapshot(root: string, name: string): Snapshot {
  const base = join(root, '.cache', name);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(join(base, 'dist-node'), { recursive: true });
  cpSync(join(root, 'dist'), join(base, 'dist'), { recursive: true });
  cpSync(join(root, 'content'), join(base, 'content'), { recursive: true });
  cpSync(join(root, 'dist-node/main.mjs'), join(base, 'dist-node/main.mjs'));
  return { dist: join(base, 'dist'), server: join(base, 'dist-node/main.mjs') };
}
