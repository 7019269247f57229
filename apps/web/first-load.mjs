// What a visitor's browser downloads before a page answers them: the scripts and styles the built
// `index.html` names (its module script, its modulepreloads and its stylesheets: all that comes
// before the first paint of the server's HTML), plus the app that script fetches right after that
// paint to hydrate the page (`src/app/main.tsx` and every module it imports statically, from the
// build's manifest), in gzip bytes (level 9, as the server sends them). `node apps/web/first-load.mjs` prints the
// figure and fails when the JavaScript has grown past `size-budget.json` (npm test runs it after
// the build, so the first load cannot drift back up unnoticed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The files of `main.tsx` and its static imports, from the build's manifest (none without one). */
function hydrationFiles(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('src/app/main.tsx');
  return files;
}

/**
 * The files a page needs before it answers, their gzip sizes, JavaScript and CSS apart; `paint`
 * is the part `index.html` names (before the first paint).
 */
export function firstLoad(dist = join(here, 'dist')) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const size = (path) => ({ path, gzip: gzipSync(readFileSync(join(dist, path)), { level: 9 }).length });
  const files = [...new Set([...named, ...hydrationFiles(dist)])].map(size);
  const paintFiles = [...new Set(named)].map(size);
  const sum = (list, ext) => list.filter((f) => f.path.endsWith(ext)).reduce((total, f) => total + f.gzip, 0);
  return {
    files,
    js: sum(files, '.js'),
    css: sum(files, '.css'),
    paint: { js: sum(paintFiles, '.js'), css: sum(paintFiles, '.css') },
  };
}

/** The budget in gzip bytes; a change that grows the first load past it fails the check. */
export function budget() {
  return JSON.parse(readFileSync(join(here, 'size-budget.json'), 'utf8'));
}

/** Compares the built app with the budget; returns the problems (none when within it). */
export function checkFirstLoad(dist = join(here, 'dist')) {
  const { js, css, files } = firstLoad(dist);
  const limits = budget();
  const problems = [];
  if (js > limits.firstLoadJsGzip) {
    const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    problems.push(
      `first-load JavaScript is ${kb(js)} gzip, over its budget of ${kb(limits.firstLoadJsGzip)} (apps/web/size-budget.json); largest: ${largest.map((f) => `${f.path} ${kb(f.gzip)}`).join(', ')}`,
    );
  }
  if (css > limits.firstLoadCssGzip) {
    problems.push(`first-load CSS is ${kb(css)} gzip, over its budget of ${kb(limits.firstLoadCssGzip)}`);
  }
  return { js, css, problems };
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(join(here, 'dist', 'index.html'))) {
    console.error('apps/web/dist/index.html is missing: run `npm run build -w @nuvem/web` first');
    process.exit(1);
  }
  const { js, css, problems } = checkFirstLoad();
  const { paint } = firstLoad();
  const limits = budget();
  console.log(
    `first load: ${kb(js)} JavaScript (budget ${kb(limits.firstLoadJsGzip)}), ${kb(css)} CSS (budget ${kb(limits.firstLoadCssGzip)}), gzip; before the first paint: ${kb(paint.js)} JavaScript, ${kb(paint.css)} CSS`,
  );
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}
