import { defineConfig } from 'vitest/config';

const serverTests = {
  root: 'apps/server',
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Migrates one database per run; each API file starts from a copy of it.
  globalSetup: ['src/test/global-setup.testing.ts'],
  // A worker keeps the modules it imported for its next file (about 4 s of imports per API file
  // otherwise). The server's tests share no state through modules: each builds its own app on its
  // own database, and none mocks a module, stubs the environment or fakes timers.
  isolate: false,
};

// The server's API tests (*.api.test.ts, *.security.test.ts) run once on PGlite and once more on
// PostgreSQL when TEST_DATABASE_URL names a server; unit tests run once; *.postgres.test.ts only on
// PostgreSQL (several instances sharing one database).
export default defineConfig({
  test: {
    // Both cores: Vitest's default (cores minus one) ran every file one after another here.
    maxWorkers: 2,
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
