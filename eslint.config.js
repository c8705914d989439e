import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webLayers } from './scripts/eslint/web-layers.js';

// Decision 023 (docs/decisions/023-data-access.md): a server feature's SQL lives in its queries.ts (or
// queries-<topic>.ts beside it), and what several features share in apps/server/src/db/; services, routes and the
// rest call those functions. The features whose SQL has moved: the rule is an error there.
const SQL_IN_QUERIES = [
  'account',
  'auth',
  'bills',
  'calendar',
  'chat',
  'notifications',
  'payments',
  'pictures',
  'polls',
  'preview',
  'push',
  'reminders',
  'rooms',
  'system',
  'users',
  'venues',
];
// Next to move their `sql` templates into queries*.ts (issue 34), then to join the list above: none left. Every
// feature is in it, so the rule can cover apps/server/src/features/** as a whole.
/** @type {string[]} */
export const SQL_TO_MOVE = [];

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
    files: SQL_IN_QUERIES.map((feature) => `apps/server/src/features/${feature}/**/*.ts`),
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
);
