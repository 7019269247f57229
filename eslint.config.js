// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const features = existsSync(`${web}/features`)
  ? readdirSync(`${web}/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Which server module owns each table (apps/server/src/db/schema/<file>.ts). Only the owner reads
// or writes it; other modules go through the owner's service (or a view it publishes for reading,
// as auth publishes `user_cards`). A new table file without an owner fails the lint.
const server = 'apps/server/src';
const tableOwners = {
  auth: [
    'users',
    'sessions',
    'oauth-accounts',
    'oauth-pending-links',
    'oauth-states',
    'meta',
    'account-tokens',
    'mfa-totp',
    'mfa-recovery-codes',
    'passkeys',
    'mfa-challenges',
  ],
  mail: ['mail-outbox'],
  applications: ['applications', 'api-keys', 'api-key-usage'],
  containers: ['containers', 'container-metrics', 'container-defaults'],
  profiles: [
    'profiles',
    'profile-avatars',
    'profile-education',
    'profile-experience',
    'profile-post-comments',
    'profile-post-impressions',
    'profile-post-likes',
    'profile-posts',
    'profile-skills',
    'profile-views',
    'follows',
    'connections',
    'skill-endorsements',
  ],
  programme: ['programme-enquiries'],
  events: [
    'events',
    'event-categories',
    'event-organisers',
    'event-venues',
    'event-ticket-types',
    'event-registrations',
  ],
  'ai-security': ['ai-security-events', 'ai-security-reports'],
  billing: [
    'billing-coupons',
    'billing-orders',
    'billing-subscriptions',
    'billing-ledger',
    'billing-webhook-events',
    'billing-token-usage',
    'billing-customers',
    'billing-invoices',
  ],
  workflows: [
    'workflow-flows',
    'workflow-executions',
    'workflow-execution-steps',
    'workflow-agent-stats',
    'workflow-knowledge',
  ],
  orgs: ['workspaces', 'workspace-members', 'workspace-invitations', 'audit-events'],
};
/** Views a module publishes for every module to read. */
const publishedViews = ['user-cards', 'user-plans'];
const schemaFiles = readdirSync(`${server}/db/schema`)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''));
const owned = new Set([...Object.values(tableOwners).flat(), ...publishedViews]);
const ownerless = schemaFiles.filter((file) => !owned.has(file));
if (ownerless.length > 0) {
  throw new Error(`eslint.config.js: give each table an owning module in tableOwners: ${ownerless.join(', ')}`);
}
const modules = readdirSync(`${server}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const tableZones = modules.map((module) => ({
  target: `./${server}/modules/${module}`,
  from: schemaFiles
    .filter((file) => !publishedViews.includes(file) && !(tableOwners[module] ?? []).includes(file))
    .map((file) => `./${server}/db/schema/${file}.ts`),
  message: `Only the owning module reads its tables: ask that module's service (see tableOwners in eslint.config.js).`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.data/**',
      '.test-results/**',
      '**/db/migrations/**',
      '**/fixtures/web-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and route handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'import/no-duplicates': 'error',
      'import/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way imports (CONVENTIONS.md): app -> features -> components/lib/config; features never
      // import each other or app; shared code never imports features or app.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${web}/features/${feature}`,
              from: `./${web}/features`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in app/.',
            })),
            { target: `./${web}/features`, from: `./${web}/app`, message: 'Features do not import app/.' },
            {
              target: [`./${web}/components`, `./${web}/lib`, `./${web}/config`, `./${web}/testing`],
              from: [`./${web}/features`],
              message: 'Shared code does not import features.',
            },
            {
              target: [`./${web}/components`, `./${web}/lib`, `./${web}/config`],
              from: [`./${web}/app`],
              message: 'Shared code does not import app/.',
            },
          ],
        },
      ],
      // No barrel files in the web app: they defeat code splitting.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel re-exports in the web app: import from the file itself.',
        },
      ],
    },
  },
  {
    // Server modules: only the owning module reads its tables; shared plugins and libraries read none.
    files: [`${server}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...tableZones,
            {
              target: [`./${server}/plugins`, `./${server}/lib`],
              from: `./${server}/db/schema`,
              message: 'Shared plugins and libraries read no table: the owning module does.',
            },
          ],
        },
      ],
    },
  },
  {
    // routes -> service -> repository: in modules and shared libraries only a repository holds SQL,
    // so scoping a query (to a workspace, a tenant) is one change per module.
    files: [`${server}/modules/**/*.ts`, `${server}/lib/**/*.ts`],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.testing.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/client*', '**/db/schema/*', '**/db/tables*'],
              message: 'Only a *.repository.ts file talks to the database: add a repository function and call it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty-pattern': 'off', // Playwright fixtures take ({}, use)
    },
  },
  prettier,
);
