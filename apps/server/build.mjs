// Bundles the server into dist/server.js. npm packages stay external (node_modules resolves them);
// the workspace contracts package is TypeScript source, so it is bundled in.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@nuvem/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/db/migrations', { recursive: true });
console.log('server built: apps/server/dist/server.js');
