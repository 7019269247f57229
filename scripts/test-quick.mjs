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
// Nothing changed: say so in one line instead of Vitest's "no test files" and its globs.
const diff = spawnSync('git', ['diff', '--name-only', ...(ref ? [ref] : ['HEAD'])], { cwd: root, encoding: 'utf8' });
const untracked = spawnSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
if (diff.status === 0 && `${diff.stdout}${ref ? '' : untracked.stdout}`.trim() === '') {
  console.log(
    `test:quick: nothing changed since ${ref ?? 'the last commit'}, so no test to run (the whole suite: npm test)`,
  );
  process.exit(0);
}
const { status } = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
console.log(
  `test:quick: ${((Date.now() - started) / 1000).toFixed(1)} s for the tests this change touches (the whole suite: npm test)`,
);
process.exit(status ?? 1);
