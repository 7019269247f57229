import { fileURLToPath } from 'node:url';

// This file sits one level below apps/server both as source (src/) and bundled (dist/),
// so these addresses hold in development, tests and production alike.
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
