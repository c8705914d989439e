import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webLayers } from './scripts/eslint/web-layers.js';

// Decision 023 (docs/decisions/023-data-access.md): a server feature's SQL lives in its queries.ts (or
// queries-<topic>.ts beside it), and what several features share in apps/server/src/db/; services, routes and the
// rest call those functions. Every feature follows it (issue 34), so the rule covers them all.

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/web/public/mockServiceWorker.js',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, outing: webLayers },
    rules: { ...reactHooks.configs.recommended.rules, 'outing/web-layers': 'error' },
  },
  { files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'], rules: { 'no-console': 'off' } },
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/queries.ts', '**/queries-*.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message:
            "SQL goes in the feature's queries.ts (or queries-<topic>.ts), rows read through db/rows.ts: decision 023.",
        },
      ],
    },
  },
  {
    // No query builder (decision 023): no table objects to build statements from, tests included. The migrations
    // are the one description of the tables; db/ holds what the queries share (the pool, the prepared runner).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.js', '**/db/schema.ts'],
              message: 'No table schema outside apps/server/src/db/: SQL in sql templates (decision 023).',
            },
          ],
          paths: [
            {
              name: 'drizzle-orm/pg-core',
              message: "drizzle's table and query-builder helpers are not used outside db/: decision 023.",
            },
            {
              name: 'drizzle-orm',
              importNames: [
                'eq',
                'ne',
                'and',
                'or',
                'not',
                'inArray',
                'gt',
                'gte',
                'lt',
                'lte',
                'isNull',
                'isNotNull',
                'asc',
                'desc',
              ],
              message:
                "drizzle's query-builder operators are not used: write the condition in the sql template (decision 023).",
            },
          ],
        },
      ],
    },
  },
);
