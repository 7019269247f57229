// `npm run test:quick [-- <git ref>]`: the fast loop while changing code. Runs the Vitest files
// that a change touches (the test files changed, and those importing a changed file, through
// Vitest's module graph): unit, web and PGlite API tests; not PostgreSQL, not the browser. With no
// ref it looks at uncommitted changes; with one (`main`, `HEAD~1`) at everything since it.
// `npm test` stays the whole suite.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ref = process.argv[2];
const started = Date.now();
const args = [
  'vitest',
  'run',
  ref ? `--changed=${ref}` : '--changed',
  '--passWithNoTests',
  '--project=web',
  '--project=contracts',
  '--project=server:pglite',
];
const { status } = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
console.log(`test:quick: ${((Date.now() - started) / 1000).toFixed(1)} s (the whole suite: npm test)`);
process.exit(status ?? 1);
