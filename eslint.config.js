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

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty-pattern': 'off', // Playwright fixtures take ({}, use)
    },
  },
  prettier,
);
