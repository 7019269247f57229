// Builds the web app and the server when any of their sources is newer than the built output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time under the given paths, skipping node_modules and dist. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

const targets = [
  {
    workspace: '@nuvem/web',
    // Written last but one by the build (the server's render of the pages, after the browser's app).
    output: 'apps/web/dist-ssr/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.ssr.config.ts',
    ],
  },
  {
    workspace: '@nuvem/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs'],
  },
];

/** Returns true when everything is built and current; exits the process if a build fails. */
export function buildIfStale() {
  for (const { workspace, output, sources } of targets) {
    const target = join(root, output);
    const inputs = [...sources, 'packages/contracts/src', 'package-lock.json'];
    if (existsSync(target) && statSync(target).mtimeMs >= newest(inputs)) continue;
    console.log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
