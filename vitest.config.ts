import { defineConfig } from 'vitest/config';

const serverTests = {
  root: 'apps/server',
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// The server's API tests (*.api.test.ts, *.security.test.ts) run once on PGlite and once more on
// PostgreSQL when TEST_DATABASE_URL names a server; unit tests run once; *.postgres.test.ts only on
// PostgreSQL (several instances sharing one database).
export default defineConfig({
  test: {
    projects: [
      'apps/web/vite.config.ts',
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          ...serverTests,
          name: 'server:pglite',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.postgres.test.ts'],
          env: { NUVEM_TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...serverTests,
                name: 'server:postgres',
                include: ['src/**/*.api.test.ts', 'src/**/*.security.test.ts', 'src/**/*.postgres.test.ts'],
                env: { NUVEM_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
