// After `vite build`: writes .br and .gz beside each text asset, so the server sends them
// precompressed (no compression work per request).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('./dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

let count = 0;
for await (const path of files(dist)) {
  if ((await stat(path)).size < 1024) continue;
  const content = await readFile(path);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(content, { level: 9 });
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
  count += 1;
}
console.log(`compressed ${count} assets (.br, .gz)`);
